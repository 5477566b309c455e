import Foundation
import TgtDomain
import TgtStore
import TgtTelegram

/// One send through its undo hold, the same on every face: the send is checked, prepared and
/// written as held (nothing reaches TDLib), counted down on the clock while the store is
/// watched for an undo from any face or process, then taken and sent, unless it was undone.
/// `undo` is the other half, for whoever takes it back.
public struct SendHold: Sendable {
    let store: AppDatabase
    public let clock: any AppClock

    public init(store: AppDatabase, clock: any AppClock) {
        self.store = store
        self.clock = clock
    }

    /// Holds `request` for `hold`, then sends it with `sender`. Nil when it was undone (or
    /// another process took it: a send is taken once). `progress` hears `.holding` when the
    /// hold starts and each second after.
    public func run(_ request: SendRequest, hold: UndoHold, batch: UUID, on sender: any MessageSending,
                    progress: @escaping @Sendable (SendStep) -> Void) async throws -> SendReport?
    {
        let until = clock.now.addingTimeInterval(hold.duration)
        let entries = try await sender.hold(request, batch: batch, until: until)
        guard !entries.isEmpty else { return nil }
        try await countDown(batch: batch, until: until, progress: progress)
        return try await sender.release(batch: batch) { progress(SendService.step($0)) }
    }

    /// Waits until `until`, saying each second what is left; returns early once the send is
    /// no longer held (undone, or taken by another process).
    public func countDown(batch: UUID, until: Date, progress: @escaping @Sendable (SendStep) -> Void) async throws {
        try await Self.countDown(batch: batch, until: until, clock: clock, while: { try stillHeld(batch) }, progress: progress)
    }

    /// The countdown alone: `.holding` now and at each whole second left, until `until` or
    /// until `held` says the send is no longer held. For faces whose hold runs elsewhere too
    /// (`tgt send` while the dashboard holds the send).
    public static func countDown(batch: UUID, until: Date, clock: any AppClock, while held: () throws -> Bool,
                                 progress: @escaping @Sendable (SendStep) -> Void) async throws {
        let id = batch.uuidString.lowercased()
        while true {
            // One reading of the clock per step: the wake-up is counted from the same "now" as
            // what is left (read again, a clock moved on meanwhile put it past the end).
            let now = clock.now
            let left = until.timeIntervalSince(now)
            guard left > 0 else { return }
            guard try held() else { return }
            progress(.holding(batchID: id, until: until, secondsLeft: Int(left.rounded(.up))))
            // To the next whole second before the end (or the end itself).
            let step = left - left.rounded(.up) + 1
            try await clock.sleep(until: now.addingTimeInterval(min(left, step > 0 ? step : 1)))
        }
    }

    private func stillHeld(_ batch: UUID) throws -> Bool {
        try store.sends(inBatch: batch).contains { $0.status == .held }
    }

    /// Takes back a held send: every row still held is undone in one transaction.
    public func undo(batch: UUID) throws -> UndoOutcome {
        let rows = try store.sends(inBatch: batch)
        guard !rows.isEmpty else { throw UndoError.notFound(batch.uuidString.lowercased()) }
        if try store.undoHeldSend(batch: batch) > 0 {
            return .undone(targets: rows.map(\.targetTitle))
        }
        let after = try store.sends(inBatch: batch)
        if after.allSatisfy({ $0.status == .undone }) { return .alreadyUndone }
        return .tooLate(status: after.first { $0.status != .undone }?.status ?? .sent)
    }

    /// The outcome of a held send this process did not send, from its rows: undone (every
    /// target, none sent), or what became of it when another process took it.
    public func outcome(batch: UUID, templateName: String) -> SendOutcome {
        let rows = (try? store.sends(inBatch: batch)) ?? []
        let undone = rows.allSatisfy { $0.status == .undone }
        return SendOutcome(templateName: templateName, batchID: batch.uuidString.lowercased(), items: rows.map {
            .init(target: $0.target.description, title: $0.targetTitle, sent: $0.status == .sent, messageID: $0.messageID,
                  error: undone || $0.status == .sent ? nil : ($0.error ?? "Another TgTemplates process took this send; see the send log."), attempts: 0)
        }, undone: undone)
    }
}
