import Foundation
import TgtTDLib

/// What the user may react with, and what they chose.
public struct ReactionChoices: Codable, Sendable, Equatable {
    /// The emoji the user may add, in Telegram's order (top, recent, popular); Premium-only
    /// and custom-emoji reactions are left out (this client cannot show or buy them).
    public var available: [String]
    /// The message's reactions now.
    public var reactions: [ReactionItem]

    public init(available: [String], reactions: [ReactionItem]) {
        self.available = available
        self.reactions = reactions
    }
}

extension ChatService {
    /// The reactions the user may add to a message (TDLib's `getMessageAvailableReactions`),
    /// with the message's reactions now. Reactions turned off for the user are
    /// `.cannotReact` with the reason.
    public func reactionChoices(chatID: Int64, messageID: Int64) async throws(ChatError) -> ReactionChoices {
        try requireLogin()
        let message = try await existingMessage(chatID: chatID, messageID: messageID)
        let available = try await ask(TDFunctions.GetMessageAvailableReactions(chatID: chatID, messageID: messageID))
        if let reason = available.unavailabilityReason { throw .cannotReact(Self.refusal(reason)) }
        let emoji = available.all.compactMap { choice -> String? in
            guard !choice.needsPremium, case .emoji(let emoji) = choice.type else { return nil }
            return emoji
        }
        return ReactionChoices(available: emoji, reactions: ReactionItem.list(message.reactions))
    }

    /// Adds (`add`) or takes back one of the user's reactions and returns the message's
    /// reactions after. `key` is an emoji, or a `ReactionItem.key` (a custom emoji the user
    /// chose elsewhere can be taken back here). Adding a reaction the user already chose, or
    /// taking back one they did not, changes nothing; adding one the chat does not allow is
    /// `.reactionNotAvailable` with the choices, checked before anything is asked of Telegram.
    public func react(chatID: Int64, messageID: Int64, key: String, add: Bool) async throws(ChatError) -> [ReactionItem] {
        try requireLogin()
        let key = key.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let type = Self.reactionType(key) else { throw .reactionNotAvailable(String(key.prefix(16)), choices: []) }
        let message = try await existingMessage(chatID: chatID, messageID: messageID)
        let chosen = message.reactions.contains { $0.type == type && $0.isChosen }
        if add == chosen { return ReactionItem.list(message.reactions) }
        if add {
            let choices = try await reactionChoices(chatID: chatID, messageID: messageID)
            guard case .emoji(let emoji) = type, choices.available.contains(emoji) else {
                throw .reactionNotAvailable(String(key.prefix(16)), choices: choices.available)
            }
            _ = try await ask(TDFunctions.AddMessageReaction(chatID: chatID, messageID: messageID, reactionType: type))
        } else {
            guard type != .paid else { throw .cannotReact(.paidIsFinal) }
            if case .unknown = type { throw .cannotReact(.unsupportedKind) }
            _ = try await ask(TDFunctions.RemoveMessageReaction(chatID: chatID, messageID: messageID, reactionType: type))
        }
        // TDLib applies the change to its copy at once (and tells Telegram): read it back.
        return ReactionItem.list(try await existingMessage(chatID: chatID, messageID: messageID).reactions)
    }

    /// The message, or `.messageNotFound`.
    func existingMessage(chatID: Int64, messageID: Int64) async throws(ChatError) -> Message {
        do {
            return try await session.send(TDFunctions.GetMessage(chatID: chatID, messageID: messageID), timeout: timeout)
        } catch {
            if error.tdlibCode == 404 || error.tdlibCode == 400 { throw .messageNotFound(messageID) }
            throw .request(error)
        }
    }

    /// The reaction a key names: `custom:ID`, `paid`, or an emoji (one grapheme, as Telegram's are).
    static func reactionType(_ key: String) -> ReactionType? {
        if key == "paid" { return .paid }
        if key.hasPrefix("unknown:") { return nil }
        if key.hasPrefix("custom:") { return Int64(key.dropFirst(7)).map(ReactionType.customEmoji) }
        guard key.count == 1, let first = key.unicodeScalars.first, first.properties.isEmoji, key.unicodeScalars.count <= 16 else { return nil }
        // Digits and # are "emoji" too: only the ones drawn as pictures are reactions.
        guard first.properties.isEmojiPresentation || key.unicodeScalars.count > 1 || first.value > 0x2000 else { return nil }
        return .emoji(key)
    }

    static func refusal(_ reason: AvailableReactions.Unavailability) -> ReactionRefusal {
        switch reason {
        case .anonymousAdministrator: .anonymousAdministrator
        case .guest: .guest
        case .restricted: .restricted
        }
    }
}
