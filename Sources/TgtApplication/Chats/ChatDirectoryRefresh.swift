import Foundation
import TgtStore
import TgtTelegram

/// Reloads the chats and forum topics templates can target into the store, on whichever
/// session a face has (its own: `SessionChatDirectory`; or a running dashboard's).
public protocol ChatDirectoryRefreshing: Sendable {
    func refresh() async throws
}

/// The directory reloaded on a session this process opens for the work.
public struct SessionChatDirectory: ChatDirectoryRefreshing {
    /// Opens the logged-in session, runs the work on it and closes it.
    public typealias OpenSession = @Sendable (_ work: @escaping @Sendable (TelegramSession) async throws -> Void) async throws -> Void

    let store: AppDatabase
    private let open: OpenSession

    public init(store: AppDatabase, open: @escaping OpenSession) {
        self.store = store
        self.open = open
    }

    public func refresh() async throws {
        let store = store
        try await open { session in try await ChatDirectory(session: session).refresh(into: store) }
    }
}
