import ArgumentParser
import Foundation
import TgtApplication

/// `tgt chat draft`: the chat's cloud draft, set or cleared (it follows you to your other
/// Telegram apps, and `tgt chat list` shows it).
struct ChatDraft: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "draft", abstract: "Save a draft in a chat (shown in all your Telegram apps), or clear it.",
        discussion: """
            Examples:
              tgt chat draft Family "Don't forget the bread"
              tgt chat draft Family --clear
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The chat.") var chat: String
    @Argument(help: "The draft (Markdown, sent as typed later).") var text: String?
    @Option(help: "The draft of this forum topic.") var topic: Int32?
    @Flag(help: "Clear the chat's draft.") var clear = false

    func validate() throws {
        if clear, text != nil { throw ValidationError("Give the text or --clear, not both.") }
        if !clear, text == nil { throw ValidationError("Give the draft's text (or --clear).") }
        if let topic, topic <= 0 { throw ValidationError("--topic must be a forum topic id (a positive number).") }
    }

    func run() async throws {
        try await global.run {
            let summary = try await global.withChats { access in
                let target = try await access.resolve(chat)
                try await access.setDraft(chatID: target.id, topicID: topic, text: clear ? "" : text ?? "")
                return try await access.resolve(String(target.id))
            }
            if global.json {
                global.console.emit(summary)
            } else if let topic {
                // The chat's row carries the chat's draft, not a topic's: say what was done.
                global.console.line(clear ? "Draft cleared in \(ChatTerminal.clean(summary.title)), topic \(topic)."
                                          : "✎ Draft saved in \(ChatTerminal.clean(summary.title)), topic \(topic).")
            } else if let draft = summary.draft {
                global.console.line("✎ Draft saved in \(ChatTerminal.clean(summary.title)): \(MessageText.shorten(ChatTerminal.clean(draft), to: 60))")
            } else {
                global.console.line("Draft cleared in \(ChatTerminal.clean(summary.title)).")
            }
        }
    }
}
