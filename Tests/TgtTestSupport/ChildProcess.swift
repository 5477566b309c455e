import Foundation

#if os(Linux)
import Glibc

/// A child process for the tests, started with `posix_spawn`: the part of Foundation's `Process`
/// the tests use (executable, arguments, environment, folder, the three streams as a `Pipe` or a
/// `FileHandle`, `run`, `isRunning`, `waitUntilExit`, `terminationStatus`, `terminate`,
/// `interrupt`).
///
/// swift-corelibs-foundation's `Process.run` (6.3.1 and before) lists `/proc/self/fd` copying
/// 256 bytes of each entry's name, which reads past the end of glibc's directory buffer once the
/// process has about 1,300 descriptors open, and crashes the whole test process (SIGSEGV in a
/// memcpy; swift-corelibs-foundation#5472, fixed upstream after 6.3.1). The full suite has over
/// 1,500 open at its busiest, and CI lost a stop to it. Here the child closes everything past
/// stderr with `posix_spawn_file_actions_addclosefrom_np` instead, without reading the folder.
public final class ChildProcess: @unchecked Sendable {
    // Every field below is read and written under `lock`.
    private let lock = NSLock()
    private let exited = NSCondition()
    private var _executableURL: URL?
    private var _arguments: [String] = []
    private var _environment: [String: String]?
    private var _currentDirectoryURL: URL?
    private var _standardInput: Any?
    private var _standardOutput: Any?
    private var _standardError: Any?
    private var pid: pid_t = 0
    private var status: Int32?

    public init() {}

    /// The program to run.
    public var executableURL: URL? {
        get { locked { _executableURL } }
        set { locked { _executableURL = newValue } }
    }

    /// Its arguments, without the program itself.
    public var arguments: [String]? {
        get { locked { _arguments } }
        set { locked { _arguments = newValue ?? [] } }
    }

    /// Its whole environment; nil gives it this process's.
    public var environment: [String: String]? {
        get { locked { _environment } }
        set { locked { _environment = newValue } }
    }

    /// The folder it starts in; nil keeps this process's.
    public var currentDirectoryURL: URL? {
        get { locked { _currentDirectoryURL } }
        set { locked { _currentDirectoryURL = newValue } }
    }

    /// A `Pipe` (the child reads its reading end) or a `FileHandle`; nil shares this process's.
    public var standardInput: Any? {
        get { locked { _standardInput } }
        set { locked { _standardInput = newValue } }
    }

    /// A `Pipe` (the child writes its writing end) or a `FileHandle`; nil shares this process's.
    public var standardOutput: Any? {
        get { locked { _standardOutput } }
        set { locked { _standardOutput = newValue } }
    }

    /// As `standardOutput`, for stderr.
    public var standardError: Any? {
        get { locked { _standardError } }
        set { locked { _standardError = newValue } }
    }

    /// The child's pid once started, else 0.
    public var processIdentifier: Int32 { locked { pid } }

    /// Started and not yet ended.
    public var isRunning: Bool { locked { pid != 0 && status == nil } }

    /// Its exit code, or the signal that ended it (as Foundation's `Process` words it); -1
    /// while it runs (Foundation traps there) or when it could not be waited for.
    public var terminationStatus: Int32 {
        exited.lock()
        defer { exited.unlock() }
        return status ?? -1
    }

