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
