import Foundation
import TgtDomain
import TgtTDLib

extension ChatService {
    /// At most this many messages in one forward (Telegram's limit).
    public static let maxForward = 100

    /// Forwards messages of `fromChatID` to `toChatID` (into a forum topic with `topicID`), as
    /// forwards naming their sender or, with `hideSender`, as copies. Every message is checked
    /// first (it exists, Telegram lets it be forwarded) and the target must be writable:
    /// nothing is sent unless all of them can be. Waits up to `confirmTimeout` s for Telegram's
    /// verdicts; messages still pending come back pending (TDLib sends them when it can).
    public func forward(fromChatID: Int64, messageIDs: [Int64], toChatID: Int64, topicID: Int32? = nil, hideSender: Bool = false,
                        silent: Bool = false, confirmTimeout: Double = 15) async throws(ChatError) -> [Message]
    {
        let ids = Array(Set(messageIDs)).sorted()
        guard !ids.isEmpty else { throw .cannotForward(reason: "no messages were chosen.") }
        guard ids.count <= Self.maxForward else { throw .cannotForward(reason: "at most \(Self.maxForward) messages go in one forward.") }
        let target = try await writableChat(toChatID)
        if let topicID { _ = try await topic(chatID: target.id, topicID: topicID) }
        guard await session.chat(fromChatID) != nil else { throw .chatNotFound(String(fromChatID)) }
        for id in ids {
            let properties = try await properties(chatID: fromChatID, messageID: id)
            guard properties.canBeForwarded else { throw .cannotForward(reason: "message \(id) cannot be forwarded (its chat protects its content, or it is not sent yet).") }
        }
        let pending: [Message]
        do {
            pending = try await session.send(TDFunctions.ForwardMessages(chatID: target.id, forumTopicID: topicID, fromChatID: fromChatID, messageIDs: ids,
                                                                         sendCopy: hideSender, silent: silent), timeout: timeout).messages
        } catch {
            if case .tdlib(let code, let message, _) = error { throw .sendFailed(Sender.describe(code: code, message: message)) }
            throw .request(error)
        }
        guard pending.count == ids.count else {
            throw .cannotForward(reason: "Telegram forwarded \(pending.count) of the \(ids.count) messages; the others cannot be forwarded.")
        }
        logger.debug("messages forwarded to TDLib", metadata: ["chat": "\(target.id)", "count": "\(ids.count)"])
        var result: [Message] = []
        for message in pending {
            switch await session.confirmation(forTemporaryID: message.id, timeout: confirmTimeout) {
            case .sent(let id)?:
                if let sent = try? await ask(TDFunctions.GetMessage(chatID: target.id, messageID: id)) {
                    result.append(sent)
                } else {
                    var sent = message
                    sent.id = id
                    sent.sendingState = nil
                    result.append(sent)
                }
            case .failed(let code, let text)?:
                throw .sendFailed(Sender.describe(code: code, message: text))
            case nil:
                result.append(message)
            }
        }
        return result
    }
}
