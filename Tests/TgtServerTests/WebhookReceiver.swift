import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TgtDomain
import Testing

/// A real HTTP receiver of webhook deliveries on a loopback port, for the length of one test:
/// it records each request (headers and raw body) and answers as told: a status, a 10 MB body,
/// or never (until the test ends).
final class WebhookReceiver: Sendable {
    /// How the receiver answers.
    enum Mode: Sendable {
        case status(Int)
        case huge
        case hang
        /// The status and a byte of a 100-byte body, then nothing (until the test ends).
        case headThenHang
        /// A redirect to `/elsewhere` (which records nothing if ever asked).
        case redirect
        /// A status with a `Retry-After` header.
        case retryAfter(Int, String)
    }

    /// One request as it arrived.
    struct Received: Sendable {
        var headers: HTTPFields
        var body: Data
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var data: [String: Any] { json["data"] as? [String: Any] ?? [:] }
        func header(_ name: String) -> String? { HTTPField.Name(name).flatMap { headers[$0] } }
    }

    private struct State {
        var mode: Mode = .status(200)
        var received: [Received] = []
    }

    private let state = Locked(State())
    private let (released, release) = AsyncStream<Void>.makeStream()

    var received: [Received] { state.withLock { $0.received } }

    func answer(_ mode: Mode) { state.withLock { $0.mode = mode } }

    /// Each answer closes its connection, so the receiver stops at once when the test ends
    /// (a kept-alive idle connection would hold its graceful shutdown).
    static let closing: HTTPFields = [.connection: "close"]

    /// Serves on a loopback port and runs `body` with the receiver's address.
    func run<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        let router = Router()
        router.post("/hook") { [self] request, _ -> Response in
            let bytes = try await request.body.collect(upTo: 1 << 20)
            let mode = state.withLock { state -> Mode in
                state.received.append(Received(headers: request.headers, body: Data(buffer: bytes)))
                return state.mode
            }
            switch mode {
            case .status(let code):
                return Response(status: .init(code: code), headers: Self.closing, body: .init(byteBuffer: ByteBuffer(string: "ok")))
            case .huge:
                return Response(status: .ok, headers: Self.closing, body: .init(byteBuffer: ByteBuffer(repeating: UInt8(ascii: "a"), count: 10 << 20)))
            case .hang:
                for await _ in released {}
                return Response(status: .ok, headers: Self.closing)
            case .headThenHang:
                let released = released
                return Response(status: .ok, headers: Self.closing, body: ResponseBody(contentLength: 100) { writer in
                    try await writer.write(ByteBuffer(string: "a"))
                    for await _ in released {}
                    try await writer.finish(nil)
                })
            case .redirect:
                return Response(status: .found, headers: [.location: "/elsewhere", .connection: "close"])
            case .retryAfter(let code, let wait):
                return Response(status: .init(code: code), headers: [.retryAfter: wait, .connection: "close"])
            }
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        defer { release.finish() }
        return try await app.test(.live) { client in
            let port = try #require(client.port)
            let url = try #require(URL(string: "http://127.0.0.1:\(port)/hook"))
            defer { release.finish() }
            return try await body(url)
        }
    }
}
