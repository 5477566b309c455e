import Foundation
import Testing
import TgtServer
import TgtTestSupport

/// Behind a reverse proxy every request comes from the proxy: `--trusted-proxy` lets the
/// dashboard believe that proxy's `X-Forwarded-For` (and nobody else's) for its rate limits.
@Suite("Trusted proxies: X-Forwarded-For believed from them only")
struct TrustedProxiesTests {
    @Test("addresses and networks, IPv4 and IPv6 (IPv4-mapped as IPv4); anything else refused")
    func parsing() throws {
        let proxies = try TrustedProxies(parsing: ["127.0.0.1", "10.0.0.0/8", "fd00::/8", " ::1 "])
        for trusted in ["127.0.0.1", "10.200.3.4", "fd12:3456::1", "::1", "::ffff:10.1.2.3"] { #expect(proxies.trusts(trusted), "\(trusted)") }
        for other in ["127.0.0.2", "11.0.0.1", "fe80::1", "2001:db8::1", "localhost", "", "10.0.0.1/8"] { #expect(!proxies.trusts(other), "\(other)") }
        #expect(try TrustedProxies(parsing: ["192.168.1.0/24"]).trusts("192.168.1.255"))
        #expect(try !TrustedProxies(parsing: ["192.168.1.0/24"]).trusts("192.168.2.1"))
        for everyone in ["0.0.0.0/0", "::/0"] {
            #expect(throws: TrustedProxyError.everyone(everyone), "every address is refused") { try TrustedProxies(parsing: [everyone]) }
        }
        #expect(try TrustedProxies(parsing: ["0.0.0.0/1"]).trusts("8.8.8.8"))
        for bad in ["proxy.local", "10.0.0.0/33", "::/129", "10.0.0.0/", "/8", "10.0.0.0/8/8", "1.2.3", "10.0.0.0/-1", "1.2.3.4 5"] {
            #expect(throws: TrustedProxyError.unreadable(bad)) { try TrustedProxies(parsing: [bad]) }
        }
    }

    @Test("the client is the last address before the trusted hops; an untrusted peer's header is ignored; junk stops the walk")
    func walking() throws {
        let proxies = try TrustedProxies(parsing: ["127.0.0.1", "10.0.0.0/8"])
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: ["203.0.113.7"]) == "203.0.113.7")
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: ["198.51.100.1, 203.0.113.7, 10.0.0.5"]) == "203.0.113.7",
                "the left of the first untrusted hop is the client's own claim")
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: ["198.51.100.1", "203.0.113.7"]) == "203.0.113.7", "several headers, in order")
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: []) == "127.0.0.1", "no header: the proxy itself")
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: ["10.0.0.9"]) == "10.0.0.9", "only trusted hops: the farthest")
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: ["unknown, 10.0.0.9"]) == "10.0.0.9", "junk: the hop a trusted proxy vouched for")
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: ["<script>"]) == "127.0.0.1")
        #expect(proxies.client(peer: "192.0.2.50", forwardedFor: ["203.0.113.7"]) == "192.0.2.50", "not a trusted proxy: its header is a claim")
        #expect(proxies.client(peer: nil, forwardedFor: ["203.0.113.7"]) == nil)
        #expect(TrustedProxies.none.client(peer: "127.0.0.1", forwardedFor: ["203.0.113.7"]) == "127.0.0.1")
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: ["2001:db8::7"]) == "2001:db8::7")
    }

    #if os(Linux)
    @Test("through real HTTP: behind the trusted proxy each forwarded client has its own trigger throttle; from elsewhere the header changes nothing")
    func throttlePerForwardedClient() async throws {
        let options = DashboardOptions(port: 0, isDemo: true, trustedProxies: try TrustedProxies(parsing: ["127.0.0.3"]))
        let fixture = try await ServerFixture(options: options)
        try await fixture.run { client in
            let port = try #require(client.raw.port)
            func guess(from source: String, forwardedFor: String?) async throws -> Int {
                let headers = forwardedFor.map { ["X-Forwarded-For: \($0)"] } ?? []
                return try await LoopbackPeer.request(port: port, path: "/t/\(String(repeating: "x", count: 43))", from: source, headers: headers).status
            }
            // 20 wrong secrets a client, then 429.
            for _ in 0..<20 { #expect(try await guess(from: "127.0.0.3", forwardedFor: "203.0.113.7") == 404) }
            #expect(try await guess(from: "127.0.0.3", forwardedFor: "203.0.113.7") == 429)
            #expect(try await guess(from: "127.0.0.3", forwardedFor: "203.0.113.8") == 404, "another client behind the same proxy")
            #expect(try await guess(from: "127.0.0.3", forwardedFor: "203.0.113.7, 127.0.0.3") == 429, "the same client through two hops")
            #expect(try await guess(from: "127.0.0.3", forwardedFor: nil) == 404, "the proxy itself is a client of its own")

            for n in 0..<20 { #expect(try await guess(from: "127.0.0.4", forwardedFor: "198.51.100.\(n)") == 404) }
            #expect(try await guess(from: "127.0.0.4", forwardedFor: "198.51.100.99") == 429, "a rotating header from an untrusted peer does not escape the throttle")
        }
    }
    #endif
}
