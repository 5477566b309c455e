import Foundation
import TgtDomain
import TgtStore

// What the app's processes (the app, its widget and intent extensions) need of a workspace
// beyond the area services: the store they share in the App Group container, the queue of
// taps, the revisions their surfaces redraw on, and places' crossings.
extension Workspace {
    /// Opens the store at `file`, shared with the app's other processes (none waits for
    /// another); `directory` is the folder it sits in.
    public static func openShared(at file: URL, in directory: DataDirectory, clock: any AppClock) throws(StoreError) -> Workspace {
        Workspace(store: try AppDatabase.open(at: file, clock: clock, shared: true), directory: directory)
    }

    /// Tells the shared stores the app is about to be suspended: they finish what runs and
    /// refuse new work until `resumeSharedStores()` (iOS kills an app holding file locks).
    public static func suspendSharedStores() { AppDatabase.suspendSharedDatabases() }

    /// Lets the shared stores work again.
    public static func resumeSharedStores() { AppDatabase.resumeSharedDatabases() }

    /// Undo holds: a held send's wait, and taking it back.
    public var sendHold: SendHold { SendHold(store: store, clock: clock) }

    /// The queue of taps to send.
    public var sendQueue: SendQueue { SendQueue(store: store) }

    /// Moves whenever the templates change (added, edited, reordered, deleted).
    public func templatesRevision() throws(StoreError) -> Int64 { try store.templatesRevision() }

    /// Moves whenever what a widget draws changes: the templates or the queue of taps.
    public func widgetRevision() throws(StoreError) -> Int64 {
        try store.templatesRevision() &+ store.sendQueueRevision()
    }

    /// Applies one report of `templateID`'s place circle: decides with what was known, records
    /// the side (and the send, when it sends) in one transaction, so two reports at once or a
    /// relaunch never send a crossing twice; `now` is the moment the caller decides at. Nil
    /// when the template is gone or has no place rule.
    public func claimPlaceCrossing(templateID: UUID, side: PlaceSide, happenedAt: Date, now: Date) throws(StoreError) -> PlaceClaim? {
        try store.claimPlaceCrossing(templateID: templateID, side: side, happenedAt: happenedAt, now: now)
    }
}

extension TimerService {
    /// Adds a timer exactly as another device's replica holds it (its countdown and dates
    /// included): the watch's timers arrive this way.
    @discardableResult
    public func insertAsReceived(_ timer: CountdownTimer) throws(StoreError) -> CountdownTimer { try store.insert(timer) }

    /// Replaces timer `timer.id` with the replica's copy, exactly as received.
    @discardableResult
    public func replaceAsReceived(_ timer: CountdownTimer) throws(StoreError) -> CountdownTimer {
        try store.change(timer.id) { _ in timer }
    }
}
