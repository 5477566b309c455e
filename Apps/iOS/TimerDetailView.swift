import SwiftUI
import TgtAppModel
import TgtDomain

/// One timer: the ring and the time in its color, PAUSED / DONE, the main button, reset and
/// +1 min, the completion message's state, to-dos with checkboxes, and notes. Each control
/// plays the haptic the model decides.
struct TimerDetailView: View {
    let app: AppModel
    @State var model: TimerDetailModel
    @State private var newTodo = ""
    @State private var notes = ""
    @State private var editor: TimerEditorModel?

    init(app: AppModel, model: TimerDetailModel) {
        self.app = app
        _model = State(initialValue: model)
        _notes = State(initialValue: model.timer.notes)
    }

    var body: some View {
        List {
            Section {
                TimelineView(.periodic(from: .now, by: 0.25)) { context in
                    TimerRing(progress: model.progress(at: context.date), color: Color(timerHex: model.timer.color.rawValue)) {
                        VStack {
                            Text(verbatim: model.timeText(at: context.date)).font(.system(size: 48, weight: .light).monospacedDigit())
                            if let label = model.label { Text(label).font(.caption.bold()).foregroundStyle(.secondary) }
                        }
                    }
                    .frame(maxWidth: .infinity)
                    .onChange(of: context.date) { _, now in model.tick(at: now) }
                }
                controls
                if let error = model.error { Text(error).foregroundStyle(.red) }
            }
            if !model.completionStatus.isEmpty {
                Section {
                    ForEach(model.completionStatus) { status in
                        LabeledContent { Text(status.state) } label: { Text(verbatim: status.target) }
                    }
                } header: { Text(AppText.label(.timerCompletion)) }
            }
            todos
            Section {
                TextEditor(text: $notes).frame(minHeight: 120)
                    .task(id: notes) {
                        // Saved a second after the last keystroke, not on every one.
                        guard notes != model.timer.notes, (try? await Task.sleep(for: .seconds(1))) != nil else { return }
                        model.setNotes(notes)
                    }
            } header: { Text(AppText.label(.timerNotes)) }
        }
        .navigationTitle(Text(verbatim: model.timer.name))
        .toolbar {
            Button { editor = app.timerEditor(for: model.timer) } label: { Text(AppText.label(.edit)) }
        }
        .sheet(item: $editor) { editor in NavigationStack { TimerEditorView(model: editor) } }
        .sensoryFeedback(trigger: model.haptic) { _, haptic in haptic.map(Self.feedback) }
    }

    private var controls: some View {
        HStack {
            Button { model.reset() } label: { Text(model.resetTitle) }
                .buttonStyle(.bordered).disabled(!model.canReset)
            Spacer()
            Button { model.tapPrimary() } label: { Text(model.primary.title).frame(minWidth: 110) }
                .buttonStyle(.borderedProminent).tint(Color(timerHex: model.timer.color.rawValue))
            Spacer()
            Button { model.extend() } label: { Text(model.extendTitle) }
                .buttonStyle(.bordered).disabled(!model.canExtend)
        }
    }

    private var todos: some View {
        Section {
            ForEach(model.timer.todos) { todo in
                Button { model.toggleTodo(todo.id) } label: {
                    Label { Text(verbatim: todo.text).strikethrough(todo.done) } icon: {
                        Image(systemName: todo.done ? "checkmark.circle.fill" : "circle")
                    }
                }
                .buttonStyle(.plain)
                .accessibilityAddTraits(todo.done ? .isSelected : [])
            }
            .onDelete { offsets in
                for index in offsets where model.timer.todos.indices.contains(index) { model.deleteTodo(model.timer.todos[index].id) }
            }
            .onMove { model.moveTodos(fromOffsets: $0, toOffset: $1) }
            TextField(AppText.label(.addTodo).localized, text: $newTodo)
                .onSubmit {
                    guard !newTodo.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
                    model.addTodo(newTodo)
                    newTodo = ""
                }
        } header: { Text(AppText.label(.timerTodos)) }
    }

    /// What the phone plays (`.start` and `.stop` play only on watchOS: the iPhone would stay still).
    static func feedback(_ haptic: TimerDetailModel.Haptic) -> SensoryFeedback {
        switch haptic {
        case .start, .resume: .impact(weight: .heavy)
        case .pause: .impact(weight: .medium)
        case .reset, .extend: .impact(weight: .light)
        case .complete: .success
        case .toggleTodo: .selection
        }
    }
}

/// A ring filled to `progress` in the timer's color, around `content`.
struct TimerRing<Content: View>: View {
    let progress: Double
    let color: Color
    @ViewBuilder let content: () -> Content

    var body: some View {
        ZStack {
            Circle().stroke(color.opacity(0.2), lineWidth: 14)
            Circle().trim(from: 0, to: progress).stroke(color, style: StrokeStyle(lineWidth: 14, lineCap: .round))
                .rotationEffect(.degrees(-90))
            content()
        }
        .frame(width: 240, height: 240)
        .padding(.vertical)
    }
}
