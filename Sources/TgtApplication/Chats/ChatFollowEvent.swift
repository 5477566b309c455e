import Foundation
import TgtTelegram

/// What following a conversation yields (`ChatAccess.follow`): the page read once following
/// is live (so nothing after it is missed), then each change to the chat's messages, the same
/// from this process's session as through a running dashboard.
public enum ChatFollowEvent: Sendable, Equatable {
    case page(ConversationPage)
    /// A message that arrived or was sent (once Telegram accepted it).
    case new(ChatMessageItem)
    /// A message's text changed; nil text: a media message without a caption.
    case edited(id: Int64, text: String?)
    case deleted([Int64])
    /// A message's reactions changed (now these).
    case reactions(id: Int64, [ReactionItem])
    /// A message was pinned (true) or unpinned.
    case pinned(id: Int64, Bool)
    /// A message of ours Telegram refused.
    case failed(id: Int64, reason: String)
}
