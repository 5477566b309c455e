import Foundation
import HTTPTypes
import Hummingbird
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reverse proxies whose `X-Forwarded-For` the dashboard believes (`tgt serve
/// --trusted-proxy`): behind one, every request comes from the proxy's address, so rate limits
/// would count everyone as one client; from anyone else the header is a claim anybody can make,
/// so it is ignored.
public struct TrustedProxies: Sendable, Equatable {
    /// One address or network: its bytes (4 or 16) and how many leading bits count.
    struct Network: Sendable, Equatable {
        var bytes: [UInt8]
        var bits: Int

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == bytes.count else { return false }
            var left = bits
            for (a, b) in zip(address, bytes) where left > 0 {
                let mask: UInt8 = left >= 8 ? 0xFF : ~(0xFF >> UInt8(left))
                if a & mask != b & mask { return false }
                left -= 8
            }
            return true
        }
    }

    let networks: [Network]

    /// None: `X-Forwarded-For` is never believed.
    public static let none = TrustedProxies(networks: [])

    init(networks: [Network]) { self.networks = networks }

    /// Reads addresses and networks: `127.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`.
    public init(parsing entries: [String]) throws(TrustedProxyError) {
        networks = try entries.map { entry throws(TrustedProxyError) in
            let parts = entry.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let bytes = Self.bytes(String(parts[0])) else { throw .unreadable(entry) }
            let width = bytes.count * 8
            guard let bits = parts.count == 2 ? Int(parts[1]) : width, (0...width).contains(bits) else { throw .unreadable(entry) }
            // A /0 would believe every address on the internet about who it is.
            guard bits > 0 else { throw .everyone(entry) }
            return Network(bytes: bytes, bits: bits)
        }
    }

    public var isEmpty: Bool { networks.isEmpty }

    /// Whether `address` is one of the trusted proxies.
    public func trusts(_ address: String) -> Bool {
        guard let bytes = Self.bytes(address) else { return false }
        return networks.contains { $0.contains(bytes) }
    }

    /// The client a request came from: the connection's address, unless that is a trusted
    /// proxy; then the last address in `X-Forwarded-For` (all its headers, in order) that is not
    /// a trusted proxy, walking back from the proxy. A value that is not an address stops the
    /// walk at the hop before it, which a trusted proxy vouched for.
    public func client(peer: String?, forwardedFor values: [String]) -> String? {
        guard let peer, trusts(peer) else { return peer }
        let hops = values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        var client = peer
        for hop in hops.reversed() {
            guard Self.bytes(hop) != nil else { return client }
            client = hop
            if !trusts(hop) { return hop }
        }
        return client
    }

    /// An IPv4 or IPv6 address's bytes (an IPv4-mapped IPv6 one as IPv4); nil for anything else.
    static func bytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes.prefix(10).allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF { return Array(bytes.suffix(4)) }
        return bytes
    }
}

/// A `--trusted-proxy` value that is not an address or a network.
public enum TrustedProxyError: Error, Equatable {
    case unreadable(String)
    /// A network of every address (`0.0.0.0/0`, `::/0`).
    case everyone(String)

    public var message: String {
        switch self {
        case .unreadable(let entry): "“\(entry)” is not an address or a network, such as 127.0.0.1, 10.0.0.0/8 or fd00::/8."
        case .everyone(let entry): "“\(entry)” is every address: anyone could then choose the address the rate limits count."
        }
    }
}

/// Sets each request's client address (`DashboardContext.clientAddress`) from the trusted
/// proxies' `X-Forwarded-For`, before anything counts requests by client.
struct ForwardedClientMiddleware: RouterMiddleware {
    typealias Context = DashboardContext
    let proxies: TrustedProxies
    static let header = HTTPField.Name("X-Forwarded-For")

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !proxies.isEmpty, let header = Self.header else { return try await next(request, context) }
        var context = context
        context.clientAddress = proxies.client(peer: context.clientAddress, forwardedFor: request.headers[values: header])
        return try await next(request, context)
    }
}
