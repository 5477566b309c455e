import Foundation
import Logging
import TgtDomain

/// Owns the single receive loop over one `TDJSONTransport` and routes what it reads:
/// responses to the waiting request (by `@extra`), updates to their client's ordered stream
/// (by `@client_id`).
///
/// The loop runs on its own thread while at least one client is registered and stops when the
/// last one has closed, so `td_receive` is never called from two threads at once.
public final class TDRuntime: Sendable {
    public let transport: any TDJSONTransport
    private let state = Locked<State>(State())
    private let logger = Logger(label: "tgt.tdlib.runtime")

    private struct State {
        var clients: [Int32: TDClientCore] = [:]
        var loopRunning = false
    }

    /// Held weakly: the sessions using a runtime keep it (and its transport) alive, so a
    /// simulator's transport and files go with the last session on it instead of living as
    /// long as the process.
    private static let sharedRuntimes = Locked<[ObjectIdentifier: WeakRuntime]>([:])

    private struct WeakRuntime: Sendable {
        weak var runtime: TDRuntime?
    }

    public init(transport: any TDJSONTransport) {
        self.transport = transport
    }

    /// The process-wide runtime for a transport (there must be only one per libtdjson at a
    /// time): the one in use, or a new one once every user of the last has gone. A runtime
    /// keeps its transport alive, so a live entry's key is never another transport's.
    public static func shared(for transport: any TDJSONTransport) -> TDRuntime {
        sharedRuntimes.withLock { map in
            let key = ObjectIdentifier(transport)
            if let existing = map[key]?.runtime { return existing }
            map = map.filter { $0.value.runtime != nil }
            let runtime = TDRuntime(transport: transport)
            map[key] = WeakRuntime(runtime: runtime)
            return runtime
        }
    }

    /// Number of clients currently registered (for tests and diagnostics).
    public var clientCount: Int { state.withLock { $0.clients.count } }

    /// Whether a client is still registered (closed clients are not).
    public func isRegistered(_ clientID: Int32) -> Bool { state.withLock { $0.clients[clientID] != nil } }

    func register(_ core: TDClientCore) {
        let startLoop = state.withLock { s -> Bool in
            s.clients[core.clientID] = core
            if s.loopRunning { return false }
            s.loopRunning = true
            return true
        }
        if startLoop {
            let thread = Thread { [self] in self.runLoop() }
            thread.name = "tdjson-receive"
            thread.start()
        }
    }

    func unregister(_ clientID: Int32) {
        state.withLock { _ = $0.clients.removeValue(forKey: clientID) }
    }

    private func runLoop() {
        let decoder = JSONDecoder()
        while true {
            let keepGoing = state.withLock { s -> Bool in
                if s.clients.isEmpty {
                    s.loopRunning = false
                    return false
                }
                return true
            }
            guard keepGoing else { return }
            guard let text = transport.receive(timeout: 0.2) else { continue }
            dispatch(text, decoder: decoder)
        }
    }

    private func dispatch(_ text: String, decoder: JSONDecoder) {
        let data = Data(text.utf8)
        let incoming: TDIncoming
        do {
            incoming = try decoder.decode(TDIncoming.self, from: data)
        } catch {
            logger.warning("skipped an unreadable TDLib object", metadata: ["error": "\(error)"])
            return
        }
        guard let clientID = incoming.clientID,
            let core = state.withLock({ $0.clients[clientID] })
        else { return }
        if let extra = incoming.extra {
            core.resolve(extra: extra, typeName: incoming.typeName, data: data)
        } else if let update = incoming.update {
            core.deliver(update)
            if case .authorizationState(.closed) = update {
                unregister(clientID)
                core.finish()
            }
        }
    }
}

/// What the receive loop reads first from every object: where it goes and what it is, and for
/// updates (objects without `@extra`) the typed update, all in one JSON parse.
public struct TDIncoming: Decodable, Sendable {
    public let clientID: Int32?
    public let extra: String?
    public let typeName: String
    public let update: TDUpdate?

    /// Decodes one object exactly as the receive loop does.
    public static func decode(_ data: Data, using decoder: JSONDecoder) throws -> TDIncoming {
        try decoder.decode(TDIncoming.self, from: data)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: TDKey.self)
        clientID = try c.decodeIfPresent(Int32.self, forKey: .clientID)
        extra = try? c.decodeIfPresent(String.self, forKey: .extra)
        typeName = try c.decode(String.self, forKey: .type)
        update = extra == nil ? TDUpdate(decoding: decoder, typeName: typeName) : nil
    }
}
