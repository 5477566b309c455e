import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain
#if canImport(Glibc)
import Glibc
#endif

/// Opens the data folder's Telegram session for the length of one command and always closes
/// it (TDLib must be closed cleanly before the process exits), even when the body fails or the
/// user presses Ctrl-C. While it is open, connection trouble is shown as it happens.
enum SessionScope {
    static func with<T>(_ global: GlobalOptions, requireLogin: Bool = true,
                        _ body: (CommandSession) async throws -> T) async throws -> T
    {
        let telegram = try global.telegram()
        let workspace = try global.workspace()
        let console = global.console
        if global.demo { console.note("Demo mode: using the built-in Telegram simulator, not your account.") }
        let tookSession = global.clock.now
        let session = try await telegram.openSession(in: workspace)
        let interrupts = InterruptHandler { await session.close() }
        let watcher = Task {
            var last: ConnectionState?
            for await state in session.connectionStates() where state != last {
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
            await settleInterruptedSends(session, before: tookSession, global: global)
            await settleHeldSends(session, before: tookSession, global: global)
            await reconcileSchedule(session, global: global)
            if requireLogin, !session.isLoggedIn {
                throw TelegramError.notLoggedIn
            }
            let result = try await body(session)
            await session.close()
            return result
        } catch {
            await session.close()
            throw error
        }
    }
}

extension SessionScope {
    /// Settles the sends an earlier `tgt` (or `tgt serve`) left unfinished when it was killed,
    /// from TDLib's own resends, before this command does anything else; says what happened
    /// in one line.
    static func settleInterruptedSends(_ session: CommandSession, before cutoff: Date, global: GlobalOptions) async {
        let outcome = await session.settleInterruptedSends(before: cutoff) { count in
            global.console.note("Checking \(count) send\(count == 1 ? "" : "s") an earlier run left unfinished…")
        }
        guard outcome.total > 0 else { return }
        var parts: [String] = []
        if outcome.sent > 0 { parts.append("\(outcome.sent) confirmed sent") }
        if outcome.failed > 0 { parts.append("\(outcome.failed) refused by Telegram") }
        if outcome.notSent > 0 { parts.append("\(outcome.notSent) never sent") }
        if outcome.uncertain > 0 { parts.append("\(outcome.uncertain) may have been delivered (check the chat)") }
        global.console.note("  " + parts.joined(separator: ", ") + ".")
    }
}

extension SessionScope {
    /// Settles the sends an earlier `tgt` left in their undo hold when it was killed: waits for
    /// a hold that has not ended (at most 30 s), sends what is due, records what is too late as
    /// not sent; says what happened in one line.
    static func settleHeldSends(_ session: CommandSession, before cutoff: Date, global: GlobalOptions) async {
        let console = global.console
        let clock = global.clock
        let outcome = await session.settleHeldSends(before: cutoff) { template, until in
            let seconds = max(1, Int(until.timeIntervalSince(clock.now).rounded(.up)))
            console.note("An earlier run held “\(template)” for undo when it stopped: it goes out in \(seconds) s.")
        }
        guard let outcome, outcome.total > 0 else { return }
        var parts: [String] = []
        if outcome.sent > 0 { parts.append("\(outcome.sent) sent after its hold") }
        if outcome.expired > 0 { parts.append("\(outcome.expired) not sent (interrupted while it could still be undone)") }
        if outcome.undone > 0 { parts.append("\(outcome.undone) undone") }
        console.note("Held sends an earlier run left: " + parts.joined(separator: ", ") + " (see the send log).")
    }
}

extension SessionScope {
    /// On every start of the session: when anything waits on Telegram's servers (or a running
    /// timer should have a message there), one schedule pass makes Telegram's schedule and the
    /// send log agree; says in one line what happened meanwhile.
    static func reconcileSchedule(_ session: CommandSession, global: GlobalOptions) async {
        guard let pass = await session.reconcileSchedule() else { return }
        var parts: [String] = []
        if pass.posted > 0 { parts.append("\(pass.posted) posted by Telegram") }
        if pass.cancelledElsewhere > 0 { parts.append("\(pass.cancelledElsewhere) deleted in another Telegram app") }
        if !parts.isEmpty { global.console.note("Scheduled messages: " + parts.joined(separator: ", ") + " (`tgt scheduled` lists what still waits).") }
    }
}

/// The write end is filled by the signal handler; one watcher thread reads it (the self-pipe
/// trick: a signal handler may only do async-signal-safe things such as `write`).
private let interruptPipe: [Int32] = {
    var fds: [Int32] = [-1, -1]
    _ = pipe(&fds)
    return fds
}()

/// The cleanup of the innermost open scope, run by the watcher thread on a signal.
private let currentCleanup = Locked<(@Sendable () async -> Void)?>(nil)
/// The line the handler in effect shows when the signal comes.
private let interruptMessage = Locked("Stopping: closing the Telegram session…")
/// Set once a SIGINT or SIGTERM is being handled (the process exits when its cleanup ends).
private let interrupting = Locked(false)
/// While a send is in its undo hold: what Ctrl-C does instead of stopping (`HoldInterrupt`).
private let holdInterrupt = Locked<(@Sendable () async -> Void)?>(nil)
/// Before a held send's countdown starts: what a stop does after closing the session and
/// before exiting (`HoldInterrupt.beforeExit`).
private let stopFollowUp = Locked<(@Sendable () async -> Void)?>(nil)

/// Starts the one watcher thread (on first use).
private let interruptWatcher: Void = {
    let thread = Thread {
        var byte: UInt8 = 0
        while read(interruptPipe[0], &byte, 1) == 1 {
            let number = Int32(byte)
            if let undo = holdInterrupt.withLock({ $0 }) {
                Task { await undo() }
                continue
            }
            guard let cleanup = currentCleanup.withLock({ $0 }) else {
                // No session of this process's own (the dashboard's holds the send).
                guard let followUp = stopFollowUp.withLock({ $0 }) else { exit(128 + number) }
                interrupting.withLock { $0 = true }
                Task {
                    await followUp()
                    exit(128 + number)
                }
                return
            }
            interrupting.withLock { $0 = true }
            OutputStream.standardError.write(Array("\n\(interruptMessage.withLock { $0 })\n".utf8))
            OutputStream.silenceAll()
            Task {
                await cleanup()
                await stopFollowUp.withLock({ $0 })?()
                exit(128 + number)
            }
            return
        }
    }
    thread.start()
}()

/// While a send waits out its undo hold, Ctrl-C (or SIGTERM) takes it back instead of stopping
/// the command: the send's own wait then ends with "undone". Afterwards signals act as before.
enum HoldInterrupt {
    /// Until the hold's countdown starts, Ctrl-C still stops the command (the session may be
    /// opening, which can take long); `followUp` then runs once the session is closed, before
    /// the process exits: the held send is taken back even when its rows were written as the
    /// command stopped, so no held send is left for the next run to send (nil: nothing).
    static func beforeExit(_ followUp: (@Sendable () async -> Void)?) {
        _ = interruptWatcher
        stopFollowUp.withLock { $0 = followUp }
        if followUp != nil {
            InterruptHandler.install()
        } else if currentCleanup.withLock({ $0 }) == nil, holdInterrupt.withLock({ $0 }) == nil {
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
    }

    /// Makes Ctrl-C call `undo` (nil: stop doing so).
    static func set(_ undo: (@Sendable () async -> Void)?) {
        _ = interruptWatcher
        holdInterrupt.withLock { $0 = undo }
        if undo != nil {
            InterruptHandler.install()
        } else if currentCleanup.withLock({ $0 }) == nil {
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
    }
}

/// On SIGINT or SIGTERM: runs `cleanup` (closing TDLib), then exits with 130 / 143.
///
/// The handler is installed with `sigaction` before `init` returns, so a signal that
/// arrives right after (say, Ctrl-C at the first prompt) is never lost.
final class InterruptHandler: Sendable {
    /// `message` is the line shown on stderr when the signal comes.
    init(message: String = "Stopping: closing the Telegram session…", cleanup: @escaping @Sendable () async -> Void) {
        currentCleanup.withLock { $0 = cleanup }
        interruptMessage.withLock { $0 = message }
        Self.install()
    }

    /// Routes SIGINT and SIGTERM to the watcher thread.
    static func install() {
        _ = interruptWatcher
        let handler: @convention(c) (Int32) -> Void = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(interruptPipe[1], &byte, 1)
        }
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
            #else
            action.__sigaction_u.__sa_handler = handler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// Whether Ctrl-C (or SIGTERM) is closing the session: a command that finds its session
    /// closed under it should then wait for the exit (130 / 143) rather than report success.
    static var isInterrupting: Bool { interrupting.withLock { $0 } }

    /// Restores the default signal behaviour (the command's work is done).
    func cancel() {
        currentCleanup.withLock { $0 = nil }
        guard holdInterrupt.withLock({ $0 }) == nil, stopFollowUp.withLock({ $0 }) == nil else { return }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
