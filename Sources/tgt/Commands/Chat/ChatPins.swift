import ArgumentParser
import Foundation
import TgtApplication

/// `tgt chat pin`, `unpin` and `pinned`.
struct ChatPin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin", abstract: "Pin a message (where you may).",
        discussion: """
            In a private chat it is pinned for both of you unless --for-me; elsewhere a pin is \
            always for everyone.

            Examples:
              tgt chat pin Family 42991616 --silent
              tgt chat pin Alice 42991616 --for-me
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The chat.") var chat: String
    @Argument(help: "The message id (as `tgt chat read` shows it).") var messageID: Int64
    @Flag(help: "In a private chat, pin it for you alone.") var forMe = false
    @Flag(help: "Do not notify the members.") var silent = false

    func validate() throws {
        guard messageID > 0 else { throw ValidationError("The message id must be a positive number.") }
    }

    func run() async throws {
        try await global.run {
            let title = try await global.withChats { access in
                let target = try await access.resolve(chat)
                try await access.setPinned(chatID: target.id, messageID: messageID, pinned: true, forEveryone: !forMe, silent: silent)
                return target.title
            }
            if global.json {
                global.console.emit(PinState(messageID: messageID, isPinned: true))
            } else {
                global.console.line("📌 Pinned message #\(messageID) in \(ChatTerminal.clean(title))\(forMe ? " for you" : "").")
            }
        }
    }
}

struct ChatUnpin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unpin", abstract: "Unpin a message.",
        discussion: """
            Example:
              tgt chat unpin Family 42991616
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The chat.") var chat: String
    @Argument(help: "The message id.") var messageID: Int64

    func validate() throws {
        guard messageID > 0 else { throw ValidationError("The message id must be a positive number.") }
    }

    func run() async throws {
        try await global.run {
            try await global.withChats { access in
                try await access.setPinned(chatID: try await access.resolve(chat).id, messageID: messageID, pinned: false, forEveryone: true, silent: false)
            }
            if global.json { global.console.emit(PinState(messageID: messageID, isPinned: false)) } else { global.console.line("Unpinned message #\(messageID).") }
        }
    }
}

struct ChatPinned: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pinned", abstract: "A chat's pinned messages, newest first.",
        discussion: """
            Example:
              tgt chat pinned Family
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The chat.") var chat: String

    func run() async throws {
        try await global.run {
            let (items, title) = try await global.withChats { access in
                let target = try await access.resolve(chat)
                return (try await access.pinned(chatID: target.id), target.title)
            }
            if global.json {
                global.console.emit(items)
                return
            }
            guard !items.isEmpty else {
                global.console.line("Nothing is pinned in \(ChatTerminal.clean(title)).")
                return
            }
            global.console.line("Pinned in \(ChatTerminal.clean(title)) (newest first):")
            var lastDay: String?
            for line in ChatTerminal.lines(for: items, lastDay: &lastDay, now: global.clock.now) { global.console.line(line) }
        }
    }
}

/// What `pin` and `unpin` print with --json.
struct PinState: Encodable {
    var messageID: Int64
    var isPinned: Bool
    enum CodingKeys: String, CodingKey {
        case messageID = "message_id"
        case isPinned = "is_pinned"
    }
}
