import Foundation
import TgtDomain
import TgtTDLib

/// Wraps a transport and keeps a copy of everything sent and received. Only for the simulator:
/// a wrapper gets its own receive loop, and real libtdjson must have exactly one.
public final class RecordingTransport: TDJSONTransport, @unchecked Sendable {
    // @unchecked: the logs are guarded by `log`.
    public let inner: any TDJSONTransport
    private let log = Locked<(sent: [String], received: [String])>(([], []))

    public init(_ inner: any TDJSONTransport) { self.inner = inner }

    public var sent: [String] { log.withLock { $0.sent } }
    public var received: [String] { log.withLock { $0.received } }

    public func createClientID() -> Int32 { inner.createClientID() }

    public func send(clientID: Int32, request: String) {
        log.withLock { $0.sent.append(request) }
        inner.send(clientID: clientID, request: request)
    }

    public func receive(timeout: Double) -> String? {
        let text = inner.receive(timeout: timeout)
        if let text { log.withLock { $0.received.append(text) } }
        return text
    }

    public func execute(_ request: String) -> String? { inner.execute(request) }
}
