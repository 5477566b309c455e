import Foundation
import Logging
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real libtdjson, loaded at run time with `dlopen`.
///
/// One instance per library path per process (see `load`): libtdjson's `td_receive` is global to
/// the process, so there must be exactly one receive loop reading from it.
public final class TDJSONLibrary: TDJSONTransport, @unchecked Sendable {
    // @unchecked: only immutable C function pointers and an immutable path are stored.
    private typealias CreateFn = @convention(c) () -> Int32
    private typealias SendFn = @convention(c) (Int32, UnsafePointer<CChar>?) -> Void
    private typealias ReceiveFn = @convention(c) (Double) -> UnsafePointer<CChar>?
    private typealias ExecuteFn = @convention(c) (UnsafePointer<CChar>?) -> UnsafePointer<CChar>?

    /// Where the library was loaded from.
    public let path: String
    /// Whether it was found only by asking Python for its packages (slow at every start: the
    /// face may suggest recording the path).
    public let foundThroughPython: Bool
    private let createFn: CreateFn
    private let sendFn: SendFn
    private let receiveFn: ReceiveFn
    private let executeFn: ExecuteFn

    private static let loaded = Locked<[String: TDJSONLibrary]>([:])
    private static let logger = Logger(label: "tgt.tdlib.library")

    private init(path: String, handle: UnsafeMutableRawPointer, viaPython: Bool) throws(TDLibraryError) {
        self.foundThroughPython = viaPython
        func symbol<T>(_ name: String, as type: T.Type) throws(TDLibraryError) -> T {
            guard let pointer = dlsym(handle, name) else { throw .missingSymbol(name, path: path) }
            return unsafeBitCast(pointer, to: type)
        }
        self.path = path
        createFn = try symbol("td_create_client_id", as: CreateFn.self)
        sendFn = try symbol("td_send", as: SendFn.self)
        receiveFn = try symbol("td_receive", as: ReceiveFn.self)
        executeFn = try symbol("td_execute", as: ExecuteFn.self)
    }

    /// Finds and loads libtdjson (see `TDLibraryLocator` for the search order), once per process.
    ///
    /// TDLib's own log is silenced to errors only until a client points it at a file.
    public static func load(explicitPath: String? = nil,
                            environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(TDLibraryError) -> TDJSONLibrary
    {
        let locator = TDLibraryLocator(explicitPath: explicitPath, environment: environment)
        var tried: [String] = []
        // The Python package is only asked about when nothing else was found (it runs python3).
        let stages: [(viaPython: Bool, paths: () -> [String])] = [(false, locator.candidates), (true, locator.pythonPackageLibraries)]
        for stage in stages {
            if stage.viaPython {
                logger.debug("libtdjson not found without Python; asking python3 for its site-packages", metadata: ["tried": "\(tried)"])
            }
            for candidate in stage.paths() {
                if let cached = loaded.withLock({ $0[candidate] }) { return cached }
                tried.append(candidate)
                guard let handle = dlopen(candidate, RTLD_NOW | RTLD_LOCAL) else { continue }
                let winner = keep(try TDJSONLibrary(path: candidate, handle: handle, viaPython: stage.viaPython))
                logger.debug("loaded libtdjson", metadata: ["path": "\(candidate)", "found": "\(stage.viaPython ? "through Python" : "without spawning anything")"])
                return winner
            }
        }
        throw .notFound(searched: locator.describedLocations)
    }

    /// The C functions of TDLib's JSON interface, for a TDLib linked into the app itself (on
    /// iOS, Swiftgram's TDLibFramework): pass `td_create_client_id`, `td_send`, `td_receive`
    /// and `td_execute` as imported from it.
    public struct LinkedFunctions: Sendable {
        public typealias Create = @convention(c) () -> Int32
        public typealias Send = @convention(c) (Int32, UnsafePointer<CChar>?) -> Void
        public typealias Receive = @convention(c) (Double) -> UnsafePointer<CChar>?
        public typealias Execute = @convention(c) (UnsafePointer<CChar>?) -> UnsafePointer<CChar>?

        let create: Create
        let send: Send
        let receive: Receive
        let execute: Execute

        public init(create: Create, send: Send, receive: Receive, execute: Execute) {
            self.create = create
            self.send = send
            self.receive = receive
            self.execute = execute
        }
    }

    /// The binding over a TDLib linked into the process (once per process, like `load`).
    public static func linked(_ functions: LinkedFunctions) -> TDJSONLibrary {
        let key = "<linked into the app>"
        if let cached = loaded.withLock({ $0[key] }) { return cached }
        return keep(TDJSONLibrary(path: key, functions: functions))
    }

    /// Caches `library` under its path, unless another thread got there first (then that one
    /// is returned); the one kept has TDLib's own log turned down to errors.
    private static func keep(_ library: TDJSONLibrary) -> TDJSONLibrary {
        let (winner, isNew) = loaded.withLock { cache in
            if let existing = cache[library.path] { return (existing, false) }
            cache[library.path] = library
            return (library, true)
        }
        if isNew { _ = winner.execute(#"{"@type":"setLogVerbosityLevel","new_verbosity_level":1}"#) }
        return winner
    }

    private init(path: String, functions: LinkedFunctions) {
        self.path = path
        foundThroughPython = false
        createFn = functions.create
        sendFn = functions.send
        receiveFn = functions.receive
        executeFn = functions.execute
    }

    public func createClientID() -> Int32 { createFn() }

    public func send(clientID: Int32, request: String) {
        request.withCString { sendFn(clientID, $0) }
    }

    public func receive(timeout: Double) -> String? {
        // The returned buffer is valid only until the next call: copy it at once.
        receiveFn(timeout).map { String(cString: $0) }
    }

    public func execute(_ request: String) -> String? {
        request.withCString { executeFn($0) }.map { String(cString: $0) }
    }
}

/// libtdjson could not be loaded.
public enum TDLibraryError: UserFacingError, Equatable {
    case notFound(searched: [String])
    case missingSymbol(String, path: String)

    public var message: String {
        switch self {
        case .notFound(let searched):
            "TDLib (libtdjson) was not found. Looked in: \(searched.joined(separator: "; "))."
        case .missingSymbol(let name, let path):
            "\(path) is not a usable libtdjson (it has no \(name))."
        }
    }

    public var nextStep: String? {
        "Install it with `scripts/install-deps.sh` (or `python3 -m pip install tdjson==1.8.69`), "
            + "or point TGT_TDJSON at a libtdjson file."
    }

    public var code: String { "tdlib_missing" }
}

import TgtDomain
