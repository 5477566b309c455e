import Foundation

/// One delivery as it goes over the wire: a JSON POST to `url` with these headers.
public struct WebhookRequest: Sendable, Hashable {
    public var url: URL
    public var headers: [String: String]
    public var body: Data
}

/// How one POST ended: the receiver's HTTP status, or why no answer came (refused, timed out,
/// not a web server), in words.
public enum WebhookAnswer: Sendable, Hashable {
    /// The receiver's status, with its `Retry-After` header if it sent one.
    case status(Int, retryAfter: String? = nil)
    case failed(String)

    /// Whether the receiver took it (2xx).
    public var isSuccess: Bool {
        if case .status(let code, _) = self { return (200..<300).contains(code) }
        return false
    }
}

/// What sends webhook deliveries over HTTP: the server's client (`tgt serve`, `tgt webhooks
/// test`). It gives up on a receiver that takes longer than `HTTPTimeout.seconds` to send
/// its status, and reads nothing of an answer's body (the status is all that counts).
public protocol WebhookPosting: Sendable {
    func post(_ request: WebhookRequest) async -> WebhookAnswer
}

/// How long a webhook receiver has to send its answer's status, connection included.
public enum HTTPTimeout {
    public static let seconds: TimeInterval = 15
}
