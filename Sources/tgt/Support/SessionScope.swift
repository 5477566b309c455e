import ArgumentParser
import Foundation
import TgtStore
import TgtTDLib
import TgtTelegram

/// Opens the data folder's Telegram session for the length of one command and always closes
/// it (TDLib must be closed cleanly before the process exits), even when the body fails.
enum SessionScope {
    static func with<T>(_ global: GlobalOptions, requireLogin: Bool = true,
                        _ body: (TelegramEnvironment, TelegramSession) async throws -> T) async throws -> T
    {
        let environment = try global.environment()
        if global.demo { global.console.note("Demo mode: using the built-in Telegram simulator, not your account.") }
        let open = try await environment.openSession()
        do {
            if requireLogin, open.session.authorizationState != .ready {
                throw TelegramError.notLoggedIn
            }
            let result = try await body(environment, open.session)
            await open.close()
            return result
        } catch {
            await open.close()
            throw error
        }
    }
}
