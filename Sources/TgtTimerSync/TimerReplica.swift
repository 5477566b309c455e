import Foundation
import TgtDomain

/// One device's copy of the timers (the phone's, the watch's) and the protocol between them.
///
/// Every local change is made here, gets a stamp from the replica's hybrid clock and comes back
/// as a `SyncMessage` to send; every message from the other side goes through `receive`.
/// Per field the later write wins (time, then writer id); deletions stay as tombstones, so
/// nothing deleted comes back; re-delivered, late or reordered messages are harmless. When the
/// link may have lost messages, `fullState()` sent over is the anti-entropy pass after which
/// both sides hold the same timers.
public struct TimerReplica: Sendable, Hashable {
    public private(set) var clock: HybridClock
    /// Everything this replica knows, tombstones included.
    public private(set) var records: [UUID: TimerRecord]

    public init(id: ReplicaID, records: [UUID: TimerRecord] = [:]) {
        clock = HybridClock(replica: id)
        self.records = records
        for stamp in records.values.flatMap(\.stamps) { clock.observe(stamp) }
    }

    public var id: ReplicaID { clock.replica }

    // MARK: What it shows

    /// The timers that exist (created, not deleted) in list order.
    public var timers: [CountdownTimer] {
        records.compactMap { id, record in record.timer(id: id) }
            .sorted { ($0.sortOrder, $0.name, $0.id.uuidString) < ($1.sortOrder, $1.name, $1.id.uuidString) }
    }

    public func timer(id: UUID) -> CountdownTimer? { records[id]?.timer(id: id) }

    /// Whether this timer was deleted (here or anywhere this replica has heard from).
    public func isDeleted(_ id: UUID) -> Bool { records[id]?.deleted != nil }

    // MARK: Local changes

    /// Creates or changes a timer to read as `timer`; nil when nothing changed or it was deleted.
    @discardableResult
    public mutating func save(_ timer: CountdownTimer, at now: Date) -> SyncMessage? {
        guard !isDeleted(timer.id), let record = TimerRecord.changes(from: self.timer(id: timer.id), to: timer, stamp: clock.tick(at: now))
        else { return nil }
        return apply([timer.id: record])
    }

    /// A countdown control on one timer: its new state, as absolute dates.
    @discardableResult
    public mutating func control(_ control: TimerControl, _ id: UUID, at now: Date) throws(SyncError) -> SyncMessage? {
        guard let current = timer(id: id) else { throw .timerNotFound(id) }
        do { return save(try control.applied(to: current, at: now), at: now) } catch { throw .control(error) }
    }

    /// An edit of one timer (its name, to-dos, notes): only the fields it changed travel.
    @discardableResult
    public mutating func edit(_ id: UUID, at now: Date, _ body: (inout CountdownTimer) -> Void) throws(SyncError) -> SyncMessage? {
        guard var timer = timer(id: id) else { throw .timerNotFound(id) }
        body(&timer)
        return save(timer, at: now)
    }

    /// Deletes a timer for good: a tombstone that outlives every other write to it.
    @discardableResult
    public mutating func delete(_ id: UUID, at now: Date) -> SyncMessage {
        apply([id: .tombstone(clock.tick(at: now))])
    }

    /// Makes this replica read as `timers` (the phone's store after any change): new and changed
    /// timers are written, those missing are deleted. Nil when they already agree.
    ///
    /// A changed timer's writes carry the time the store says it changed (`updatedAt`, never
    /// later than `now`), not the time they are noticed: a pause made by a Live Activity button
    /// while the app's sync was not running still loses to a resume made later on the watch.
    @discardableResult
    public mutating func absorb(_ timers: [CountdownTimer], at now: Date) -> SyncMessage? {
        var changes: [UUID: TimerRecord] = [:]
        let probe = Stamp(millis: 0, replica: id)
        for timer in timers where !isDeleted(timer.id) {
            let current = self.timer(id: timer.id)
            guard TimerRecord.changes(from: current, to: timer, stamp: probe) != nil else { continue }
            changes[timer.id] = TimerRecord.changes(from: current, to: timer, stamp: clock.tick(at: min(now, timer.updatedAt)))
        }
        let kept = Set(timers.map(\.id))
        let gone = self.timers.filter { !kept.contains($0.id) }
        if !gone.isEmpty {
            let stamp = clock.tick(at: now)
            for timer in gone { changes[timer.id] = .tombstone(stamp) }
        }
        return changes.isEmpty ? nil : apply(changes)
    }

    /// Completes every running timer whose end has passed, at its true end.
    @discardableResult
    public mutating func settle(at now: Date) -> SyncMessage? {
        let settled = timers.map { $0.settled(at: now) }
        return absorb(settled, at: now)
    }

    // MARK: The other side

    /// Joins a message in; returns the ids of timers whose visible form changed (created,
    /// changed or deleted), for the store or the screen to follow.
    @discardableResult
    public mutating func receive(_ message: SyncMessage) -> Set<UUID> {
        var changed: Set<UUID> = []
        for (id, incoming) in message.timers {
            for stamp in incoming.stamps { clock.observe(stamp) }
            let before = records[id]
            let after = before.map { TimerRecord.join($0, incoming) } ?? TimerRecord.join(TimerRecord(), incoming)
            guard after != before else { continue }
            records[id] = after
            if before?.timer(id: id) != after.timer(id: id) { changed.insert(id) }
        }
        return changed
    }

    /// Everything it knows, tombstones included: the anti-entropy message.
    public func fullState() -> SyncMessage { SyncMessage(sender: id, timers: records) }

    private mutating func apply(_ changes: [UUID: TimerRecord]) -> SyncMessage {
        let message = SyncMessage(sender: id, timers: changes)
        receive(message)
        return message
    }
}