    /// Starts the child; throws when `posix_spawn` refuses (no such program, say).
    public func run() throws {
        let (path, argv, envp, folder, streams) = try locked { () throws -> (String, [String], [String], String?, [Any?]) in
            guard pid == 0 else { throw ChildProcessError.alreadyStarted }
            guard let url = _executableURL else { throw ChildProcessError.noExecutable }
            let env = _environment ?? ProcessInfo.processInfo.environment
            return (url.path, [url.path] + _arguments, env.map { "\($0.key)=\($0.value)" },
                    _currentDirectoryURL?.path, [_standardInput, _standardOutput, _standardError])
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in streams.enumerated() {
            // Foundation's `FileHandle.nullDevice` has no descriptor: the child opens /dev/null.
            if let handle = stream as? FileHandle, handle === FileHandle.nullDevice {
                try check(posix_spawn_file_actions_addopen(&actions, Int32(target), "/dev/null", O_RDWR, 0))
                continue
            }
            guard let source = Self.descriptor(of: stream, forChildFD: Int32(target)) else { continue }
            // A closed handle, or a pipe Foundation could not make (too many files open).
            guard source >= 0 else { throw ChildProcessError.spawnFailed(path: "stream \(target)", errno: EBADF) }
            try check(posix_spawn_file_actions_adddup2(&actions, source, Int32(target)))
        }
        try Self.closeTheRest(&actions)
        if let folder {
            guard let addchdir = Self.addchdir else { throw ChildProcessError.noChdir }
            try check(addchdir(&actions, folder))
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group (as Foundation's), no signal blocked (the tests' threads block
        // them all) and every signal at its default.
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        try check(posix_spawnattr_setsigmask(&attributes, &none))
        try check(posix_spawnattr_setsigdefault(&attributes, &all))
        try check(posix_spawnattr_setpgroup(&attributes, 0))
        try check(posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)))

        var child: pid_t = 0
        let cArgv = argv.map { strdup($0) }, cEnvp = envp.map { strdup($0) }
        defer { (cArgv + cEnvp).forEach { free($0) } }
        let spawned = posix_spawn(&child, path, &actions, &attributes, cArgv + [nil], cEnvp + [nil])
        guard spawned == 0 else { throw ChildProcessError.spawnFailed(path: path, errno: spawned) }
        // The child holds its ends now: close ours, or a reader never sees end of file.
        for (index, stream) in streams.enumerated() {
            guard let pipe = stream as? Pipe else { continue }
            try? (index == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting).close()
        }
        let started = child
        locked { pid = started }
        let reaper = Thread { [self] in reap(started) }
        reaper.start()
    }

    /// Blocks until the child has ended.
    public func waitUntilExit() {
        exited.lock()
        defer { exited.unlock() }
        while status == nil { exited.wait() }
    }

    /// Sends SIGTERM.
    public func terminate() { send(SIGTERM) }

    /// Sends SIGINT, as Ctrl-C would.
    public func interrupt() { send(SIGINT) }

    private func send(_ signal: Int32) {
        let (child, running) = locked { (pid, status == nil) }
        if child != 0, running { kill(child, signal) }
    }

    /// Waits for the child on a thread of its own (signals blocked, so none interrupts it) and
    /// records how it ended.
    private func reap(_ child: pid_t) {
        var all = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, nil)
        var raw: Int32 = 0
        var result: pid_t = -1
        repeat { result = waitpid(child, &raw, 0) } while result == -1 && errno == EINTR
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros; -1 when
        // the child could not be waited for (never "exited 0").
        let signal = raw & 0x7f
        let code = result != child ? -1 : signal == 0 ? (raw >> 8) & 0xff : signal
        exited.lock()
        lock.lock()
        status = code
        lock.unlock()
        exited.broadcast()
        exited.unlock()
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func check(_ result: Int32) throws {
        guard result == 0 else { throw ChildProcessError.spawnFailed(path: "posix_spawn setup", errno: result) }
    }

    private static func descriptor(of stream: Any?, forChildFD target: Int32) -> Int32? {
        switch stream {
        case let pipe as Pipe:
            return target == 0 ? pipe.fileHandleForReading.fileDescriptor : pipe.fileHandleForWriting.fileDescriptor
        case let handle as FileHandle:
            return handle.fileDescriptor
        default:
            return nil
        }
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    /// glibc 2.34's `posix_spawn_file_actions_addclosefrom_np` and 2.29's `…_addchdir_np`, which
    /// Swift's Glibc module does not declare.
    private static let addclosefrom: AddCloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")
    private static let addchdir: AddChdir? = symbol("posix_spawn_file_actions_addchdir_np")

    private static func symbol<T>(_ name: String) -> T? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: T.self)
    }

    /// Closes every descriptor past stderr in the child. Without closefrom (glibc before 2.34)
    /// each is closed in turn: glibc ignores closing one that is not open.
    private static func closeTheRest(_ actions: inout posix_spawn_file_actions_t) throws {
        if let addclosefrom {
            let result = addclosefrom(&actions, 3)
            guard result == 0 else { throw ChildProcessError.spawnFailed(path: "closefrom", errno: result) }
            return
        }
        let limit = min(Int32(truncatingIfNeeded: sysconf(Int32(_SC_OPEN_MAX))), 65_536)
        for fd in 3 ..< max(limit, 3) {
            let result = posix_spawn_file_actions_addclose(&actions, fd)
            guard result == 0 else { throw ChildProcessError.spawnFailed(path: "close", errno: result) }
        }
    }
}

/// Why a `ChildProcess` did not start.
public enum ChildProcessError: Error, CustomStringConvertible {
    case alreadyStarted
    case noExecutable
    case noChdir
    case spawnFailed(path: String, errno: Int32)

    public var description: String {
        switch self {
        case .alreadyStarted: "the process was already started"
        case .noExecutable: "no executable was set"
        case .noChdir: "this C library cannot start a process in another folder"
        case .spawnFailed(let path, let code): "could not start \(path): \(String(cString: strerror(code)))"
        }
    }
}
#elseif os(macOS)
/// Foundation's `Process`, which on macOS starts children without the Linux bug `ChildProcess`
/// works around. (iOS and watchOS start no child processes: the suites that run on an iOS
/// simulator use none.)
public typealias ChildProcess = Process
#endif
