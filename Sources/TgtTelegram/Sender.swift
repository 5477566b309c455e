import Foundation
import Logging
import TgtDomain
import TgtStore
import TgtTDLib

/// What happened to one target, as a send goes on.
public enum SendProgress: Sendable, Equatable {
    case sending(Target)
    /// Telegram asked to wait (flood limit); the send retries after `seconds`.
    case waiting(Target, seconds: Int)
    case sent(Target, messageID: Int64)
    case failed(Target, message: String)

    /// The target this progress is about.
    public var target: Target {
        switch self {
        case .sending(let target), .waiting(let target, _), .sent(let target, _), .failed(let target, _): target
        }
    }
}

/// The outcome for one target.
public struct TargetResult: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable { case sent, failed }
    public var target: Target
    public var status: Status
    public var messageID: Int64?
    public var error: String?
    /// How many times sendMessage was called (more than 1 after flood waits).
    public var attempts: Int

    public init(target: Target, status: Status, messageID: Int64?, error: String?, attempts: Int) {
        self.target = target
        self.status = status
        self.messageID = messageID
        self.error = error
        self.attempts = attempts
    }
}

/// The outcome of one tap: every target's result, in target order.
public struct SendReport: Sendable, Equatable, Codable {
    public var batchID: UUID
    public var templateName: String
    public var results: [TargetResult]

    public init(batchID: UUID, templateName: String, results: [TargetResult]) {
        self.batchID = batchID
        self.templateName = templateName
        self.results = results
    }

    public var allSent: Bool { results.allSatisfy { $0.status == .sent } }
    public var sentCount: Int { results.filter { $0.status == .sent }.count }
}

/// Sends a template to every target and waits for Telegram's confirmation of each message.
///
/// Everything that can be checked is checked first (variables, Markdown, length): a bad send
/// sends nothing. Then each target is sent in order; a 429 "retry after N" is waited out and
/// retried (up to `maxFloodWait` seconds); confirmations (`updateMessageSendSucceeded` /
/// `Failed`, matched by the temporary message id) are awaited together, each with a timeout.
/// Every step is written to the send log.
public struct Sender: Sendable {
    public let session: TelegramSession
    public let store: AppDatabase
    public var confirmationTimeout: Double
    public var maxFloodWait: Int
    public var maxAttempts: Int
    public var requestTimeout: Double
    private let logger = Logger(label: "tgt.telegram.sender")

    public init(session: TelegramSession, store: AppDatabase, confirmationTimeout: Double = 60,
                maxFloodWait: Int = 300, maxAttempts: Int = 5, requestTimeout: Double = 30)
    {
        self.session = session
        self.store = store
        self.confirmationTimeout = confirmationTimeout
        self.maxFloodWait = maxFloodWait
        self.maxAttempts = maxAttempts
        self.requestTimeout = requestTimeout
    }

    /// The preparer for this session (TDLib's Markdown parser and text limit).
    public func preparer() async -> MessagePreparer {
        var validator = store.validator()
        if let max = await session.messageTextLengthMax { validator.maxTextLength = max }
        return MessagePreparer(transport: session.client.runtime.transport, validator: validator)
    }

    public func send(_ request: SendRequest, progress: @escaping @Sendable (SendProgress) -> Void = { _ in }) async throws(SendError) -> SendReport {
        guard session.authorizationState == .ready else { throw .notLoggedIn }
        let messages = try await preparer().prepare(request)
        let entries: [SendLogEntry]
        do { entries = try store.beginSend(of: request.template, targets: messages.map(\.target), origin: request.origin) } catch { throw .store(error.message) }
        let outgoing = zip(entries, messages).map { entry, message in
            Outgoing(entryID: entry.id, target: message.target,
                     payload: ScheduledPayload(text: message.formatted, location: message.location, silent: request.isSilent))
        }
        return await deliver(outgoing, batchID: entries.first?.batchID ?? UUID(), templateName: request.template.name, progress: progress)
    }

    /// One target's prepared message and its send log row, on its way to TDLib.
    struct Outgoing {
        var entryID: Int64
        var target: Target
        var payload: ScheduledPayload
    }

