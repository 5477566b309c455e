import Foundation
import TgtApplication

/// The account of the running dashboard's session, through its API.
public struct DashboardAccount: AccountAccess {
    public let client: DashboardClient

    public init(client: DashboardClient) {
        self.client = client
    }

    public func status() async throws -> AccountStatus {
        let status = try await client.status()
        return AccountStatus(loggedIn: status.loggedIn, accountName: status.accountName, connection: status.connectionLabel)
    }

    public func logOut() async throws {
        try await client.logOut()
    }
}

/// The chat directory reloaded by the running dashboard's session, through its API.
public struct DashboardChatDirectory: ChatDirectoryRefreshing {
    public let client: DashboardClient

    public init(client: DashboardClient) {
        self.client = client
    }

    public func refresh() async throws {
        try await client.refreshChats()
    }
}
