import Foundation
import TgtApplication
import TgtServer

/// The account of the running dashboard's session, through its API.
struct DashboardAccount: AccountAccess {
    let client: DashboardClient

    func status() async throws -> AccountStatus {
        let status = try await client.status()
        return AccountStatus(loggedIn: status.loggedIn, accountName: status.accountName, connection: status.connectionLabel)
    }

    func logOut() async throws {
        try await client.logOut()
    }
}

/// The chat directory reloaded by the running dashboard's session, through its API.
struct DashboardChatDirectory: ChatDirectoryRefreshing {
    let client: DashboardClient

    func refresh() async throws {
        try await client.refreshChats()
    }
}