    /// Sends each message in order (recording every step in its row), then waits for
    /// Telegram's verdicts on all of them at once.
    func deliver(_ messages: [Outgoing], batchID: UUID, templateName: String,
                 progress: @escaping @Sendable (SendProgress) -> Void) async -> SendReport
    {
        var pending: [(index: Int, chatID: Int64, temporaryIDs: [Int64])] = []
        var results: [TargetResult?] = Array(repeating: nil, count: messages.count)
        for (index, message) in messages.enumerated() {
            progress(.sending(message.target))
            // Recorded before TDLib gets it: if this process dies now, the next one finds the
            // row "sending" with the text's fingerprint and looks for it among TDLib's resends.
            do { try store.markSending(id: message.entryID, textDigest: TextDigest.of(message.payload.text.text)) } catch {
                logger.error("could not write the send log", metadata: ["error": "\(error.message)"])
            }
            var temporaryIDs: [Int64] = []
            var attempts = 0
            var failure: String?
            for content in message.payload.contents {
                let outcome = await sendOne(message.target, content: content, silent: message.payload.silent, progress: progress)
                attempts += outcome.attempts
                switch outcome.result {
                case .accepted(let id): temporaryIDs.append(id)
                case .rejected(let error): failure = error
                }
                if failure != nil { break }
            }
            if let failure {
                results[index] = TargetResult(target: message.target, status: .failed, messageID: nil, error: failure, attempts: attempts)
                record(message.entryID, .failed, error: failure)
                progress(.failed(message.target, message: failure))
            } else {
                results[index] = TargetResult(target: message.target, status: .sent, messageID: nil, error: nil, attempts: attempts)
                pending.append((index, message.target.chatID, temporaryIDs))
            }
        }
        // Wait for Telegram's verdicts on every accepted message at once.
        let session = self.session
        let timeout = confirmationTimeout
        let verdicts = await withTaskGroup(of: (Int, SendConfirmation?).self) { group -> [Int: SendConfirmation?] in
            for item in pending {
                group.addTask {
                    var last: SendConfirmation?
                    for id in item.temporaryIDs {
                        last = await session.confirmation(chatID: item.chatID, temporaryID: id, timeout: timeout)
                        if case .sent? = last { continue }
                        break
                    }
                    return (item.index, last)
                }
            }
            var all: [Int: SendConfirmation?] = [:]
            for await (index, verdict) in group { all[index] = verdict }
            return all
        }
        for (index, verdict) in verdicts {
            guard var result = results[index] else { continue }
            let target = result.target
            let entryID = messages[index].entryID
            switch verdict {
            case .sent(let messageID)?:
                result.messageID = messageID
                record(entryID, .sent, messageID: messageID)
                progress(.sent(target, messageID: messageID))
            case .failed(let code, let message)?:
                result.status = .failed
                result.error = Self.describe(code: code, message: message)
                record(entryID, .failed, error: result.error)
                progress(.failed(target, message: result.error ?? ""))
            case .cancelled?:
                result.status = .failed
                result.error = SendConfirmation.cancelledReason
                record(entryID, .failed, error: result.error)
                progress(.failed(target, message: SendConfirmation.cancelledReason))
            case nil:
                result.status = .failed
                result.error = "Telegram did not confirm delivery within \(Int(timeout)) s; TDLib keeps retrying it in the background."
                record(entryID, .failed, error: result.error)
                progress(.failed(target, message: result.error ?? ""))
            }
            results[index] = result
        }
        return SendReport(batchID: batchID, templateName: templateName, results: results.compactMap { $0 })
    }

    /// One sendMessage, retried after flood waits. Returns the temporary message id.
    private func sendOne(_ target: Target, content: TDFunctions.SendMessage.Content, silent: Bool,
                         progress: @Sendable (SendProgress) -> Void) async -> (result: Attempt, attempts: Int)
    {
        let function = TDFunctions.SendMessage(chatID: target.chatID, forumTopicID: target.topicID, silent: silent, content: content)
        await session.openPrivateChatIfNeeded(target.chatID, timeout: requestTimeout)
        var waited = 0
        for attempt in 1...maxAttempts {
            do {
                let message = try await session.send(function, timeout: requestTimeout)
                if case .failed(let error, _, _)? = message.sendingState {
                    return (Attempt.rejected(Self.describe(code: error.code, message: error.message)), attempt)
                }
                return (Attempt.accepted(message.id), attempt)
            } catch {
                if let seconds = error.retryAfter, attempt < maxAttempts, waited + seconds <= maxFloodWait {
                    progress(.waiting(target, seconds: seconds))
                    logger.info("flood wait before retrying a send", metadata: ["seconds": "\(seconds)", "chat": "\(target.chatID)"])
                    try? await Task.sleep(nanoseconds: UInt64(seconds) * 1_000_000_000)
                    waited += seconds
                    continue
                }
                if let seconds = error.retryAfter {
                    return (Attempt.rejected("Telegram asks to wait \(seconds) s before sending more here (flood limit); not sent."), attempt)
                }
                if case .tdlib(let code, let message, _) = error { return (Attempt.rejected(Self.describe(code: code, message: message)), attempt) }
                return (Attempt.rejected(error.message), attempt)
            }
        }
        return (Attempt.rejected("Telegram kept asking to wait; not sent."), maxAttempts)
    }

    /// What one sendMessage call ended with.
    private enum Attempt {
        case accepted(Int64)
        case rejected(String)
    }

    func record(_ id: Int64, _ status: SendLogEntry.Status, messageID: Int64? = nil, error: String? = nil) {
        do {
            try store.recordSend(id: id, status: status, messageID: messageID, error: error)
        } catch {
            logger.error("could not write the send log", metadata: ["error": "\(error.message)"])
        }
    }

    /// A sentence for TDLib's send errors (`SendFailure`'s English).
    static func describe(code: Int32, message: String) -> String {
        SendFailure(code: code, message: message).reason
    }
}
