import Foundation
import TgtDomain
import TgtStore
import TgtTelegram

/// What waits on Telegram's schedule (send later, timers' completion messages), for every face:
/// the list, and cancelling — the one set of rules for which sends may be cancelled, the write,
/// and the schedule pass that deletes them on Telegram. `tgt scheduled`, the dashboard's
/// Scheduled page and its API call it; open screens hear of the change from the store.
public struct ScheduledSendService: Sendable {
    let store: AppDatabase
    private let schedule: @Sendable () async -> Void

    /// `schedule` runs one pass of the schedule keeper after a change (or waits for the running
    /// dashboard's); without a session the cancel is written and Telegram hears of it at the
    /// next pass anywhere.
    public init(store: AppDatabase, schedule: @escaping @Sendable () async -> Void = {}) {
        self.store = store
        self.schedule = schedule
    }

    /// Everything still waiting to be posted, soonest first.
    public func waiting() throws(StoreError) -> [ScheduledSend] {
        try store.liveScheduledSends()
    }

    /// Cancels the sends `ids`: rows Telegram does not hold yet end at once, the others are
    /// deleted on Telegram by the pass. Refuses, changing nothing, when any id is unknown or
    /// already final (posted, failed, cancelled). Returns the rows after the pass.
    @discardableResult
    public func cancel(_ ids: [Int64]) async throws(ScheduledSendError) -> [ScheduledSend] {
        let rows: [ScheduledSend]
        do { rows = try ids.map { id throws(StoreError) in try store.scheduledSend(id: id) }.compactMap { $0 } } catch { throw .store(error.message) }
        let known = Set(rows.map(\.id))
        let unknown = ids.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw .notFound(unknown) }
        if let done = rows.first(where: \.status.isFinal) { throw .alreadyFinal(id: done.id, status: done.status) }
        do { try store.requestCancel(ids: ids, reason: "Cancelled.") } catch { throw .store(error.message) }
        await schedule()
        return ids.compactMap { try? store.scheduledSend(id: $0) }
    }
}

/// Why a scheduled send could not be cancelled.
public enum ScheduledSendError: Error, Equatable, UserFacingError {
    /// No scheduled send has these ids.
    case notFound([Int64])
    /// The send is already posted, failed or cancelled.
    case alreadyFinal(id: Int64, status: SendLogEntry.Status)
    case store(String)

    public var message: String {
        switch self {
        case .notFound(let ids): "Nothing scheduled has id " + ids.map(String.init).joined(separator: ", ") + "."
        case .alreadyFinal(_, let status):
            "This send is already \(status == .sent ? "posted" : status.rawValue); there is nothing to cancel."
        case .store(let message): message
        }
    }

    public var nextStep: String? {
        switch self {
        case .notFound: "See what is scheduled and its ids."
        case .alreadyFinal, .store: nil
        }
    }

    public var code: String {
        switch self {
        case .notFound: "scheduled_not_found"
        case .alreadyFinal: "not_pending"
        case .store: "store"
        }
    }
}

// What the faces read of the schedule: through the service, so a face never holds the store.
extension ScheduledSendService {
    /// The rows of a timer's completion message, per target.
    public func forTimer(_ id: UUID) throws(StoreError) -> [ScheduledSend] { try store.scheduledSends(timerID: id) }

    /// The scheduled send `id`, or nil.
    public func scheduledSend(id: Int64) throws(StoreError) -> ScheduledSend? { try store.scheduledSend(id: id) }

    /// Whether a schedule pass that started after the last change to what it reads (timers,
    /// scheduled sends, series) has finished: a process that changed them and leaves the pass
    /// to the running dashboard waits for this.
    public func passCaughtUp(since revision: Int64) -> Bool {
        ((try? store.scheduleSyncedThrough()) ?? 0) >= revision
    }

    /// The revision of what the schedule pass reads, now (see `passCaughtUp(since:)`).
    public func inputsRevision() -> Int64 { (try? store.scheduleInputsRevision()) ?? 0 }
}

extension ScheduledSend {
    /// Cancelled because the person deleted it from Telegram's schedule in another app (the
    /// schedule pass found it gone), not from here.
    public var wasDeletedElsewhere: Bool { entry.error == ScheduleKeeper.deletedElsewhere }
}
