import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import TgtWire

/// A change the dashboard's event stream announced for one chat (the `chat` server-sent event,
/// `ChatChangeEvent` in `openapi.yaml`): its row changed, and with `messages` its conversation
/// too (new, edited, deleted or read).
public struct DashboardChatChange: Sendable, Equatable {
    public var chatID: Int64
    public var messages: Bool

    public init(chatID: Int64, messages: Bool) {
        self.chatID = chatID
        self.messages = messages
    }
}

/// What `DashboardClient.chatChanges()` yields: once the stream is open, then each chat change
/// and each part of a file being sent that reached Telegram.
public enum DashboardStreamEvent: Sendable, Equatable {
    /// The dashboard answered: from now on no change is missed.
    case connected
    case chat(DashboardChatChange)
    /// The `upload` event: `sentBytes` of message `messageID`'s file are up.
    case upload(chatID: Int64, messageID: Int64, sentBytes: Int64)
}

extension DashboardClient {
    /// Follows the dashboard's `GET /api/events` (server-sent events, with the run's token) and
    /// yields `.connected`, then every `chat` event. The generated client's transport
    /// (`LoopbackTransport`) hands over a reply only when it is complete, so this is a small
    /// streaming HTTP/1.1 reader on SwiftNIO. The stream ends with `DashboardClientError` code
    /// `unreachable` when the server cannot be reached or goes away (stopped, restarted,
    /// killed), and plainly when the consumer stops iterating.
    public func chatChanges() -> AsyncThrowingStream<DashboardStreamEvent, any Error> {
        let descriptor = descriptor
        return AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1024)) { continuation in
            let task = Task {
                do {
                    try await Self.follow(descriptor) { continuation.yield($0) }
                    continuation.finish(throwing: Self.gone(descriptor))
                } catch is CancellationError {
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: Task.isCancelled ? nil : error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The error for a dashboard that answered before and no longer does: what a follower says
    /// when the stream ends, or when a request made while following finds the server gone.
    public func wentAway() -> DashboardClientError { Self.gone(descriptor) }

    private static func gone(_ descriptor: ServerDescriptor) -> DashboardClientError {
        DashboardClientError(code: "unreachable", message: "The running dashboard (pid \(descriptor.pid)) at \(descriptor.url) went away.",
                             nextStep: "Start `tgt serve` again (or run the command without it) and follow the chat again.")
    }

    private static func follow(_ descriptor: ServerDescriptor, yield: @escaping @Sendable (DashboardStreamEvent) -> Void) async throws {
        guard let url = URL(string: descriptor.url), let host = url.host else {
            throw DashboardClientError(code: "bad_request", message: "The dashboard's address \(descriptor.url) is not a URL.", nextStep: nil)
        }
        let port = url.port ?? 80
        let channel: NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw DashboardClientError(code: "unreachable", message: "The running dashboard (pid \(descriptor.pid)) at \(descriptor.url) did not answer.",
                                       nextStep: "Check that `tgt serve` is still running, or stop it to use the session directly.")
        }
        let path = url.path.hasSuffix("/") ? String(url.path.dropLast()) : url.path
        try await withTaskCancellationHandler {
            try await channel.executeThenClose { inbound, outbound in
                var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path + "/api/events")
                head.headers.add(name: "Host", value: "\(host):\(port)")
                head.headers.add(name: "Authorization", value: "Bearer \(descriptor.token)")
                head.headers.add(name: "Accept", value: "text/event-stream")
                try await outbound.write(.head(head))
                try await outbound.write(.end(nil))
                var parser = ServerSentEventParser()
                for try await part in inbound {
                    switch part {
                    case .head(let response):
                        guard response.status == .ok else {
                            throw DashboardClientError(code: "failed", message: "The dashboard refused its event stream (\(response.status.code)).",
                                                       nextStep: "Restart `tgt serve`, or stop it to use the session directly.")
                        }
                        yield(.connected)
                    case .body(let buffer):
                        for event in parser.feed(buffer.readableBytesView) {
                            if let parsed = Self.streamEvent(event) { yield(parsed) }
                        }
                    case .end:
                        return
                    }
                }
            }
        } onCancel: {
            channel.channel.close(promise: nil)
        }
    }
}

extension DashboardClient {
    /// A `chat` or `upload` event as what the stream yields; nil for any other (or one that does not read).
    static func streamEvent(_ event: ServerSentEventParser.Event) -> DashboardStreamEvent? {
        let data = Data(event.data.utf8)
        switch event.name {
        case "chat":
            guard let payload = try? JSONDecoder().decode(Components.Schemas.ChatChangeEvent.self, from: data) else { return nil }
            return .chat(DashboardChatChange(chatID: payload.chatId, messages: payload.messages))
        case "upload":
            guard let payload = try? JSONDecoder().decode(Components.Schemas.UploadProgressEvent.self, from: data) else { return nil }
            return .upload(chatID: payload.chatId, messageID: payload.messageId, sentBytes: payload.sentBytes)
        default:
            return nil
        }
    }
}

/// Splits a `text/event-stream` body into events (name and data), as bytes arrive in any
/// pieces: lines end with LF (a CR before it is dropped), a blank line ends an event, `:`
/// starts a comment (the server's heartbeat), `data` lines are joined with LF.
struct ServerSentEventParser {
    struct Event: Equatable {
        var name: String
        var data: String
    }

    private var line: [UInt8] = []
    private var name = ""
    private var data: [String] = []

    mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Event] where Bytes.Element == UInt8 {
        var events: [Event] = []
        for byte in bytes {
            guard byte == UInt8(ascii: "\n") else {
                // A line longer than 1 MiB is not ours: drop it rather than grow without end.
                if line.count < 1 << 20 { line.append(byte) }
                continue
            }
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            let text = String(decoding: line, as: UTF8.self)
            line.removeAll(keepingCapacity: true)
            if text.isEmpty {
                if !data.isEmpty { events.append(Event(name: name.isEmpty ? "message" : name, data: data.joined(separator: "\n"))) }
                name = ""
                data = []
                continue
            }
            if text.hasPrefix(":") { continue }
            let field: Substring
            var value: Substring
            if let colon = text.firstIndex(of: ":") {
                field = text[..<colon]
                value = text[text.index(after: colon)...]
                if value.hasPrefix(" ") { value = value.dropFirst() }
            } else {
                field = text[...]
                value = ""
            }
            switch field {
            case "event": name = String(value)
            case "data": data.append(String(value))
            default: break
            }
        }
        return events
    }
}
