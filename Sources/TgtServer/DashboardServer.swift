import Foundation
import Hummingbird
import Logging
import NIOCore
import TgtStore
import TgtTelegram

/// Builds the dashboard's HTTP application: routes, middlewares and the hooks that write
/// `server.json` once listening and shut the Telegram session down cleanly afterwards.
public enum DashboardServer {
    /// Why a dashboard cannot start with these options.
    public struct StartError: Error, Sendable {
        public let message: String
        public let nextStep: String
    }

    /// Refuses to listen beyond this machine without a dashboard password.
    public static func checkBinding(_ options: DashboardOptions, secrets: DashboardSecrets) throws(StartError) {
        guard options.isLoopback || secrets.hasPassword else {
            throw StartError(
                message: "Refusing to listen on \(options.host) without a dashboard password: anyone on the network could send messages from your Telegram account.",
                nextStep: "Run `tgt serve --set-password` first (or start on 127.0.0.1 and choose one in the browser), then start again with --host \(options.host).")
        }
    }

    /// All routes: pages, the JSON API, assets.
    public static func router(_ dashboard: Dashboard) -> Router<DashboardContext> {
        let router = Router(context: DashboardContext.self)
        router.add(middleware: ErrorAndHeadersMiddleware())
        router.add(middleware: AuthMiddleware(dashboard: dashboard))
        AssetRoutes.add(to: router)
        PageRoutes.add(to: router, dashboard: dashboard)
        router.add(middleware: BodyLimitMiddleware())
        router.add(middleware: RequestContextMiddleware())
        // The JSON API: every operation of API/Spec/openapi.yaml, through the generated code.
        do {
            try DashboardAPI.register(on: router, dashboard: dashboard)
        } catch {
            Logger(label: "tgt.server").critical("the API routes could not be registered", metadata: ["error": "\(error)"])
        }
        return router
    }

    /// The application; `onListening` gets the actual port (useful with port 0).
    public static func application(_ dashboard: Dashboard, onListening: @escaping @Sendable (Int) async -> Void = { _ in })
        -> some ApplicationProtocol
    {
        var logger = Logger(label: "tgt.server")
        logger.logLevel = .info
        return Application(
            router: router(dashboard),
            configuration: .init(address: .hostname(dashboard.options.host, port: dashboard.options.port), serverName: "tgt"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? dashboard.options.port) },
            logger: logger)
    }
}
