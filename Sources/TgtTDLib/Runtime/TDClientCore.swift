import Foundation
import TgtDomain

/// A client's mutable state, shared by its `TDClient` handle and the receive loop: the requests
/// waiting for an answer, the update stream, and whether it has closed.
final class TDClientCore: Sendable {
    typealias Answer = (typeName: String, data: Data, updatesBefore: UInt64)

    let clientID: Int32
    private let continuation: AsyncStream<TDUpdate>.Continuation
    private let state = Locked<State>(State())

    private struct Pending {
        let function: String
        let continuation: CheckedContinuation<Answer, any Error>
        var timer: Task<Void, Never>?
    }

    private struct State {
        var pending: [String: Pending] = [:]
        var nextRequest: UInt64 = 0
        var closed = false
        var closeWaiters: [CheckedContinuation<Void, Never>] = []
        var delivered: UInt64 = 0
    }

    init(clientID: Int32, continuation: AsyncStream<TDUpdate>.Continuation) {
        self.clientID = clientID
        self.continuation = continuation
    }

    var isClosed: Bool { state.withLock { $0.closed } }

    /// Reserves an `@extra` value for a new request.
    func nextExtra() -> String {
        state.withLock { s in
            s.nextRequest += 1
            return "r\(s.nextRequest)"
        }
    }

    /// Registers a waiting request. Returns false (and fails it) when the client already closed.
    func await(extra: String, function: String, timeout: Double,
               continuation: CheckedContinuation<Answer, any Error>) -> Bool
    {
        let accepted = state.withLock { s -> Bool in
            if s.closed { return false }
            s.pending[extra] = Pending(function: function, continuation: continuation, timer: nil)
            return true
        }
        guard accepted else {
            continuation.resume(throwing: TDError.closed(function: function))
            return false
        }
        let timer = Task { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
            guard !Task.isCancelled else { return }
            self?.fail(extra: extra, with: .timeout(function: function, seconds: timeout))
        }
        let orphan = state.withLock { s -> Bool in
            guard s.pending[extra] != nil else { return true }
            s.pending[extra]?.timer = timer
            return false
        }
        if orphan { timer.cancel() }
        return true
    }

    func resolve(extra: String, typeName: String, data: Data) {
        guard let (pending, delivered) = state.withLock({ s in s.pending.removeValue(forKey: extra).map { ($0, s.delivered) } }) else { return }
        pending.timer?.cancel()
        pending.continuation.resume(returning: (typeName, data, delivered))
    }

    func fail(extra: String, with error: TDError) {
        guard let pending = state.withLock({ $0.pending.removeValue(forKey: extra) }) else { return }
        pending.timer?.cancel()
        pending.continuation.resume(throwing: error)
    }

    func deliver(_ update: TDUpdate) {
        state.withLock { $0.delivered += 1 }
        continuation.yield(update)
    }

    /// Marks the client closed: fails every waiting request, ends the update stream and wakes
    /// whoever waits in `waitUntilClosed`.
    func finish() {
        let (pending, waiters) = state.withLock { s -> ([Pending], [CheckedContinuation<Void, Never>]) in
            s.closed = true
            let p = Array(s.pending.values)
            s.pending.removeAll()
            let w = s.closeWaiters
            s.closeWaiters.removeAll()
            return (p, w)
        }
        for p in pending {
            p.timer?.cancel()
            p.continuation.resume(throwing: TDError.closed(function: p.function))
        }
        continuation.finish()
        for w in waiters { w.resume() }
    }

    func waitUntilClosed() async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let already = state.withLock { s -> Bool in
                if s.closed { return true }
                s.closeWaiters.append(c)
                return false
            }
            if already { c.resume() }
        }
    }
}
