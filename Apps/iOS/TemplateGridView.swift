import SwiftUI
import TgtAppModel
import TgtDomain
import UIKit

/// The main grid of one-tap buttons, with chips, search, empty state and error banner.
struct TemplateGridView: View {
    let app: AppModel
    @Bindable var model: TemplateListModel
    @State private var editing: EditorModel?
    @State private var repeating: RepeatEditorModel?
    @State private var followingUp: FollowUpEditorModel?
    @State private var asking: Template?
    @State private var values: [String: String] = [:]
    @State private var composing: ComposeRequest?
    @Environment(\.openURL) private var openURL

    private let columns = [GridItem(.adaptive(minimum: 150), spacing: 12)]

    var body: some View {
        ScrollView {
            if let error = model.loadError {
                HStack {
                    Text(error)
                    Spacer()
                    Button(AppText.label(.retry).localized) { model.reload() }
                }
                .padding()
                .background(.red.opacity(0.15), in: RoundedRectangle(cornerRadius: 12))
                .padding(.horizontal)
            }
            chips
            if let empty = model.emptyText {
                ContentUnavailableView {
                    Label { Text(empty.title) } icon: { Image(systemName: "square.grid.2x2") }
                } description: {
                    if let body = empty.body { Text(body) }
                }
            }
            LazyVGrid(columns: columns, spacing: 12) {
                ForEach(model.visible) { template in
                    TemplateTile(template: template, state: model.state(of: template.id), undo: { model.undo(template.id) }) {
                        Task { await tap(template) }
                    }
                    .contextMenu {
                        Button(AppText.label(.edit).localized) { editing = app.editor(for: template) }
                        Button(AppText.label(.duplicate).localized) { model.duplicate(template) }
                        if template.kind == .telegram {
                            Button(AppText.label(.repeatTemplate).localized) { repeating = app.repeatEditor(for: template) }
                        }
                        if app.followUps.canFollowUp(template.id) {
                            Button(AppText.label(.followUp).localized) { followingUp = app.followUpEditor(for: template) }
                        }
                        Button(AppText.label(.delete).localized, role: .destructive) { model.requestDelete(template) }
                    }
                    .draggable(template.id.uuidString)
                    .dropDestination(for: String.self) { items, _ in drop(items, onto: template) }
                }
            }
            .padding()
        }
        .searchable(text: $model.search, prompt: AppText.label(.searchTemplates).localized)
        .navigationTitle(AppText.label(.listTitle).localized)
        .toolbar {
            NavigationLink { SeriesListView(model: app.series) } label: { Image(systemName: "repeat") }
                .accessibilityLabel(Text(AppText.label(.repeating)))
            NavigationLink { FollowUpListView(model: app.followUps) } label: { Image(systemName: "bell.badge") }
                .accessibilityLabel(Text(AppText.label(.followUps)))
            Button { editing = app.editor(for: nil) } label: { Image(systemName: "plus") }
                .accessibilityLabel(Text(AppText.label(.newTemplate)))
        }
        .sheet(item: $editing) { editor in EditorView(model: editor) }
        .sheet(item: $repeating) { editor in NavigationStack { RepeatSheet(model: editor) } }
        .sheet(item: $followingUp) { editor in NavigationStack { FollowUpSheet(model: editor) } }
        .confirmationDialog(model.deleteConfirmation?.title.localized ?? "", isPresented: Binding(
            get: { model.pendingDelete != nil }, set: { if !$0 { model.cancelDelete() } }), titleVisibility: .visible
        ) {
            Button(model.deleteConfirmation?.confirm.localized ?? "", role: .destructive) { model.confirmDelete() }
        } message: {
            if let body = model.deleteConfirmation?.body { Text(body) }
        }
        .sheet(item: $asking, onDismiss: { if composing == nil { values = [:] } }) { template in
            VariablesSheet(title: template.name, variables: model.variablesNeeded(for: template), values: $values) {
                asking = nil
                Task { await tap(template) }
            }
        }
        .sheet(item: $composing) { request in
            ComposeSheet(route: request.route) { result in
                model.finishCompose(request, result: result)
                composing = nil
            }
        }
        .task { model.composeCapabilities = ComposeSheet.capabilities }
        .refreshable { model.reload() }
    }

