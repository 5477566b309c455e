import Foundation
import Observation
import TgtApplication
import TgtDomain

/// The composer under a conversation: Markdown text, a reply or edit banner, files to send
/// with it (`ComposerModel+Attachments`), send, delete with its choices, and "send a template
/// here" (the template's text with its variables, to this chat only, through the same send path
/// as a tap).
@Observable @MainActor
public final class ComposerModel {
    /// What the next send does.
    public enum Mode: Sendable, Equatable {
        case new
        case reply(ChatMessageItem)
        case edit(ChatMessageItem)
    }

    public let chatID: Int64
    /// The forum topic it writes into (nil: the chat itself).
    public let topicID: Int32?
    public var text = ""
    public internal(set) var mode: Mode = .new
    public internal(set) var isSending = false
    public internal(set) var error: AppText?
    public var silent = false
    /// The draft as last saved to (or read from) Telegram, so an unchanged text is not sent again.
    @ObservationIgnored var savedDraft = ""
    /// When "typing…" was last announced (nil: not since the last send or emptying).
    @ObservationIgnored var lastTypingSent: Date?
    /// Files picked to go with the next send, in the order they will be sent.
    public internal(set) var attachments: [Attachment] = []
    /// Sends the attachments as files whatever they are (a photo uncompressed, a mix in one album).
    public var sendAsFiles = false
    /// The folders of staged copies not yet handed to a send: deleted when the composer goes.
    @ObservationIgnored let staged = Locked<[URL]>([])

    @ObservationIgnored let host: LiveSession
    @ObservationIgnored let workspace: Workspace
    /// Where a template sent from here is (this device's fix, as for a tap on the grid); nil:
    /// the default location from Settings.
    @ObservationIgnored let location: LocationResolver?

    public init(host: LiveSession, workspace: Workspace, chatID: Int64, topicID: Int32? = nil, location: LocationResolver? = nil) {
        self.host = host
        self.workspace = workspace
        self.location = location
        self.chatID = chatID
        self.topicID = topicID
    }

    deinit {
        for folder in staged.withLock({ $0 }) { try? FileManager.default.removeItem(at: folder) }
    }

    /// "Replying to Mum: Dinner at 8?" / "Editing" above the field.
    public var banner: AppText? {
        switch mode {
        case .new: nil
        case .reply(let item): AppText("composer.replyingTo", item.isOutgoing ? AppText("conversation.you").description : item.sender.name,
                                       MessageText.shorten(item.text.isEmpty ? (item.media?.label ?? "") : item.text, to: 60))
        case .edit: AppText("composer.editing")
        }
    }

    public func reply(to item: ChatMessageItem) {
        mode = .reply(item)
        error = nil
    }

    /// Starts editing one of our own text messages: its text goes into the field as the
    /// Markdown that formats to it again (bold stays bold, a plain "_" stays a character).
    public func edit(_ item: ChatMessageItem) {
        mode = .edit(item)
        text = MessageText.markdown(item.formatted)
        error = nil
    }

    /// A message of ours is being edited.
    public var isEditing: Bool {
        if case .edit = mode { return true }
        return false
    }

    public func cancel() {
        if case .edit = mode { text = "" }
        mode = .new
        error = nil
    }

    /// Sends (or saves the edit); true when it went through. The text stays on failure. With
    /// attachments (and no edit going on), they go with the text as their caption (`sendAttachments`).
    @discardableResult
    public func send() async -> Bool {
        guard !isSending else { return false }
        // An edit saves the text it changes; picked files wait in the tray for the next send.
        if !attachments.isEmpty, !isEditing { return await sendAttachments() }
        guard !TelegramText.isEffectivelyEmpty(text) else {
            error = AppText("composer.empty")
            return false
        }
        isSending = true
        defer { isSending = false }
        do {
            let service = try await host.chats()
            switch mode {
            case .new:
                _ = try await service.send(chatID: chatID, markdown: text, replyTo: nil, topicID: topicID, silent: silent, clearDraft: true)
                lastTypingSent = nil  // a message ends the typing it announced
            case .reply(let item):
                _ = try await service.send(chatID: chatID, markdown: text, replyTo: item.id, topicID: topicID, silent: silent, clearDraft: true)
                lastTypingSent = nil
            case .edit(let item):
                _ = try await service.edit(chatID: chatID, messageID: item.id, markdown: text)
            }
            text = ""
            // Sending cleared the chat's draft (`clear_draft`).
            savedDraft = ""
            mode = .new
            error = nil
            return true
        } catch {
            self.error = .failure(error)
            return false
        }
    }

    /// What deleting `item` may offer: for me, for everyone, both, or nothing.
    public func deleteChoices(for item: ChatMessageItem) async -> (forMe: Bool, forEveryone: Bool) {
        guard let service = try? await host.chats(), let choices = try? await service.deleteChoices(chatID: chatID, messageIDs: [item.id])
        else { return (false, false) }
        return choices
    }

    /// "Delete for me" and/or "Delete for everyone", as Telegram allows for `item`; none (and
    /// `error` says so) when it may not be deleted here.
    public func deleteOptions(for item: ChatMessageItem) async -> [DeleteOption] {
        let choices = await deleteChoices(for: item)
        let options = DeleteOption.offered(forMe: choices.forMe, forEveryone: choices.forEveryone)
        error = options.isEmpty ? AppText("composer.cannotDelete") : nil
        return options
    }

    public func delete(_ item: ChatMessageItem, forEveryone: Bool) async {
        do {
            try await (try await host.chats()).delete(chatID: chatID, messageIDs: [item.id], forEveryone: forEveryone)
            error = nil
        } catch {
            self.error = .failure(error)
        }
    }

    /// The Telegram templates that can be sent here.
    public func templates() -> [Template] {
        ((try? workspace.templates().all()) ?? []).filter { $0.kind == .telegram }
    }

    /// Sends `template` to this chat (its topic) only (its own targets are left alone), with `variables`.
    @discardableResult
    public func sendTemplate(_ template: Template, variables: [String: String] = [:]) async -> Bool {
        guard !isSending else { return false }
        isSending = true
        defer { isSending = false }
        do {
            let service = try await host.chats()
            let title = await service.summary(chatID)?.title ?? ""
            var topicTitle: String?
            if let topicID { topicTitle = try await service.topic(chatID: chatID, topicID: topicID).title }
            // The template with this chat as its only target, through the one send every face
            // uses (its checks, `{{me}}`, the send log); no undo hold, as a message typed here.
            var order = SendOrder(templateID: template.id, variables: variables, silent: silent ? true : nil,
                                  destination: Target(chatID: chatID, topicID: topicID, chatTitle: title, topicTitle: topicTitle))
            // The location as a tap on the grid finds it (`SendQueueRunner`).
            do throws(LocationRefusal) {
                _ = try await (location?.resolve(for: template) ?? .notNeeded).apply(to: &order)
            } catch {
                self.error = error.notice
                return false
            }
            let outcome = try await host.sending.send(order)
            if let failed = outcome.items.first(where: { !$0.sent }) {
                error = .verbatim(failed.error ?? AppText("composer.templateFailed").description)
                return false
            }
            error = nil
            return true
        } catch {
            self.error = .failure(error)
            return false
        }
    }
}
