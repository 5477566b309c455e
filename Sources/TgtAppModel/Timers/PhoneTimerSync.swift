import Foundation
import Logging
import TgtApplication
import TgtDomain
import TgtTimerSync

/// The phone's side of the timer sync with the watch. The store stays the phone's truth; a
/// replica beside it (records and tombstones in `stateFile`, next to the store) turns each store
/// change into a message for the watch, and each message from the watch into store writes —
/// which the app's schedule keeper then follows (completion messages on Telegram).
@MainActor
public final class PhoneTimerSync {
    public static let replicaID = ReplicaID("phone")

    public private(set) var replica: TimerReplica
    /// The last change from the watch the store refused, for the timers screen to show.
    public private(set) var lastError: AppText?

    let workspace: Workspace
    let stateFile: URL
    /// Timers from the watch the store refused to create: kept in the replica (never turned into
    /// deletions by the next store read) until a later change makes them acceptable.
    private var refused: Set<UUID> = []
    private let logger = Logger(label: "tgt.app.timersync")

    /// Opens the replica kept in `stateFile` (a new one when there is none or it cannot be read).
    public init(workspace: Workspace, stateFile: URL) {
        self.workspace = workspace
        self.stateFile = stateFile
        let records = SecureFile.read(stateFile).flatMap { try? JSONDecoder().decode([UUID: TimerRecord].self, from: $0) } ?? [:]
        replica = TimerReplica(id: Self.replicaID, records: records)
    }

    /// After a change in the store (made here, by an intent or by the CLI): what the watch must
    /// hear, or nil when it already agrees.
    public func outgoing(at now: Date) -> SyncMessage? {
        do {
            let timers = try workspace.timers().all()
            let kept = refused.subtracting(timers.map(\.id)).compactMap { replica.timer(id: $0) }
            let message = replica.absorb(timers + kept, at: now)
            if message != nil { save() }
            return message
        } catch {
            lastError = AppText("timers.sync.failed", error.message)
            return nil
        }
    }

    /// Everything, tombstones included: what the watch gets when the link (re)opens.
    public func fullState(at now: Date) -> SyncMessage {
        _ = outgoing(at: now)
        return replica.fullState()
    }

    /// A message from the watch: joined into the replica, then written into the store. Returns
    /// what to send back when the store did not take it as it was (a name another timer has)
    /// (with any store change not sent yet).
    public func receive(_ message: SyncMessage, at now: Date) -> SyncMessage? {
        let pending = outgoing(at: now)
        let changed = replica.receive(message)
        for id in changed.sorted(by: { $0.uuidString < $1.uuidString }) { write(id) }
        save()
        let followUp = outgoing(at: now)
        return pending.map { $0.merging(followUp) } ?? followUp
    }

    private func write(_ id: UUID) {
        do {
            let stored = try workspace.timers().timer(id: id)
            guard let timer = replica.timer(id: id) else {
                if stored != nil { try workspace.timers().delete(id) }
                return
            }
            if stored == nil { try insert(timer) } else { try workspace.timers().replaceAsReceived(timer) }
            refused.remove(id)
            lastError = nil
        } catch {
            refused.insert(id)
            logger.error("A timer from the watch was not saved", metadata: ["timer": "\(id)", "error": "\(error.message)"])
            lastError = AppText("timers.sync.failed", error.message)
        }
    }

    /// A timer made on the watch; when another timer already has its name (made on both sides
    /// at once), it gets "Name (2)" — the rename then travels back to the watch.
    private func insert(_ timer: CountdownTimer) throws(StoreError) {
        var candidate = timer
        for suffix in 2...9 {
            do {
                try workspace.timers().insertAsReceived(candidate)
                return
            } catch .invalidTimer {
                candidate.name = "\(timer.name) (\(suffix))"
            }
        }
        try workspace.timers().insertAsReceived(candidate)
    }

    private func save() {
        do {
            try SecureFile.write(try JSONEncoder().encode(replica.records), to: stateFile)
        } catch {
            logger.error("The timer sync state was not saved", metadata: ["error": "\(error)"])
        }
    }
}
