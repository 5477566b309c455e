import Foundation
import ServiceLifecycle
import TgtApplication

extension Dashboard {
    /// Sending through the dashboard's Telegram session, now and on Telegram's schedule.
    var sending: SendService { telegram.sending }
}

/// Away replies while `tgt serve` runs (`LiveSession.watchForAwayReplies`), until the server
/// shuts down.
struct AwayReplyService: Service {
    let dashboard: Dashboard

    func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await dashboard.telegram.watchForAwayReplies() }
            try? await gracefulShutdown()
            group.cancelAll()
        }
    }
}
