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
    case status(Int)
    case failed(String)

    /// Whether the receiver took it (2xx).
    public var isSuccess: Bool {
        if case .status(let code) = self { return (200..<300).contains(code) }
        return false
    }
}

/// What sends webhook deliveries over HTTP: the server's client (`tgt serve`, `tgt webhooks
/// test`). It gives up on a receiver that takes longer than `WebhookPosting.timeout` and reads
/// at most `maxAnswerBytes` of an answer (the status is all that counts).
public protocol WebhookPosting: Sendable {
    func post(_ request: WebhookRequest) async -> WebhookAnswer
}

extension WebhookPosting {
    /// How long a receiver has to answer, connection included.
    public static var timeout: TimeInterval { 15 }
    /// The most of an answer's body that is read.
    public static var maxAnswerBytes: Int { 64 * 1024 }
}
