import Foundation
import Observation
import TgtApplication
import TgtDomain

/// The main grid: templates in the user's order, filter chips with counts, search, empty state,
/// an error banner with retry, each template's send state, and edit / duplicate / delete (with
/// confirmation) / reorder.
@Observable @MainActor
public final class TemplateListModel {
    /// A filter chip: all templates, or those posting to one chat.
    public struct Chip: Sendable, Equatable, Identifiable {
        public var chatID: Int64?
        public var title: AppText
        public var count: Int
        public var id: String { chatID.map(String.init) ?? "all" }
    }

    /// What a tap asks of the screen.
    public enum TapResult: Sendable, Equatable {
        /// The template uses custom variables: ask for these, then call `send(_:values:)` again.
        case needsValues([String])
        /// Queued; it goes out now, or once Telegram is logged in.
        case queued
        /// An email, text message or X template: present this draft (compose sheet or link),
        /// then report how it ended with `finishCompose(_:result:)`.
        case compose(ComposeRequest)
        case failed(AppText)
    }

    /// A kind chip, shown once templates of more than one kind exist.
    public struct KindChip: Sendable, Equatable, Identifiable {
        public var kind: TemplateKind
        public var title: AppText
        public var count: Int
        public var id: String { kind.rawValue }
    }

    public private(set) var templates: [Template] = []
    public private(set) var chips: [Chip] = []
    /// The chip in use (nil: all).
    public var selectedChat: Int64?
    public private(set) var kindChips: [KindChip] = []
    /// The kind chip in use (nil: all kinds).
    public var selectedKind: TemplateKind?
    public var search = ""
    /// What this device can do with drafts (the shell sets it at launch).
    public var composeCapabilities = ComposeCapabilities(canSendMail: false, canSendText: false, canOpenMailLinks: false)
    public private(set) var loadError: AppText?
    public private(set) var sendStates: [UUID: SendState] = [:]
    /// The template waiting for delete confirmation.
    public private(set) var pendingDelete: Template?

    @ObservationIgnored let workspace: Workspace
    @ObservationIgnored var enqueue: (UUID, [String: String]) async throws(StoreError) -> Void = { _, _ throws(StoreError) in }
    /// Takes back a held send (the app model's `undo(batchID:)`).
    @ObservationIgnored var undoHeld: (UUID) -> Void = { _ in }
    @ObservationIgnored var changed: () -> Void = {}
    @ObservationIgnored var sentDisplayDuration: Double = 1.5
    /// What the ✓'s display time runs on.
    var clock: any AppClock { workspace.clock }

    init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// The templates the chip and search leave, in grid order.
    public var visible: [Template] {
        templates.filter { template in
            (selectedChat.map { chat in template.targets.contains { $0.chatID == chat } } ?? true)
                && (selectedKind.map { template.kind == $0 } ?? true) && template.matches(search: search)
        }
    }

    /// The empty state: no templates at all (with how to start), or none matching.
    public var emptyText: (title: AppText, body: AppText?)? {
        guard loadError == nil else { return nil }
        if templates.isEmpty { return (AppText("list.empty.title"), AppText("list.empty.body")) }
        if let selectedKind, search.isEmpty, selectedChat == nil, !templates.contains(where: { $0.kind == selectedKind }) {
            return (AppText("list.empty.kind", selectedKind.label), nil)
        }
        if visible.isEmpty { return (AppText("list.noMatch", search), nil) }
        return nil
    }

    public func state(of id: UUID) -> SendState { sendStates[id] ?? .idle }

    /// Reads the templates again (as the store changes, or from the error banner's retry).
    public func reload() {
        do {
            let stored = try workspace.templates().all()
            loadError = nil
            show(stored)
        } catch {
            loadError = AppText("list.loadFailed", error.message)
            show(templates)
        }
    }

    /// Shows `list` with its chat and kind chips.
    private func show(_ list: [Template]) {
        templates = list
        let groups = TemplateGroup.groups(of: templates)
        chips = [Chip(chatID: nil, title: AppText("list.filter.all"), count: templates.count)]
            + groups.map { Chip(chatID: $0.chatID, title: .verbatim($0.title), count: $0.count) }
        if let selectedChat, !groups.contains(where: { $0.chatID == selectedChat }) { self.selectedChat = nil }
        var counts: [TemplateKind: Int] = [:]
        for template in templates { counts[template.kind, default: 0] += 1 }
        kindChips = counts.count > 1
            ? TemplateKind.allCases.compactMap { kind in counts[kind].map { KindChip(kind: kind, title: .verbatim(kind.label), count: $0) } }
            : []
    }

    /// The custom variables a tap asks for (built-ins are filled in by themselves).
    public func valuesNeeded(for template: Template) -> [String] {
        variablesNeeded(for: template).map(\.name)
    }

    /// The same with how to ask: a text field (its default filled in) or a picker.
    public func variablesNeeded(for template: Template) -> [TemplateVariable] {
        (try? template.variables()) ?? []
    }

    /// One tap: asks for custom values when needed (a variable with a default is only asked
    /// for when the dialog is shown anyway; a choice must be one of its list), then queues the
    /// Telegram send, or prepares the draft of an email, text message or X template.
    @discardableResult
    public func send(_ template: Template, values: [String: String] = [:]) async -> TapResult {
        guard !state(of: template.id).isBusy else { return .queued }
        let variables = variablesNeeded(for: template)
        let missing = variables.filter { variable in
            let given = values[variable.name] ?? ""
            if variable.kind == .choice { return !variable.choices.contains(given) }
            return variable.defaultValue == nil && given.trimmingCharacters(in: .whitespaces).isEmpty
        }
        if !missing.isEmpty { return .needsValues(variables.map(\.name)) }
        if template.kind.isDraft { return compose(template, values: values) }
        sendStates[template.id] = .queued
        do {
            try await enqueue(template.id, values)
            return .queued
        } catch {
            let text = AppText.failure(error)
            sendStates[template.id] = .failed([], notice: text)
            return .failed(text)
        }
    }

