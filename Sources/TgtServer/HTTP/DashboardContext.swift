import Foundation
import Hummingbird
import NIOCore

/// Who is making a request, once the auth middleware has looked.
public enum Principal: Sendable, Equatable {
    /// A browser signed in with the dashboard password (cookie session).
    case browser(WebSession)
    /// A script with an API token (or the local `tgt` commands with the server's own token).
    case token(name: String)

    public var session: WebSession? {
        if case .browser(let session) = self { return session }
        return nil
    }
}

/// The request context of every dashboard route: the client's address (for rate limits) and
/// who is signed in.
public struct DashboardContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?
    public var principal: Principal?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        principal = nil
    }

    /// The largest request body any route accepts (a template is far smaller).
    public var maxUploadSize: Int { 256 * 1024 }

    /// A key identifying the client for rate limiting (its IP address).
    public var clientKey: String { remoteAddress?.ipAddress ?? "unknown" }
}
