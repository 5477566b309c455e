import Foundation
import TgtDomain
import TgtStore
import TgtTelegram

/// After a command changed timers or scheduled sends, brings Telegram's schedule in line:
/// through the running dashboard (its `ScheduleKeeper` notices the store change) or by opening
/// the Telegram session for one pass. Without a login the timer still works; the line says
/// its message is not scheduled and what to do.
enum ScheduleSync {
    /// How long to wait for a running dashboard to act on a change.
    static let dashboardWait: TimeInterval = 20

    static func afterTimerChange(_ timer: CountdownTimer, _ global: GlobalOptions, store: AppDatabase) async {
        let live = ((try? store.liveScheduledSends()) ?? []).filter { $0.timerID == timer.id }
        let wantsTelegram = timer.pendingCompletion != nil
        guard wantsTelegram || !live.isEmpty else { return }
        guard await sync(global, store: store, settled: { settledFor(timer, store: store) }) else {
            if wantsTelegram { global.console.note("Its completion message is not scheduled on Telegram; the timer still runs here.") }
            return
        }
        describe(timer, global, store: store)
    }

    /// One pass with Telegram (here or in the dashboard); false when there was no session.
    @discardableResult
    static func sync(_ global: GlobalOptions, store: AppDatabase, settled: @escaping () -> Bool) async -> Bool {
        if let dashboard = global.dashboard {
            global.console.note("The running dashboard (pid \(dashboard.descriptor.pid)) updates Telegram's schedule…")
            let deadline = Date().addingTimeInterval(dashboardWait)
            while Date() < deadline, !settled() { try? await Task.sleep(nanoseconds: 100_000_000) }
            if !settled() {
                global.console.note("The dashboard has not updated Telegram's schedule within \(Int(dashboardWait)) s (is it logged in to Telegram? see its Settings). It does so as soon as it can.")
            }
            return true
        }
        do {
            // Opening the session runs the pass (`SessionScope.reconcileSchedule`).
            try await SessionScope.with(global) { _, _ in }
            return true
        } catch let error as TelegramError {
            global.console.note("\(error.message) \(error.nextStep ?? "")".trimmingCharacters(in: .whitespaces))
            return false
        } catch let error as any UserFacingError {
            global.console.note(error.message + (error.nextStep.map { " " + $0 } ?? ""))
            return false
        } catch {
            global.console.note("Telegram's schedule could not be updated: \(error)")
            return false
        }
    }

    /// Whether Telegram's schedule (as the send log says) matches the timer now.
    private static func settledFor(_ timer: CountdownTimer, store: AppDatabase) -> Bool {
        let rows = ((try? store.liveScheduledSends()) ?? []).filter { $0.timerID == timer.id }
        let moving = rows.contains { $0.status == .sending || $0.status == .cancelling || ($0.status == .queued && $0.scheduledFor.timeIntervalSinceNow >= ScheduleError.minimumLead) }
        if moving { return false }
        if let endsAt = timer.pendingCompletion?.endsAt {
            let run = (try? store.scheduledSends(timerID: timer.id, endingAt: endsAt)) ?? []
            return !run.isEmpty && !rows.contains { abs($0.scheduledFor.timeIntervalSince(endsAt)) >= 1 }
        }
        // Stopped: nothing of it may still wait to be posted later.
        return !rows.contains { $0.status == .scheduled && $0.scheduledFor.timeIntervalSinceNow > 1 }
    }

    /// One line per target of the timer's latest run.
    static func describe(_ timer: CountdownTimer, _ global: GlobalOptions, store: AppDatabase) {
        let rows = (try? store.scheduledSends(timerID: timer.id)) ?? []
        guard !rows.isEmpty else { return }
        for row in rows { global.console.note("  " + line(row)) }
    }

    static func line(_ row: ScheduledSend) -> String {
        let when = TimerText.time(row.scheduledFor)
        return switch row.status {
        case .scheduled: "⏱ \(row.entry.targetTitle): scheduled on Telegram for \(when)"
        case .queued: "… \(row.entry.targetTitle): due at \(when), too soon for Telegram's scheduler; sent then only if `tgt serve` is running"
        case .sending, .cancelling: "… \(row.entry.targetTitle): \(row.status.rawValue)"
        case .sent: "✓ \(row.entry.targetTitle): posted"
        case .cancelled: "⊘ \(row.entry.targetTitle): cancelled\(row.entry.error.map { " — " + $0 } ?? "")"
        case .failed: "✗ \(row.entry.targetTitle): \(row.entry.error ?? "failed")"
        case .handedOver: "↗ \(row.entry.targetTitle)"
        }
    }
}
