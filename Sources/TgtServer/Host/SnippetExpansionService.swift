import Foundation
import ServiceLifecycle
import TgtApplication

/// Snippets while `tgt serve` runs (`LiveSession.watchForSnippets`), until the server shuts down.
struct SnippetExpansionService: Service {
    let dashboard: Dashboard

    func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await dashboard.telegram.watchForSnippets() }
            try? await gracefulShutdown()
            group.cancelAll()
        }
    }
}
