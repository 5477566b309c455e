import ArgumentParser
import Foundation
import TgtApplication

/// `tgt chat react`: add or take back a reaction, or list what the chat allows.
struct ChatReact: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "react", abstract: "React to a message (or take your reaction back).",
        discussion: """
            Without an emoji it lists the reactions the chat allows and the message's reactions.

            Examples:
              tgt chat react Family 42991616 👍
              tgt chat react Family 42991616 👍 --remove
              tgt chat react Family 42991616
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The chat.") var chat: String
    @Argument(help: "The message id (as `tgt chat read` shows it).") var messageID: Int64
    @Argument(help: "The emoji (one of the chat's reactions).") var emoji: String?
    @Flag(help: "Take your reaction back instead of adding it.") var remove = false

    func validate() throws {
        guard messageID > 0 else { throw ValidationError("The message id must be a positive number.") }
        if remove, emoji == nil { throw ValidationError("Give the emoji to take back.") }
    }

    func run() async throws {
        try await global.run {
            guard let emoji else { return try await list() }
            let reactions = try await global.withChats { access in
                try await access.react(chatID: try await access.resolve(chat).id, messageID: messageID, reaction: emoji, add: !remove)
            }
            if global.json {
                global.console.emit(reactions)
            } else {
                let now = reactions.isEmpty ? "no reactions" : ChatTerminal.reactions(reactions)
                global.console.line("\(remove ? "✗ Took back" : "✓ Reacted") \(ChatTerminal.clean(emoji)) on message #\(messageID): \(now).")
            }
        }
    }

    private func list() async throws {
        let choices = try await global.withChats { access in
            try await access.reactionChoices(chatID: try await access.resolve(chat).id, messageID: messageID)
        }
        if global.json {
            global.console.emit(choices)
            return
        }
        global.console.line("Reactions on message #\(messageID): \(choices.reactions.isEmpty ? "none" : ChatTerminal.reactions(choices.reactions))")
        global.console.line(choices.available.isEmpty ? "You cannot add a reaction here." : "You may react with: \(choices.available.map(ChatTerminal.clean).joined(separator: " "))")
    }
}
