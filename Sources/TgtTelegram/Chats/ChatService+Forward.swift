import Foundation
import TgtDomain
import TgtTDLib

extension ChatService {
    /// At most this many messages in one forward (Telegram's limit).
    public static let maxForward = 100

    /// Forwards messages of `fromChatID` to `toChatID` (into a forum topic with `topicID`), as
    /// forwards naming their sender or, with `hideSender`, as copies. Every message is checked
    /// first (it exists, Telegram lets it be forwarded, or copied for `hideSender`) and the
    /// target must be writable: nothing is sent unless all of them can be. Waits up to
    /// `confirmTimeout` s in all for Telegram's verdicts; each message comes back sent, still
    /// pending (TDLib sends it when it can), or failed with Telegram's reason.
    public func forward(fromChatID: Int64, messageIDs: [Int64], toChatID: Int64, topicID: Int32? = nil, hideSender: Bool = false,
                        silent: Bool = false, confirmTimeout: Double = 15) async throws(ChatError) -> [Message]
    {
        let ids = Array(Set(messageIDs)).sorted()
        guard !ids.isEmpty else { throw .cannotForward(.noneChosen) }
        guard ids.count <= Self.maxForward else { throw .cannotForward(.tooMany(max: Self.maxForward)) }
        let target = try await writableChat(toChatID)
        if let topicID { _ = try await topic(chatID: target.id, topicID: topicID) }
        guard try await knownChat(fromChatID) != nil else { throw .chatNotFound(String(fromChatID)) }
        for id in ids {
            let properties = try await properties(chatID: fromChatID, messageID: id)
            guard hideSender ? properties.canBeCopied : properties.canBeForwarded else {
                throw .cannotForward(.protected(messageID: id, copying: hideSender))
            }
        }
        let pending: [Message]
        do {
            pending = try await session.send(TDFunctions.ForwardMessages(chatID: target.id, forumTopicID: topicID, fromChatID: fromChatID, messageIDs: ids,
                                                                         sendCopy: hideSender, silent: silent), timeout: timeout).messages
        } catch {
            if case .tdlib(let code, let message, _) = error { throw .sendFailed(SendFailure(code: code, message: message)) }
            throw .request(error)
        }
        // TDLib leaves out (null) what it would not forward; what it took is on its way, so it is
        // returned rather than hidden behind an error. Nothing taken at all is the error.
        guard !pending.isEmpty else { throw .cannotForward(.refused) }
        logger.debug("messages forwarded to TDLib", metadata: ["chat": "\(target.id)", "count": "\(pending.count)"])
        // Telegram's verdicts, awaited together (one `confirmTimeout` for all, not one each).
        let session = session, timeout = timeout, chatID = target.id
        return await withTaskGroup(of: (Int, Message).self) { group in
            for (index, message) in pending.enumerated() {
                group.addTask {
                    switch await session.confirmation(chatID: message.chatID, temporaryID: message.id, timeout: confirmTimeout) {
                    case .sent(let id)?:
                        if let sent = try? await session.send(TDFunctions.GetMessage(chatID: chatID, messageID: id), timeout: timeout) { return (index, sent) }
                        var sent = message
                        sent.id = id
                        sent.sendingState = nil
                        return (index, sent)
                    case .failed(let code, let text)?:
                        var failed = message
                        failed.sendingState = .failed(error: TDLibErrorObject(code: code, message: text), canRetry: false, retryAfter: 0)
                        return (index, failed)
                    case .cancelled?:
                        var cancelled = message
                        cancelled.sendingState = .failed(error: TDLibErrorObject(code: 0, message: SendConfirmation.cancelledReason), canRetry: false, retryAfter: 0)
                        return (index, cancelled)
                    case nil:
                        return (index, message)
                    }
                }
            }
            var result = pending
            for await (index, message) in group { result[index] = message }
            return result
        }
    }
}
