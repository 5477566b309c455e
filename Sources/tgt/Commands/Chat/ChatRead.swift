import ArgumentParser
import Foundation
import TgtTDLib
import TgtTelegram

struct ChatRead: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read", abstract: "Show a chat's messages (and follow new ones with --follow).",
        discussion: """
            Shows the newest messages, oldest first; --before ID pages back from a message id. \
            --follow keeps printing new messages, edits and deletions until Ctrl-C; with --json \
            each one is a line of JSON.
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The chat: id, @username, title, or a unique start of a title.") var chat: String
    @Option(help: "How many messages (1–1000, default 30).") var limit = 30
    @Option(help: "Only messages older than this message id.") var before: Int64?
    @Option(help: "Only this forum topic's messages.") var topic: Int32?
    @Flag(help: "Keep printing new messages until Ctrl-C.") var follow = false
    @Flag(help: "Mark the shown (and, with --follow, arriving) messages read; with --topic, only that topic's.") var markRead = false

    func validate() throws {
        guard (1...1000).contains(limit) else { throw ValidationError("--limit must be between 1 and 1000.") }
        if let before, before <= 0 { throw ValidationError("--before must be a message id (a positive number).") }
    }

    func run() async throws {
        try await global.run {
            if let dashboard = global.dashboard {
                // Through the running dashboard: one page, or (--follow) the page and then what
                // its event stream announces.
                if follow {
                    try await followThroughDashboard(dashboard)
                    return
                }
                try await Chat.withAccess(global) { access in
                    let chat = try await access.resolve(self.chat)
                    let page = try await access.page(chatID: chat.id, before: before, limit: limit, topicID: topic)
                    if markRead { try await access.markRead(chatID: chat.id, topicID: topic, messageIDs: page.messages.filter { !$0.isOutgoing }.map(\.id)) }
                    show(page, following: false)
                }
                return
            }
            try await Chat.withChats(global) { service in
                let target = try await service.resolve(chat)
                let events = service.session.chatEvents.subscribe(replayingCurrent: false)
                let page = try await service.conversation(chatID: target.id, before: before ?? 0, limit: limit, topicID: topic)
                if markRead {
                    try await service.open(chatID: target.id)
                    try await service.markRead(chatID: target.id, topicID: topic, messageIDs: page.messages.filter { !$0.isOutgoing }.map(\.id))
                }
                var lastDay = show(page, following: follow)
                var shown = Set(page.messages.map(\.id))
                guard follow else { return }
                if !global.json { global.console.note("Following \(ChatTerminal.clean(page.chat.title)); Ctrl-C to stop.") }
                for await event in events where event.chatID == target.id {
                    try await show(event, service: service, lastDay: &lastDay, shown: &shown)
                }
                // The events end when the session closes: on Ctrl-C the interrupt handler exits
                // with 130 once TDLib is closed; otherwise Telegram closed the session.
                if InterruptHandler.isInterrupting {
                    try? await Task.sleep(nanoseconds: 30_000_000_000)
                }
                throw TelegramError.unreachable("the Telegram session closed while following the chat")
            }
        }
    }

    /// Prints a page (JSON, or the terminal's lines); returns the last day shown.
    @discardableResult
    func show(_ page: ConversationPage, following: Bool) -> String? {
        var lastDay: String?
        if global.json {
            if following { JSONLine.write(page, global) } else { global.console.emit(page) }
            return nil
        }
        global.console.line("\(ChatTerminal.clean(page.chat.title))\(page.chat.canWrite ? "" : " (read-only: \(page.chat.cannotWriteReason ?? ""))")")
        if page.messages.isEmpty { global.console.line("No messages.") }
        for line in ChatTerminal.lines(for: page.messages, lastDay: &lastDay) { global.console.line(line) }
        if page.hasOlder, let oldest = page.oldestMessageID, !following {
            global.console.note("Older messages: tgt chat read \(page.chat.id) --before \(oldest)")
        }
        return lastDay
    }

    private func show(_ event: ChatEvent, service: ChatService, lastDay: inout String?, shown: inout Set<Int64>) async throws {
        switch event {
        case .newMessage(let message) where message.sendingState == nil:
            // A message that arrived while the first page loaded may be in both.
            guard topic == nil || message.forumTopicID == topic, shown.insert(message.id).inserted else { return }
            try await print(message, service: service, lastDay: &lastDay)
        case .messageSent(_, let message):
            guard topic == nil || message.forumTopicID == topic, shown.insert(message.id).inserted else { return }
            try await print(message, service: service, lastDay: &lastDay)
        case .messageFailed(let old, _, let error):
            note("✗ message #\(old) was not sent: \(error)", json: ["event": "failed", "message_id": "\(old)"])
        case .messageContent(_, let id, let content):
            let text = content.formattedText.map { ChatTerminal.clean($0.text) } ?? "(media)"
            note("✎ #\(id) edited: \(text)", json: ["event": "edited", "message_id": "\(id)", "text": content.formattedText?.text ?? ""])
        case .messagesDeleted(_, let ids):
            note("✗ deleted: \(ids.map { "#\($0)" }.joined(separator: ", "))", json: ["event": "deleted", "message_ids": ids.map(String.init).joined(separator: ",")])
        default:
            break
        }
    }

    private func print(_ message: Message, service: ChatService, lastDay: inout String?) async throws {
        // Marked read before it is shown: whatever the user saw is read, even after a Ctrl-C.
        if markRead, !message.isOutgoing { try await service.markRead(chatID: message.chatID, topicID: topic, messageIDs: [message.id]) }
        let item = await service.item(message)
        if global.json {
            JSONLine.write(item, global)
        } else {
            for line in ChatTerminal.lines(for: [item], lastDay: &lastDay) { global.console.line(line) }
        }
    }

    func note(_ text: String, json: [String: String]) {
        if global.json { JSONLine.write(json, global) } else { global.console.line(text) }
    }
}

/// One compact JSON document per line (for streams such as `tgt chat read --follow --json`).
enum JSONLine {
    static func write<T: Encodable>(_ value: T, _ global: GlobalOptions) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(value) else { return }
        global.console.raw(String(decoding: data, as: UTF8.self) + "\n")
    }
}
