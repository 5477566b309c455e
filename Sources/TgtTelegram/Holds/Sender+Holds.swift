import Foundation
import TgtDomain
import TgtStore

extension Sender {
    /// Prepares and checks a send exactly as `send` does (a bad send holds nothing), then
    /// records it as held until `until`: nothing reaches TDLib. `release` sends it, unless it
    /// was undone first (`AppDatabase.undoHeldSend`).
    public func hold(_ request: SendRequest, batch: UUID = UUID(), until: Date) async throws(SendError) -> [SendLogEntry] {
        guard session.authorizationState == .ready else { throw .notLoggedIn }
        let messages = try await preparer().prepare(request)
        let rows = messages.map {
            NewHeldSend(target: $0.target,
                        payload: ScheduledPayload(text: $0.formatted, location: $0.location, silent: request.isSilent).encoded(),
                        textDigest: TextDigest.of($0.formatted.text))
        }
        do { return try store.beginHeldSend(of: request.template, rows: rows, batch: batch, until: until) } catch {
            if case .sendExists = error { throw .duplicateSend(error.message) }
            throw .store(error.message)
        }
    }

    /// Prepares and checks a send exactly as `send` and `hold` do, and stops there: nothing is
    /// written and nothing reaches TDLib but its offline formatting.
    public func check(_ request: SendRequest) async throws(SendError) {
        guard session.authorizationState == .ready else { throw .notLoggedIn }
        _ = try await preparer().prepare(request)
    }

    /// Takes a held send out of its hold and sends it. Nil when there was nothing to take: it
    /// was undone, or another process took it (a send is taken once, so never sent twice).
    public func release(batch: UUID, progress: @escaping @Sendable (SendProgress) -> Void = { _ in }) async throws(SendError) -> SendReport? {
        let taken: [HeldSend]
        do { taken = try store.takeHeldSend(batch: batch) } catch { throw .store(error.message) }
        guard let first = taken.first else { return nil }
        guard session.authorizationState == .ready else {
            // Taken, so nobody else sends it; it cannot go out on this session.
            for held in taken { record(held.entry.id, .failed, error: SendError.notLoggedIn.message) }
            throw .notLoggedIn
        }
        var messages: [Outgoing] = []
        for held in taken {
            let entry = held.entry
            guard let payload = ScheduledPayload.decode(held.payload) else {
                record(entry.id, .failed, error: "Not sent: its prepared message could not be read back.")
                continue
            }
            let target = Target(chatID: entry.target.chatID, topicID: entry.target.topicID, chatTitle: entry.targetTitle)
            messages.append(Outgoing(entryID: entry.id, target: target, payload: payload))
        }
        return await deliver(messages, batchID: batch, templateName: first.entry.templateName, progress: progress)
    }
}

/// Sending on a Telegram session, as the application layer uses it: now, or held for undo and
/// released. `Sender` is the real one.
public protocol MessageSending: Sendable {
    func send(_ request: SendRequest, progress: @escaping @Sendable (SendProgress) -> Void) async throws(SendError) -> SendReport
    func hold(_ request: SendRequest, batch: UUID, until: Date) async throws(SendError) -> [SendLogEntry]
    func release(batch: UUID, progress: @escaping @Sendable (SendProgress) -> Void) async throws(SendError) -> SendReport?
    /// Checks `request` as `send` would, sending and writing nothing.
    func check(_ request: SendRequest) async throws(SendError)
}

extension Sender: MessageSending {}

/// A session host's sender: every step also goes out as the host's events (the dashboard's
/// live progress).
struct HostSender: MessageSending {
    let sender: Sender
    let events: Broadcast<SessionEvent>
    let templateID: UUID

    func send(_ request: SendRequest, progress: @escaping @Sendable (SendProgress) -> Void) async throws(SendError) -> SendReport {
        let (events, templateID) = (events, templateID)
        return try await sender.send(request) { step in
            events.send(.send(templateID: templateID, progress: step))
            progress(step)
        }
    }

    func hold(_ request: SendRequest, batch: UUID, until: Date) async throws(SendError) -> [SendLogEntry] {
        try await sender.hold(request, batch: batch, until: until)
    }

    func check(_ request: SendRequest) async throws(SendError) {
        try await sender.check(request)
    }

    func release(batch: UUID, progress: @escaping @Sendable (SendProgress) -> Void) async throws(SendError) -> SendReport? {
        let (events, templateID) = (events, templateID)
        return try await sender.release(batch: batch) { step in
            events.send(.send(templateID: templateID, progress: step))
            progress(step)
        }
    }
}
