import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOPosix
import OpenAPIRuntime
import TgtDomain

/// The generated client's transport: one plain HTTP/1.1 exchange per request over SwiftNIO, to
/// the `tgt serve` of this machine (its address comes from the data folder's `server.json`, a
/// loopback `http://` address). It replaces `URLSessionTransport`, whose Linux URLSession lives
/// in FoundationNetworking and needs libcurl, so `tgt` links no libcurl and builds with
/// `--static-swift-stdlib`; it is ours rather than swift-openapi-async-http-client's because
/// the dashboard never speaks TLS and one exchange per request is all it needs (webhooks, which
/// do speak TLS, bring async-http-client into `tgt` since: docs/install.md).
///
/// Each request opens its own connection, closed by us once the reply has ended: loopback
/// connects take well under a millisecond and a command makes a handful of requests. A body of
/// known length read once (a file being uploaded, up to Telegram's 2,000 MB) is streamed as it
/// is read; any other goes out in one write with the head (at most `maximumBodyBytes`), so the
/// server cannot answer, and close, while part of it is still queued. A reply is
/// collected whole, at most `maximumBodyBytes` (a file is downloaded in ranges below that;
/// server-sent events go through `chatChanges()`, which streams).
struct LoopbackTransport: ClientTransport {
    /// How long a connection may take to open.
    static let connectTimeout = TimeAmount.seconds(10)
    /// How long the server may stay silent once asked: a send answers when Telegram has
    /// confirmed every target (up to 180 s) after its undo hold (up to 30 s).
    static let idleTimeout = TimeAmount.seconds(180 + Int64(UndoHold.maximumSeconds))
    /// The largest request or reply body collected (a chat page or the send log is far smaller).
    static let maximumBodyBytes = 64 << 20
    /// The largest request body streamed: Telegram's limit for one file.
    static let maximumStreamedBytes: Int64 = 2_000 * 1024 * 1024

    var idleTimeout = Self.idleTimeout

    /// Why an exchange failed before a whole reply arrived: `DashboardClient.call` tells a user
    /// the dashboard did not answer.
    enum Failure: Error, Equatable {
        case notLoopbackHTTP(String)
        case timedOut
        case closedEarly
        case tooLarge
        /// A streamed body could not be read to its declared length (a file changed, went or
        /// failed to read while it was sent).
        case bodyChanged
    }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        guard baseURL.scheme == "http", let host = baseURL.host else { throw Failure.notLoopbackHTTP(baseURL.absoluteString) }
        let port = baseURL.port ?? 80
        var requestBytes: [UInt8] = []
        // A file's body (read once, of known length) goes out as it is read; any other (the JSON
        // of every other request) is collected and goes out in one write with the head.
        var streamed: (body: HTTPBody, length: Int64)?
        if let body {
            if case .known(let length) = body.length, body.iterationBehavior == .single {
                guard length <= Self.maximumStreamedBytes else { throw Failure.tooLarge }
                streamed = (body, length)
            } else {
                requestBytes = try await [UInt8](collecting: body, upTo: Self.maximumBodyBytes)
            }
        }

        let basePath = baseURL.path.hasSuffix("/") ? String(baseURL.path.dropLast()) : baseURL.path
        var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: request.method.rawValue), uri: basePath + (request.path ?? "/"))
        for field in request.headerFields { head.headers.add(name: field.name.rawName, value: field.value) }
        head.headers.replaceOrAdd(name: "Host", value: port == 80 ? host : "\(host):\(port)")
        if body != nil || request.method == .post || request.method == .put || request.method == .patch {
            head.headers.replaceOrAdd(name: "Content-Length", value: String(streamed?.length ?? Int64(requestBytes.count)))
        }

        let idleTimeout = idleTimeout
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(Self.connectTimeout)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandlers([IdleStateHandler(readTimeout: idleTimeout), SilenceHandler()])
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        return try await withTaskCancellationHandler {
            try await channel.executeThenClose { inbound, outbound in
                // A failed write (the server closed, or the idle timeout did) is reported only
                // if no reply follows: the reading below ends with the reason, or with a reply
                // the server sent before it closed (a refusal of a streamed upload, say).
                var writeError: (any Error)?
                do {
                    if let streamed {
                        try await outbound.write(.head(head))
                        var written: Int64 = 0
                        var reader = streamed.body.makeAsyncIterator()
                        while true {
                            // A file that cannot be read on (deleted, an I/O error) ends the
                            // exchange at once: the server would wait for the rest until its timeout.
                            let chunk: ArraySlice<UInt8>?
                            do { chunk = try await reader.next() } catch { throw Failure.bodyChanged }
                            guard let chunk else { break }
                            written += Int64(chunk.count)
                            // A file that grew while it was read would not match its Content-Length.
                            guard written <= streamed.length else { throw Failure.bodyChanged }
                            try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: chunk))))
                        }
                        guard written == streamed.length else { throw Failure.bodyChanged }
                        try await outbound.write(.end(nil))
                    } else {
                        var parts: [HTTPClientRequestPart] = [.head(head)]
                        if !requestBytes.isEmpty { parts.append(.body(.byteBuffer(ByteBuffer(bytes: requestBytes)))) }
                        parts.append(.end(nil))
                        try await outbound.write(contentsOf: parts)
                    }
                } catch Failure.bodyChanged {
                    // The server must not take a body cut short or run long as the whole file.
                    throw Failure.bodyChanged
                } catch {
                    writeError = error
                }
                var response: HTTPResponse?
                var collected = ByteBuffer()
                for try await part in inbound {
                    switch part {
                    case .head(let answer):
                        response = Self.response(answer)
                    case .body(var buffer):
                        guard collected.readableBytes + buffer.readableBytes <= Self.maximumBodyBytes else { throw Failure.tooLarge }
                        collected.writeBuffer(&buffer)
                    case .end:
                        guard let response else { throw Failure.closedEarly }
                        return (response, HTTPBody(Array(collected.readableBytesView)))
                    }
                }
                throw writeError ?? Failure.closedEarly
            }
        } onCancel: {
            channel.channel.close(promise: nil)
        }
    }

    private static func response(_ head: HTTPResponseHead) -> HTTPResponse {
        var fields = HTTPFields()
        for (name, value) in head.headers {
            guard let name = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: name, value: value))
        }
        return HTTPResponse(status: .init(code: Int(head.status.code), reasonPhrase: head.status.reasonPhrase), headerFields: fields)
    }

    /// Ends the exchange with `Failure.timedOut` when `IdleStateHandler` reports the server
    /// silent for `idleTimeout`.
    private final class SilenceHandler: ChannelInboundHandler {
        typealias InboundIn = HTTPClientResponsePart
        typealias InboundOut = HTTPClientResponsePart

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            context.fireChannelRead(data)
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
                context.fireErrorCaught(Failure.timedOut)
                context.close(promise: nil)
            } else {
                context.fireUserInboundEventTriggered(event)
            }
        }
    }
}
