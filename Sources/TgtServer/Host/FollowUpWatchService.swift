import Foundation
import ServiceLifecycle
import TgtApplication

/// Follow-ups while `tgt serve` runs (`LiveSession.watchFollowUps`), until the server shuts
/// down. Follow-ups set while nothing ran are judged at the next start, with what Telegram
/// still tells.
struct FollowUpWatchService: Service {
    let dashboard: Dashboard

    func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await dashboard.telegram.watchFollowUps() }
            try? await gracefulShutdown()
            group.cancelAll()
        }
    }
}
