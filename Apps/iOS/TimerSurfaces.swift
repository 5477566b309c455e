import Foundation
import TgtAppModel
import TgtTimerSync

/// Everything outside the timers screen that follows the timers: the Live Activities, the local
/// notifications, the timers widget and the watch. The app calls `timersChanged` after every
/// change (the timers screen's, a Live Activity button's, the watch's).
@MainActor
final class TimerSurfaces {
    static let shared = TimerSurfaces()

    private var app: AppModel?
    private var sync: PhoneTimerSync?
    private var link: TimerSyncLink?

    /// Opens the watch link and takes Live Activity buttons' changes (once, when the model exists).
    func start(app: AppModel, containers: AppContainers) {
        guard self.app == nil else { return }
        self.app = app
        let sync = PhoneTimerSync(workspace: app.services.workspace, stateFile: containers.shared.appendingPathComponent("timer-sync.json"))
        self.sync = sync
        link = TimerSyncLink(receive: { [weak self] message in self?.received(message) }, fullState: { [clock = app.services.clock] in sync.fullState(at: clock.now) })
        TimerControlIntent.afterChange = { [weak self] _ in
            // The intent has brought the activities, notifications and widget along; the list's
            // reload tells the watch (through the tab's change handler).
            self?.app?.timers.reload()
        }
        Task { await TimerNotifications.requestPermission() }
    }

    /// After any timer change in the store.
    func timersChanged() async {
        guard let app else { return }
        await TimerFollowers.follow(app.timers.timers)
        if let message = sync?.outgoing(at: app.services.clock.now) { link?.send(message) }
    }

    private func received(_ message: SyncMessage) {
        guard let sync, let app else { return }
        if let reply = sync.receive(message, at: app.services.clock.now) { link?.send(reply) }
        // The list reloads; its change brings the activities, notifications and widget along.
        app.timers.reload()
    }
}
