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
    /// The client's address: the connection's, or behind a trusted proxy the one it forwarded
    /// (`ForwardedClientMiddleware`).
    public var clientAddress: String?
    public var principal: Principal?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        clientAddress = remoteAddress?.ipAddress
        principal = nil
    }

    /// The largest request body any route accepts (a template is far smaller).
    public var maxUploadSize: Int { 256 * 1024 }

    /// A key identifying the client for rate limiting: its IPv4 address, or the /64 network of
    /// its IPv6 address (one household or host is given a whole /64, so counting single
    /// addresses there would let one client rotate through billions).
    public var clientKey: String { Self.clientKey(clientAddress) }

    static func clientKey(_ address: String?) -> String {
        guard let address else { return "unknown" }
        guard address.contains(":") else { return address }
        if address.hasPrefix("::ffff:"), address.contains(".") { return String(address.dropFirst(7)) }
        var groups = address.components(separatedBy: "::")
        let head = groups.removeFirst().split(separator: ":", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
        let tail = groups.first.map { $0.split(separator: ":").map(String.init) } ?? []
        let missing = max(0, 8 - head.count - tail.count)
        let full = head + Array(repeating: "0", count: groups.isEmpty ? 0 : missing) + tail
        return full.prefix(4).joined(separator: ":") + "::/64"
    }
}