    /// Renders the draft and decides how this device hands it over.
    private func compose(_ template: Template, values: [String: String]) -> TapResult {
        let draft: Draft
        do {
            // The map link of a draft uses the default location from Settings.
            draft = try workspace.drafts.prepare(SendOrder(templateID: template.id, variables: values)).draft
        } catch {
            let text = AppText.failure(error)
            sendStates[template.id] = .failed([], notice: text)
            return .failed(text)
        }
        let route = ComposeRoute.route(for: draft, capabilities: composeCapabilities)
        if case .unavailable(let why) = route {
            sendStates[template.id] = .failed([], notice: why)
            return .failed(why)
        }
        return .compose(ComposeRequest(template: template, draft: draft, route: route))
    }

    /// How the compose sheet or link ended: handed over is logged (never as sent); a cancel
    /// leaves no trace.
    public func finishCompose(_ request: ComposeRequest, result: ComposeResult) {
        switch result {
        case .handedOver:
            do {
                try workspace.drafts.record(request.draft, of: request.template)
                sendStates[request.template.id] = .sent(notice: AppText("compose.handedOver", request.draft.kind.label))
                clearSentLater(request.template.id)
            } catch {
                sendStates[request.template.id] = .failed([], notice: .failure(error))
            }
        case .cancelled:
            sendStates[request.template.id] = nil
        case .failed(let message):
            sendStates[request.template.id] = .failed([], notice: AppText("compose.failed", message))
        }
    }

    /// Clears a failed state (the banner's dismiss).
    public func dismissResult(of id: UUID) {
        if case .failed? = sendStates[id] { sendStates[id] = nil }
    }

    /// A tap's send started its undo hold: the button counts down with Undo.
    func markHeld(_ tap: HeldTap) {
        guard state(of: tap.templateID).isBusy else { return }
        sendStates[tap.templateID] = .held(batchID: tap.batchID, until: tap.until)
    }

    /// Undo on a held button: takes the send back (the queue then reports it undone).
    public func undo(_ templateID: UUID) {
        guard case .held(let batch, _) = state(of: templateID) else { return }
        undoHeld(batch)
    }

    func apply(_ progress: SendProgress, to templateID: UUID) {
        // Progress and outcomes arrive on separate streams: a late progress event must not
        // reopen a send whose outcome is already shown.
        guard state(of: templateID).isBusy else { return }
        sendStates[templateID] = state(of: templateID).applying(progress)
    }

    func finish(_ outcome: JobOutcome) {
        let id = outcome.job.templateID
        let final = SendState.finished(outcome)
        sendStates[id] = final
        switch final {
        case .sent, .undone: clearSentLater(id)
        default: break
        }
    }

    /// A ✓ shows for a moment, then the button is idle again.
    private func clearSentLater(_ id: UUID) {
        let duration = sentDisplayDuration, clock = self.clock
        Task { [weak self] in
            guard (try? await clock.sleep(for: duration)) != nil else { return }
            switch self?.sendStates[id] {
            case .sent?, .undone?: self?.sendStates[id] = nil
            default: break
            }
        }
    }

    // MARK: - Managing templates

    /// Step one of deleting: the screen shows a confirmation for `pendingDelete`.
    public func requestDelete(_ template: Template) { pendingDelete = template }
    public func cancelDelete() { pendingDelete = nil }
    public var deleteConfirmation: (title: AppText, body: AppText, confirm: AppText)? {
        pendingDelete.map { (AppText("list.delete.title", $0.name), AppText("list.delete.body"), AppText("list.delete.confirm")) }
    }

    /// Step two: deletes the template that was confirmed.
    public func confirmDelete() {
        guard let template = pendingDelete else { return }
        pendingDelete = nil
        perform(showing: templates.filter { $0.id != template.id }) { try $0.delete(template.id) }
        sendStates[template.id] = nil
    }

    public func duplicate(_ template: Template) {
        perform { _ = try $0.duplicate(template.id) }
    }

    /// Moves templates in the grid (SwiftUI's `onMove` offsets, over all templates).
    public func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        var order = templates
        let moving = source.sorted().map { order[$0] }
        let before = source.filter { $0 < destination }.count
        for index in source.sorted(by: >) { order.remove(at: index) }
        order.insert(contentsOf: moving, at: min(destination - before, order.count))
        perform(showing: order) { templates in
            // Templates another process added since the grid last loaded go last, as they were.
            let ids = order.map(\.id)
            let stored = try templates.all().map(\.id)
            try templates.reorder(ids.filter(stored.contains) + stored.filter { !ids.contains($0) })
        }
    }

    /// Writes `change`; the grid then follows the store's change feed (this process's writes
    /// reach it at once), as it does any other face's. `shown` is what the grid shows meanwhile,
    /// in the same step as the gesture (a moved or deleted card must not jump back). A refused
    /// change shows the stored list again, with the reason.
    private func perform(showing shown: [Template]? = nil, _ change: (TemplateService) throws -> Void) {
        do {
            try change(workspace.templates())
            if let shown { show(shown) }
            changed()
        } catch {
            reload()
            loadError = .failure(error)
        }
    }
}

extension TemplateListModel {
    func markQueued(_ id: UUID) { sendStates[id] = .queued }
}
