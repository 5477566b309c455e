import Foundation
import TgtApplication

extension ComposerModel {
    /// How often "typing…" is repeated while the user types (Telegram shows it for about 6 s).
    public static let typingRepeat: TimeInterval = 5

    /// The view calls this whenever the text changes: the chat sees "typing…" while there is
    /// new text (at most once per `typingRepeat`), and its end when the field is emptied. Not
    /// while editing a message; failures are not the user's concern and are dropped.
    public func textChanged() async {
        if case .edit = mode { return }
        let now = host.clock.now
        let typing = !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        if typing {
            if let last = lastTypingSent, now.timeIntervalSince(last) < Self.typingRepeat { return }
            lastTypingSent = now
        } else {
            guard lastTypingSent != nil else { return }
            lastTypingSent = nil
        }
        try? await (try? await host.chats())?.setTyping(chatID: chatID, topicID: topicID, typing: typing)
    }
}
