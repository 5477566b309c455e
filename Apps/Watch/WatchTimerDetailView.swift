import SwiftUI
import TgtDomain
import TgtTimerSync

/// One timer: ring and time, the controls that apply (main one first, +1 min, reset), to-dos
/// with checkboxes, and the notes.
struct WatchTimerDetailView: View {
    let store: WatchTimerStore
    let timerID: UUID

    var body: some View {
        if let timer = store.timer(id: timerID) {
            List {
                Section {
                    ring(timer).frame(maxWidth: .infinity)
                    ForEach(TimerControl.available(for: timer.state), id: \.self) { control in
                        Button { store.control(control, timer.id) } label: {
                            Label { Text(verbatim: WatchText.title(control)) } icon: { Image(systemName: control.symbol) }
                        }
                        .tint(Color(timerHex: timer.color.rawValue))
                    }
                }
                if !timer.todos.isEmpty {
                    Section {
                        ForEach(timer.todos) { todo in
                            Button { store.toggleTodo(todo.id, of: timer.id) } label: {
                                Label { Text(verbatim: todo.text).strikethrough(todo.done) } icon: {
                                    Image(systemName: todo.done ? "checkmark.circle.fill" : "circle")
                                }
                            }
                            .accessibilityAddTraits(todo.done ? .isSelected : [])
                        }
                    } header: { Text(verbatim: WatchText.todos) }
                }
                if !timer.notes.isEmpty {
                    Section { Text(verbatim: timer.notes).font(.footnote) } header: { Text(verbatim: WatchText.notes) }
                }
            }
            .navigationTitle(Text(verbatim: timer.name))
        } else {
            // Deleted on the phone while open.
            ContentUnavailableView { Label { Text(verbatim: WatchText.empty) } icon: { Image(systemName: "timer") } }
        }
    }

    private func ring(_ timer: CountdownTimer) -> some View {
        ZStack {
            if let endsAt = timer.endsAt, endsAt > Date() {
                ProgressView(timerInterval: endsAt.addingTimeInterval(-Double(timer.duration.seconds))...endsAt, countsDown: false) {
                    EmptyView()
                } currentValueLabel: { EmptyView() }
                .progressViewStyle(.circular)
            } else {
                ProgressView(value: timer.progress(at: Date())).progressViewStyle(.circular)
            }
            WatchTimerClock(timer: timer).font(.title2.monospacedDigit())
        }
        .tint(Color(timerHex: timer.color.rawValue))
        .padding(.vertical, 4)
    }
}
