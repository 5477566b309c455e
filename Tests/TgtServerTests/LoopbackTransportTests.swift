import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing
@testable import TgtDashboardClient
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The generated client's NIO transport against peers a real dashboard never is: one that
/// takes the connection and never answers (the idle timeout ends it), and a refused address.
/// Everything else it does is exercised against the real server by the dashboard client's
/// tests (DashboardSendingTests, the CLI's through-serve tests).
@Suite("The dashboard client's loopback transport", .timeLimit(.minutes(2)))
struct LoopbackTransportTests {
    @Test("a server that never answers: the exchange ends after the idle timeout with timedOut")
    func silentServer() async throws {
        // A listening socket nobody accepts on: the kernel completes the connection and keeps
        // the request; no reply ever comes.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        try #require(bound == 0 && listen(fd, 4) == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        let port = Int(UInt16(bigEndian: address.sin_port))

        var transport = LoopbackTransport()
        transport.idleTimeout = .milliseconds(500)
        let baseURL = try #require(URL(string: "http://127.0.0.1:\(port)"))
        let started = ContinuousClock.now
        await #expect(throws: LoopbackTransport.Failure.timedOut) {
            _ = try await transport.send(HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/api/send"), body: HTTPBody("{}"),
                                         baseURL: baseURL, operationID: "test")
        }
        let waited = ContinuousClock.now - started
        #expect(waited >= .milliseconds(500) && waited < .seconds(30), "\(waited)")
    }

    @Test("only http:// addresses are asked (the dashboard's run file names a loopback http address)")
    func refusesOtherSchemes() async throws {
        let baseURL = try #require(URL(string: "https://127.0.0.1:1"))
        await #expect(throws: LoopbackTransport.Failure.notLoopbackHTTP("https://127.0.0.1:1")) {
            _ = try await LoopbackTransport().send(HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/api/status"), body: nil,
                                                   baseURL: baseURL, operationID: "test")
        }
    }
}