    private var chips: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            HStack {
                ForEach(model.kindChips) { chip in
                    Button {
                        model.selectedKind = model.selectedKind == chip.kind ? nil : chip.kind
                    } label: {
                        Text(verbatim: "\(chip.title.localized) \(chip.count)")
                            .padding(.horizontal, 12).frame(minHeight: 44)
                    }
                    .buttonStyle(.bordered)
                    .tint(model.selectedKind == chip.kind ? .accentColor : .secondary)
                }
                ForEach(model.chips) { chip in
                    Button {
                        model.selectedChat = chip.chatID
                    } label: {
                        Text(verbatim: "\(chip.title.localized) \(chip.count)")
                            .padding(.horizontal, 12).frame(minHeight: 44)
                    }
                    .buttonStyle(.bordered)
                    .tint(model.selectedChat == chip.chatID ? .accentColor : .secondary)
                }
            }
            .padding(.horizontal)
        }
    }

    private func tap(_ template: Template) async {
        UIImpactFeedbackGenerator(style: .medium).impactOccurred()
        switch await model.send(template, values: values) {
        case .needsValues: asking = template
        case .queued:
            asking = nil
            values = [:]
        case .compose(let request):
            values = [:]
            if case .openLink(let url) = request.route {
                openURL(url) { accepted in model.finishCompose(request, result: accepted ? .handedOver : .failed(url.absoluteString)) }
            } else {
                composing = request
            }
        case .failed: UINotificationFeedbackGenerator().notificationOccurred(.error)
        }
    }

    /// A tile dragged onto another: the dragged one takes its place.
    private func drop(_ items: [String], onto template: Template) -> Bool {
        guard let id = items.first.flatMap(UUID.init(uuidString:)),
            let from = model.templates.firstIndex(where: { $0.id == id }),
            let to = model.templates.firstIndex(where: { $0.id == template.id })
        else { return false }
        model.move(fromOffsets: IndexSet(integer: from), toOffset: to > from ? to + 1 : to)
        return true
    }
}

/// One big button: icon, name, targets, and its send state; while its send waits out the
/// undo hold, a countdown and an Undo button beside it.
struct TemplateTile: View {
    let template: Template
    let state: SendState
    let undo: @MainActor () -> Void
    let action: @MainActor () -> Void

    var body: some View {
        Button(action: action) {
            VStack(alignment: .leading, spacing: 8) {
                HStack {
                    Image(systemName: template.icon.symbolName).font(.title2)
                    Spacer()
                    badge
                }
                Text(template.name).font(.headline).multilineTextAlignment(.leading)
                Text(verbatim: template.kind.usesTargets ? template.targets.map(\.displayName).joined(separator: ", ")
                    : ([template.kind.label] + template.to).joined(separator: " · "))
                    .font(.caption).foregroundStyle(.secondary).lineLimit(2)
                results
            }
            .frame(maxWidth: .infinity, minHeight: 110, alignment: .topLeading)
            .padding()
            .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 16))
        }
        .buttonStyle(.plain)
        .disabled(state.isBusy)
        .accessibilityElement(children: .combine)
        .accessibilityHint(Text(AppText.label(.send)))
        .overlay(alignment: .bottomTrailing) {
            if case .held = state {
                Button(AppText.label(.undo).localized, action: undo)
                    .buttonStyle(.borderedProminent)
                    .padding(8)
            }
        }
    }

    @ViewBuilder private var badge: some View {
        switch state {
        case .idle: EmptyView()
        case .queued, .sending: ProgressView()
        case .held: Image(systemName: "hourglass").foregroundStyle(.tint)
        case .undone: Image(systemName: "arrow.uturn.backward").foregroundStyle(.secondary)
        case .sent: Image(systemName: "checkmark.circle.fill").foregroundStyle(.green)
                .accessibilityLabel(Text(AppText.label(.sent)))
        case .failed: Image(systemName: "exclamationmark.triangle.fill").foregroundStyle(.red)
        }
    }

    @ViewBuilder private var results: some View {
        switch state {
        case .sending(let targets), .failed(let targets, _):
            ForEach(targets) { target in
                Text(verbatim: target.detail.map { "\(target.title): \($0)" } ?? target.title)
                    .font(.caption2)
                    .foregroundStyle(target.status == .failed ? .red : .secondary)
            }
            if case .failed(_, let notice?) = state { Text(notice).font(.caption2).foregroundStyle(.red) }
        case .sent(let notice?):
            Text(notice).font(.caption2)
        case .queued:
            Text(AppText.label(.queued)).font(.caption2)
        case .held:
            // The seconds left, redrawn each second.
            TimelineView(.periodic(from: .now, by: 1)) { context in
                if let text = state.heldText(at: context.date) { Text(text).font(.caption.bold()) }
            }
        case .undone:
            Text(AppText.label(.undone)).font(.caption2)
        default:
            EmptyView()
        }
    }
}
