import ArgumentParser
import Foundation
import TgtStore
import TgtTDLib
import TgtTelegram
#if canImport(Glibc)
import Glibc
#endif

/// Opens the data folder's Telegram session for the length of one command and always closes
/// it (TDLib must be closed cleanly before the process exits), even when the body fails or the
/// user presses Ctrl-C. While it is open, connection trouble is shown as it happens.
enum SessionScope {
    static func with<T>(_ global: GlobalOptions, requireLogin: Bool = true,
                        _ body: (TelegramEnvironment, TelegramSession) async throws -> T) async throws -> T
    {
        let environment = try global.environment()
        let console = global.console
        if global.demo { console.note("Demo mode: using the built-in Telegram simulator, not your account.") }
        let open = try await environment.openSession()
        let interrupts = InterruptHandler { await open.close() }
        let watcher = Task {
            var last: ConnectionState?
            for await state in open.session.connection.subscribe() where state != last {
                // Only trouble is worth a line; "connected" is shown once it recovers.
                if state == .waitingForNetwork || state == .connectingToProxy || (state == .ready && last != nil && last != .connecting && last != .updating) {
                    console.note("Telegram: \(state.label)")
                }
                last = state
            }
        }
        defer {
            watcher.cancel()
            interrupts.cancel()
        }
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

/// On SIGINT or SIGTERM: runs `cleanup` (closing TDLib), then exits with 130 / 143.
final class InterruptHandler {
    private let sources: [any DispatchSourceSignal]

    init(cleanup: @escaping @Sendable () async -> Void) {
        var made: [any DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                FileHandle.standardError.write(Data("\nStopping: closing the Telegram session…\n".utf8))
                Task {
                    await cleanup()
                    exit(128 + signalNumber)
                }
            }
            source.resume()
            made.append(source)
        }
        sources = made
    }

    func cancel() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
