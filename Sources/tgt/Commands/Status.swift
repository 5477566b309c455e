import ArgumentParser
import Foundation
import TgtApplication

/// `tgt status`: set-up, login and connection state at a glance.
struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show the data folder, credentials, TDLib, login and connection state.",
        discussion: "Examples:\n  tgt status\n  tgt status --json")

    @OptionGroup var global: GlobalOptions

    struct Report: Encodable {
        var dataDirectory: String
        var demo: Bool
        var credentials: String?
        var credentialsSource: String?
        var tdlib: String?
        var tdlibVersion: String?
        var login: String
        var account: String?
        var connection: String?
        var templates: Int
        var cachedChats: Int
        var problem: String?

        enum CodingKeys: String, CodingKey {
            case dataDirectory = "data_directory"
            case demo, credentials
            case credentialsSource = "credentials_source"
            case tdlib
            case tdlibVersion = "tdlib_version"
            case login, account, connection, templates
            case cachedChats = "cached_chats"
            case problem
        }
    }

    func run() async throws {
        try await global.run {
            let workspace = try global.workspace()
            let secrets = APICredentialsAccess(directory: global.directory)
            var report = Report(dataDirectory: global.directory.url.path, demo: global.demo, login: "unknown",
                                templates: try workspace.templates().count(), cachedChats: try workspace.cachedChats().count)
            if let credentials = try secrets.current() {
                report.credentials = "api_id \(credentials.apiID), api_hash \(credentials.maskedHash)"
                report.credentialsSource = secrets.source
            }
            do {
                let library = try global.library()
                report.tdlib = library.path
                report.tdlibVersion = library.version
                if report.credentials == nil, !global.demo {
                    report.login = "not set up"
                } else if global.dashboard == nil, let holder = SessionHolder.processID(holding: global.directory) {
                    report.login = "in use by process \(holder)"
                } else {
                    let status = try await global.account().status()
                    report.login = (status.loggedIn ? "logged in" : "not logged in") + (global.sessionHolder.map { " (\($0))" } ?? "")
                    report.account = status.accountName
                    report.connection = status.connection
                }
            } catch let error as TDLibraryError {
                report.problem = error.description
            }
            if global.json {
                global.console.emit(report)
                return
            }
            let c = global.console
            c.line("Data folder:  \(report.dataDirectory)\(report.demo ? "  (demo mode)" : "")")
            c.line("Credentials:  \(report.credentials.map { "\($0) from \(report.credentialsSource ?? "")" } ?? "not set up (run `tgt setup`)")")
            c.line("TDLib:        \(report.tdlib.map { "\(report.tdlibVersion ?? "?") at \($0)" } ?? "not found")")
            c.line("Telegram:     \(report.login)\(report.account.map { " as \($0)" } ?? "")")
            if let connection = report.connection { c.line("Connection:   \(connection)") }
            c.line("Templates:    \(report.templates)")
            c.line("Cached chats: \(report.cachedChats)")
            if let problem = report.problem { c.line("Problem:      \(problem)") }
        }
    }
}
