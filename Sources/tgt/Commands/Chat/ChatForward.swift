import ArgumentParser
import Foundation
import TgtApplication

/// `tgt chat forward`: messages of one chat into another.
struct ChatForward: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forward", abstract: "Forward messages to another chat (or forum topic).",
        discussion: """
            Nothing is forwarded unless every message can be and you may write in the target.

            Examples:
              tgt chat forward Family 42991616 --to Alice
              tgt chat forward Work 1048576 2097152 --to Family --hide-sender
              tgt chat forward Alice 42991616 --to Work --topic 11
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The chat the messages are in.") var chat: String
    @Argument(help: ArgumentHelp("Message ids (at most 100).", valueName: "message-id")) var messageIDs: [Int64]
    @Option(help: "The chat to forward them to.") var to: String
    @Option(help: "Post into this forum topic of the target.") var topic: Int32?
    @Flag(help: "Send copies, without the original sender's name.") var hideSender = false
    @Flag(help: "Send without a notification sound.") var silent = false

    func validate() throws {
        guard !messageIDs.isEmpty, messageIDs.allSatisfy({ $0 > 0 }) else { throw ValidationError("Give at least one message id.") }
        guard messageIDs.count <= ChatLookup.maxForward else { throw ValidationError("At most \(ChatLookup.maxForward) messages go in one forward.") }
        if let topic, topic <= 0 { throw ValidationError("--topic must be a forum topic id (a positive number).") }
    }

    func run() async throws {
        try await global.run {
            let (items, title) = try await global.withChats { access in
                let source = try await access.resolve(chat)
                let target = try await access.resolve(to)
                guard target.canWrite else { throw ChatError.cannotWrite(title: target.title, refusal: target.cannotWrite ?? .other) }
                return (try await access.forward(fromChatID: source.id, messageIDs: messageIDs, toChatID: target.id, topicID: topic,
                                                 hideSender: hideSender, silent: silent), target.title)
            }
            if global.json {
                global.console.emit(items)
                return
            }
            let pending = items.filter { $0.sendingState == "pending" }.count
            let what = "\(items.count) message\(items.count == 1 ? "" : "s")"
            global.console.line(pending == 0
                ? "✓ Forwarded \(what) to \(ChatTerminal.clean(title)) (\(items.map { "#\($0.id)" }.joined(separator: ", ")))."
                : "… Handed \(what) to Telegram for \(ChatTerminal.clean(title)); \(pending) go\(pending == 1 ? "es" : "") out once Telegram confirms.")
        }
    }
}
