import ArgumentParser
import Foundation
import TgtApplication

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
            guard follow else {
                try await global.withChats { access in
                    let chat = try await access.resolve(self.chat)
                    let page = try await access.page(chatID: chat.id, before: before, limit: limit, topicID: topic)
                    if markRead { try await access.markRead(chatID: chat.id, topicID: topic, messageIDs: page.messages.filter { !$0.isOutgoing }.map(\.id)) }
                    show(page, following: false)
                }
                return
            }
            // Ctrl-C ends following with the shell's 130 (a session of our own is closed first).
            let interrupts = InterruptHandler(message: "Stopped following.") {}
            defer { interrupts.cancel() }
            try await global.withChats { access in
                let target = try await access.resolve(chat)
                var lastDay: String?
                do {
                    for try await event in access.follow(chatID: target.id, before: before, limit: limit, topicID: topic, markRead: markRead) {
                        show(event, lastDay: &lastDay)
                    }
                } catch {
                    // Stopping for Ctrl-C closes the session under the loop: wait for the exit.
                    if InterruptHandler.isInterrupting { try? await Task.sleep(nanoseconds: 30_000_000_000) }
                    throw error
                }
            }
        }
    }

    private func show(_ event: ChatFollowEvent, lastDay: inout String?) {
        switch event {
        case .page(let page):
            lastDay = show(page, following: true)
            if !global.json { global.console.note("Following \(ChatTerminal.clean(page.chat.title)); Ctrl-C to stop.") }
        case .new(let item):
            if global.json {
                JSONLine.write(item, global)
            } else {
                for line in ChatTerminal.lines(for: [item], lastDay: &lastDay, now: global.clock.now) { global.console.line(line) }
            }
        case .edited(let id, let text):
            note("✎ #\(id) edited: \(text.map(ChatTerminal.clean) ?? "(media)")", json: ["event": "edited", "message_id": "\(id)", "text": text ?? ""])
        case .deleted(let ids):
            note("✗ deleted: \(ids.map { "#\($0)" }.joined(separator: ", "))", json: ["event": "deleted", "message_ids": ids.map(String.init).joined(separator: ",")])
        case .reactions(let id, let reactions):
            note("♥ #\(id) reactions: \(reactions.isEmpty ? "none" : ChatTerminal.reactions(reactions))",
                 json: ["event": "reactions", "message_id": "\(id)", "reactions": reactions.map { "\($0.key)=\($0.count)" }.joined(separator: ",")])
        case .pinned(let id, let isPinned):
            note("📌 #\(id) \(isPinned ? "pinned" : "unpinned")", json: ["event": isPinned ? "pinned" : "unpinned", "message_id": "\(id)"])
        case .failed(let id, let reason):
            note("✗ message #\(id) was not sent: \(reason)", json: ["event": "failed", "message_id": "\(id)"])
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
        for line in ChatTerminal.lines(for: page.messages, lastDay: &lastDay, now: global.clock.now) { global.console.line(line) }
        if page.hasOlder, let oldest = page.oldestMessageID, !following {
            global.console.note("Older messages: tgt chat read \(page.chat.id) --before \(oldest)")
        }
        return lastDay
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
