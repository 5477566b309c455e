import Foundation
import Logging
import TgtDomain

/// One TDLib client: typed async requests matched to their answers by `@extra`, and the
/// client's updates as one ordered stream.
///
/// Create it, consume `updates` (in order: TDLib requires updates to be applied in the order
/// they arrive), send requests, and always `close()` it before the process exits.
public final class TDClient: Sendable {
    /// The default time a request may wait for its answer.
    public static let defaultTimeout: Double = 30

    public let clientID: Int32
    /// Every update for this client, in TDLib's order. Ends after `authorizationStateClosed`.
    public let updates: AsyncStream<TDUpdate>
    public let runtime: TDRuntime
    let core: TDClientCore
    private let logger = Logger(label: "tgt.tdlib.client")

    /// Creates a client on `runtime`. TDLib starts it with the first request.
    public init(runtime: TDRuntime) {
        self.runtime = runtime
        clientID = runtime.transport.createClientID()
        let (stream, continuation) = AsyncStream<TDUpdate>.makeStream(bufferingPolicy: .unbounded)
        updates = stream
        core = TDClientCore(clientID: clientID, continuation: continuation)
        runtime.register(core)
    }

    /// Whether the client has reached `authorizationStateClosed`.
    public var isClosed: Bool { core.isClosed }

    /// Sends `function` and waits for its answer (at most `timeout` seconds).
    public func send<F: TDFunction>(_ function: F, timeout: Double = TDClient.defaultTimeout) async throws(TDError) -> F.Result {
        try await sendTracked(function, timeout: timeout).result.get()
    }

    /// Like `send`, and also says how many updates the client had received before the answer,
    /// so a consumer of `updates` can wait until it has applied those (TDLib sends the updates a
    /// request causes, e.g. `updateNewChat` for `loadChats`, before the request's answer).
    /// TDLib's error answers come back in `result` with their count; it throws only when no
    /// answer came (encoding, timeout, client closed).
    public func sendTracked<F: TDFunction>(_ function: F, timeout: Double = TDClient.defaultTimeout) async throws(TDError) -> (result: Result<F.Result, TDError>, updatesBefore: UInt64) {
        let extra = core.nextExtra()
        let json: String
        do {
            json = try TDCoding.encode(function, extra: extra)
        } catch {
            throw .encoding(function: F.typeName, detail: String(describing: error))
        }
        let answer: TDClientCore.Answer
        do {
            answer = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (c: CheckedContinuation<TDClientCore.Answer, any Error>) in
                    if core.await(extra: extra, function: F.typeName, timeout: timeout, continuation: c) {
                        runtime.transport.send(clientID: clientID, request: json)
                    }
                }
            } onCancel: {
                core.fail(extra: extra, with: .closed(function: F.typeName))
            }
        } catch let error as TDError {
            throw error
        } catch {
            throw .closed(function: F.typeName)
        }
        let result = Result { () throws(TDError) in
            try TDCoding.decodeResult(F.Result.self, typeName: answer.typeName, data: answer.data, function: F.typeName)
        }
        return (result, answer.updatesBefore)
    }

    /// Runs a function TDLib can answer synchronously (e.g. `parseTextEntities`) without a client.
    public static func execute<F: TDFunction>(_ function: F, on transport: any TDJSONTransport) throws(TDError) -> F.Result {
        let json: String
        do { json = try TDCoding.encode(function) } catch {
            throw .encoding(function: F.typeName, detail: String(describing: error))
        }
        guard let answer = transport.execute(json) else {
            throw .decoding(function: F.typeName, detail: "no answer from td_execute")
        }
        let data = Data(answer.utf8)
        let typeName = (try? JSONDecoder().decode(TDTypeOnly.self, from: data))?.typeName
        return try TDCoding.decodeResult(F.Result.self, typeName: typeName, data: data, function: F.typeName)
    }

    /// Asks TDLib to close and waits (at most `timeout` seconds) for `authorizationStateClosed`.
    /// Returns true when the client closed cleanly.
    @discardableResult
    public func close(timeout: Double = 15) async -> Bool {
        if core.isClosed { return true }
        do {
            _ = try await send(TDFunctions.Close(), timeout: timeout)
        } catch {
            if core.isClosed { return true }
            logger.debug("close request failed", metadata: ["error": "\(error)"])
        }
        let timedOut = Locked(false)
        let timer = Task { [core, runtime, clientID] in
            try? await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
            guard !Task.isCancelled, !core.isClosed else { return }
            timedOut.withLock { $0 = true }
            runtime.unregister(clientID)
            core.finish()
        }
        await core.waitUntilClosed()
        timer.cancel()
        let closed = !timedOut.withLock { $0 }
        if !closed {
            logger.warning("TDLib client did not report authorizationStateClosed in time")
        }
        return closed
    }
}

/// Reads only `@type` of an object.
struct TDTypeOnly: Decodable {
    let typeName: String
    init(from decoder: any Decoder) throws {
        typeName = try decoder.container(keyedBy: TDKey.self).decode(String.self, forKey: .type)
    }
}
