import Foundation
import Hummingbird
import Logging
import NIOCore
import TgtApplication

/// Builds the dashboard's HTTP application: routes, middlewares, the Telegram session as a
/// service, and the hook that writes `server.json` once listening.
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
        router.add(middleware: ForwardedClientMiddleware(proxies: dashboard.options.trustedProxies))
        router.add(middleware: ErrorAndHeadersMiddleware())
        router.add(middleware: AuthMiddleware(dashboard: dashboard))
        AssetRoutes.add(to: router)
        ServiceWorker.add(to: router)
        PageRoutes.add(to: router, dashboard: dashboard)
        router.add(middleware: BodyLimitMiddleware())
        router.add(middleware: RequestContextMiddleware(secure: dashboard.options.secureCookies))
        // The JSON API: every operation of API/Spec/openapi.yaml, through the generated code.
        do {
            try DashboardAPI.register(on: router, dashboard: dashboard)
        } catch {
            Logger(label: "tgt.server").critical("the API routes could not be registered", metadata: ["error": "\(error)"])
        }
        return router
    }

    /// The dashboard as `tgt serve` and the tests run it, assembled in this one place: the
    /// routes, and the Telegram session as a service that starts with the server and shuts
    /// down gracefully after it (sends in flight get `shutdownGrace` seconds). `onListening` gets
    /// the actual port (useful with port 0).
    public static func buildApplication(_ dashboard: Dashboard, shutdownGrace: Double = 20,
                                        onListening: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol
    {
        var logger = Logger(label: "tgt.server")
        logger.logLevel = .info
        return Application(
            router: router(dashboard),
            configuration: .init(address: .hostname(dashboard.options.host, port: dashboard.options.port), serverName: "tgt"),
            services: [LiveSessionService(telegram: dashboard.telegram, grace: shutdownGrace), AwayReplyService(dashboard: dashboard),
                       SnippetExpansionService(dashboard: dashboard), WebhookDeliveryService(dashboard: dashboard),
                       FollowUpWatchService(dashboard: dashboard)],
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? dashboard.options.port) },
            logger: logger)
    }
}
