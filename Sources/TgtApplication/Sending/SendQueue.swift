import Foundation
import TgtDomain
import TgtStore

/// The app's queue of taps to send, shared by every process of the app (the app, its widget
/// and intent extensions): a tap is queued here from any surface, and the app's runner claims
/// the oldest, sends it through the sending rules and records how it ended. Claims are one
/// transaction each, so two runners never take the same tap.
public struct SendQueue: Sendable {
    let store: AppDatabase

    /// Queues a tap of `templateID` from `source`; queuing the same `id` again adds nothing.
    @discardableResult
    public func enqueue(templateID: UUID, source: SendJob.Source, variables: [String: String] = [:], id: UUID = UUID()) throws(StoreError) -> SendJob {
        try store.enqueueSend(templateID: templateID, source: source, variables: variables, id: id)
    }

    /// Takes the oldest pending tap and marks it sending; nil when none waits.
    public func claimNext() throws(StoreError) -> SendJob? { try store.claimNextSendJob() }

    /// Records how a claimed tap ended.
    public func finish(_ id: UUID, state: SendJob.State, batchID: UUID? = nil, error: String? = nil) throws(StoreError) {
        try store.finishSendJob(id: id, state: state, batchID: batchID, error: error)
    }

    /// A claimed tap waits in its undo hold until `until`.
    public func markHeld(_ id: UUID, batchID: UUID, until: Date) throws(StoreError) {
        try store.markSendJobHeld(id: id, batchID: batchID, until: until)
    }

    /// A held tap's hold ended: it is sending.
    public func markReleased(_ id: UUID) throws(StoreError) { try store.markSendJobReleased(id: id) }

    /// Gives a claimed tap back to the queue (the session went away before it was sent).
    public func giveBack(_ id: UUID) throws(StoreError) { try store.returnSendJob(id: id) }

    /// Ends, as failed with `reason`, the taps a stopped app left sending; returns how many.
    public func failInterrupted(reason: String) throws(StoreError) -> Int { try store.failInterruptedSendJobs(reason: reason) }

    /// The tap `id`, or nil.
    public func job(_ id: UUID) throws(StoreError) -> SendJob? { try store.sendJob(id: id) }

    /// Each template's latest tap.
    public func latest(for templateIDs: [UUID]) throws(StoreError) -> [UUID: SendJob] { try store.latestSendJobs(for: templateIDs) }
}
