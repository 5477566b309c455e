import Foundation
import TgtApplication

extension ConversationModel {
    /// Where a message may be forwarded: the chats of both lists the account may write in,
    /// in Telegram's order (forums included: their topics come from `forwardTopics(of:)`).
    public func forwardTargets() async -> [ChatSummary] {
        guard let service = try? await host.chats() else { return [] }
        let chats = await service.summaries(list: .main) + service.summaries(list: .archive)
        return chats.filter(\.canWrite)
    }

    /// A forum's open topics, to forward into.
    public func forwardTopics(of chatID: Int64) async -> [ForumTopicItem] {
        guard let service = try? await host.chats(), let topics = try? await service.topics(chatID: chatID) else { return [] }
        return topics.filter { !$0.isClosed }
    }

    /// Forwards `item` to `chatID` (its topic `topicID`), as a copy with `hideSender`; true when
    /// Telegram took it (`actionError` says why not).
    @discardableResult
    public func forward(_ item: ChatMessageItem, to chatID: Int64, topicID: Int32? = nil, hideSender: Bool = false) async -> Bool {
        do {
            _ = try await (try await host.chats()).forward(fromChatID: self.chatID, messageIDs: [item.id], toChatID: chatID, topicID: topicID,
                                                                 hideSender: hideSender, silent: false)
            actionError = nil
            return true
        } catch {
            actionError = .failure(error)
            return false
        }
    }
}
