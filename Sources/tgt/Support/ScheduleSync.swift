import Foundation
import TgtApplication
import TgtDomain

/// After a command changed timers or scheduled sends, brings Telegram's schedule in line:
/// through the running dashboard (its `ScheduleKeeper` notices the store change) or by opening
/// the Telegram session for one pass. Without a login the timer still works; the line says
/// its message is not scheduled and what to do.
enum ScheduleSync {
    /// How long to wait for a running dashboard to act on a change.
    static let dashboardWait: TimeInterval = 20

    static func afterTimerChange(_ timer: CountdownTimer, _ global: GlobalOptions, workspace: Workspace) async {
        let live = ((try? workspace.scheduledSends().waiting()) ?? []).filter { $0.timerID == timer.id }
        let wantsTelegram = timer.pendingCompletion != nil
        guard wantsTelegram || !live.isEmpty else { return }
        guard await sync(global, workspace: workspace) else {
            if wantsTelegram { global.console.note("Its completion message is not scheduled on Telegram; the timer still runs here.") }
            return
        }
        describe(timer, global, workspace: workspace)
    }

    /// One pass with Telegram (here, or the running dashboard's); false when there was no
    /// session. Through a dashboard it waits until the dashboard's `ScheduleKeeper` has
    /// finished a pass that started after this command's change (the store's pass marker), so
    /// it needs none of the keeper's rules.
    @discardableResult
    static func sync(_ global: GlobalOptions, workspace: Workspace) async -> Bool {
        if let dashboard = global.dashboard {
            global.console.note("The running dashboard (pid \(dashboard.descriptor.pid)) updates Telegram's schedule…")
            let schedule = workspace.scheduledSends()
            let changed = schedule.inputsRevision()
            func actedOn() -> Bool { schedule.passCaughtUp(since: changed) }
            let deadline = Date().addingTimeInterval(dashboardWait)
            while Date() < deadline, !actedOn() { try? await Task.sleep(nanoseconds: 50_000_000) }
            if !actedOn() {
                global.console.note("The dashboard has not updated Telegram's schedule within \(Int(dashboardWait)) s (is it logged in to Telegram? see its Settings). It does so as soon as it can.")
            }
            return true
        }
        do {
            // Opening the session runs the pass (`SessionScope.reconcileSchedule`).
            try await SessionScope.with(global) { _ in }
            return true
        } catch let error as any UserFacingError {
            global.console.note(error.message + (CLINextStep.forError(error).map { " " + $0 } ?? ""))
            return false
        } catch {
            global.console.note("Telegram's schedule could not be updated: \(error)")
            return false
        }
    }

    /// One line per target of the timer's latest run.
    static func describe(_ timer: CountdownTimer, _ global: GlobalOptions, workspace: Workspace) {
        let rows = (try? workspace.scheduledSends().forTimer(timer.id)) ?? []
        guard !rows.isEmpty else { return }
        for row in rows { global.console.note("  " + line(ScheduledItem(row))) }
    }

    static func line(_ row: ScheduledItem) -> String {
        let when = TimerText.time(row.scheduledFor)
        return switch row.status {
        case .scheduled: "⏱ \(row.title): scheduled on Telegram for \(when)"
        case .queued: "… \(row.title): due at \(when), too soon for Telegram's scheduler; sent then only if `tgt serve` is running"
        case .sending, .cancelling: "… \(row.title): \(row.status.rawValue)"
        case .sent: "✓ \(row.title): posted"
        case .cancelled: "⊘ \(row.title): cancelled\(row.error.map { " — " + $0 } ?? "")"
        case .failed: "✗ \(row.title): \(row.error ?? "failed")"
        case .handedOver: "↗ \(row.title)"
        case .held: "⏳ \(row.title): held for undo"
        case .undone: "↶ \(row.title): undone"
        }
    }
}
