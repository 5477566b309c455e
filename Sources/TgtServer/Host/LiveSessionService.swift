import ServiceLifecycle
import TgtApplication

/// The Telegram session as a service of the dashboard's service group: started with the server
/// and, on a graceful shutdown (SIGTERM, Ctrl-C, the end of a test), shut down after the HTTP
/// server has stopped taking requests — sends in flight get `grace` seconds to finish, TDLib is
/// closed and the data folder released.
struct LiveSessionService: Service {
    let telegram: LiveSession
    let grace: Double

    func run() async throws {
        await telegram.start()
        // Returns when the group shuts down gracefully; throws when it is cancelled instead.
        try? await gracefulShutdown()
        await telegram.shutdown(grace: grace)
    }
}
