import Foundation
import TgtDomain
import TgtStore

/// The send log as the faces show it (the Sends page, the held-sends bar, the API's history):
/// every face reads the same rows, and a screen hears of new ones from the store's change feed.
public struct SendLogReader: Sendable {
    let store: AppDatabase

    init(store: AppDatabase) {
        self.store = store
    }

    /// The newest `limit` rows, newest first.
    public func recent(limit: Int = 50) throws(StoreError) -> [SendLogEntry] { try store.recentSends(limit: limit) }

    /// The rows of one send (one per target).
    public func batch(_ id: UUID) throws(StoreError) -> [SendLogEntry] { try store.sends(inBatch: id) }

    /// The rows still in their undo hold.
    public func held() throws(StoreError) -> [SendLogEntry] { try store.heldSends().map(\.entry) }

    /// The replies to the sends `ids`, by send.
    public func replies(to ids: [Int64]) throws(StoreError) -> [Int64: [SendReply]] { try store.replies(toSends: ids) }
}
