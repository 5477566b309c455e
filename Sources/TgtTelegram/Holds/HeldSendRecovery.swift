import Foundation
import Logging
import TgtDomain
import TgtStore

/// Settles the sends a stopped process left in their undo hold (it was killed while counting
/// down), by `UndoHold.leftover`: one whose hold has not ended waits for it (it can still be
/// undone from any face meanwhile), then goes; one whose hold ended at most
/// `UndoHold.lateSendBound` ago goes now; an older one is recorded as not sent. Each is taken
/// once (`AppDatabase.takeHeldSend`), so nothing is sent twice, and none is left held.
public struct HeldSendRecovery: Sendable {
    public let sender: any MessageSending
    public let store: AppDatabase
    public let clock: any AppClock
    private let logger = Logger(label: "tgt.telegram.held-recovery")

    public init(sender: any MessageSending, store: AppDatabase, clock: any AppClock) {
        self.sender = sender
        self.store = store
        self.clock = clock
    }

    /// What the recovery did, in sends (taps), not rows.
    public struct Outcome: Sendable, Equatable {
        /// Taken out of their hold and sent (each target's verdict is in the send log).
        public var sent = 0
        /// Recorded as not sent: their hold ended too long ago.
        public var expired = 0
        /// Undone by someone while this recovery waited for their hold to end.
        public var undone = 0

        public init(sent: Int = 0, expired: Int = 0, undone: Int = 0) {
            self.sent = sent
            self.expired = expired
            self.undone = undone
        }

        public var total: Int { sent + expired + undone }
    }

    /// Settles every held send recorded before `cutoff` (later ones belong to this process).
    /// `waiting` hears each send that must wait for its hold first, with when it goes.
    public func run(before cutoff: Date, waiting: @Sendable (_ template: String, _ until: Date) -> Void = { _, _ in }) async -> Outcome {
        var outcome = Outcome()
        let held: [HeldSend]
        do { held = try store.heldSends().filter { $0.entry.queuedAt < cutoff } } catch {
            logger.error("could not read held sends", metadata: ["error": "\(error.message)"])
            return outcome
        }
        var batches: [(UUID, HeldSend)] = []
        for send in held where !batches.contains(where: { $0.0 == send.entry.batchID }) {
            batches.append((send.entry.batchID, send))
        }
        for (batch, first) in batches {
            switch UndoHold.leftover(holdUntil: first.holdUntil, now: clock.now) {
            case .expire:
                if (try? store.expireHeldSend(batch: batch)) ?? 0 > 0 { outcome.expired += 1 }
                continue
            case .wait(let until):
                waiting(first.entry.templateName, until)
                do { try await clock.sleep(until: until) } catch { return outcome }
            case .send:
                break
            }
            do {
                if try await sender.release(batch: batch, progress: { _ in }) != nil {
                    outcome.sent += 1
                } else {
                    outcome.undone += 1
                }
            } catch {
                logger.warning("a held send could not go out", metadata: ["error": "\(error.message)"])
                outcome.sent += 1  // taken and recorded as failed, with the reason
            }
        }
        if outcome.total > 0 {
            logger.notice("settled held sends an earlier run left", metadata: [
                "sent": "\(outcome.sent)", "expired": "\(outcome.expired)", "undone": "\(outcome.undone)",
            ])
        }
        return outcome
    }
}
