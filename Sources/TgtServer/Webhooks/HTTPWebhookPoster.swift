import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import TgtApplication

/// Posts webhook deliveries over HTTP or HTTPS (AsyncHTTPClient): no redirect is followed (a
/// signed body goes only where the person pointed it), a receiver has `timeout` seconds to send
/// its answer's status, and the answer's body is never read: the status is all that counts, so
/// a receiver that answers 10 MB, or sends its headers and then nothing, costs no more (the
/// connection is let go). One client for the process, never shut down (it lives as long as the
/// process).
public struct HTTPWebhookPoster: WebhookPosting {
    let client: HTTPClient
    let timeout: TimeInterval

    /// The process's poster.
    public static let shared = HTTPWebhookPoster(client: sharedClient, timeout: HTTPTimeout.seconds)

    /// A poster whose receivers get `timeout` seconds (tests of a receiver that hangs).
    public static func withTimeout(_ timeout: TimeInterval) -> HTTPWebhookPoster {
        HTTPWebhookPoster(client: sharedClient, timeout: timeout)
    }

    private static let sharedClient: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10), read: .seconds(Int64(HTTPTimeout.seconds)), write: .seconds(Int64(HTTPTimeout.seconds))))
        configuration.decompression = .disabled
        // A receiver that refuses the connection fails the attempt at once (it is tried again
        // by `WebhookRetry`), rather than holding a slot until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    public func post(_ request: WebhookRequest) async -> WebhookAnswer {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = .POST
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) { outgoing.headers.add(name: name, value: value) }
        outgoing.body = .bytes(ByteBuffer(bytes: request.body))
        do {
            // The deadline covers the request until the answer's head arrives; the body is
            // dropped unread, which ends the stream and closes the connection.
            let response = try await client.execute(outgoing, timeout: .milliseconds(Int64(timeout * 1000)))
            return .status(Int(response.status.code), retryAfter: response.headers.first(name: "Retry-After"))
        } catch {
            return .failed(Self.describe(error, timeout: timeout))
        }
    }

    /// "1 second", "15 seconds".
    static func seconds(_ value: TimeInterval) -> String { Int(value) == 1 ? "1 second" : "\(Int(value)) seconds" }

    /// Why no answer came, in words a person reads in the delivery log.
    static func describe(_ error: any Error, timeout: TimeInterval) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .writeTimeout:
                return "The receiver did not answer within \(Self.seconds(timeout))."
            case .connectTimeout:
                return "Could not connect to the receiver within 10 seconds."
            case .remoteConnectionClosed:
                return "The receiver closed the connection without answering."
            default:
                return "The delivery failed: \(String(describing: error).prefix(200))."
            }
        }
        if error is NIOConnectionError || error is IOError {
            return "Could not connect to the receiver (nothing answers at that address and port)."
        }
        return "The delivery failed: \(String(describing: error).prefix(200))."
    }
}
