import Foundation

// The real binary runs where child processes do: Linux and macOS (not an iOS simulator).
#if os(Linux) || os(macOS)

/// Runs the real `tgt` executable built next to the tests.
public enum TgtBinary {
    /// The binary: `TGT_BINARY`, else `tgt` beside the test bundle, else `.build/debug/tgt`.
    public static var url: URL {
        if let explicit = ProcessInfo.processInfo.environment["TGT_BINARY"] { return URL(fileURLWithPath: explicit) }
        var candidates: [URL] = []
        let bundle = Bundle.main.bundleURL
        candidates.append(bundle.appendingPathComponent("tgt"))
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("tgt"))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/tgt"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[candidates.count - 1]
    }

    /// What one run printed and how it ended.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// Runs `tgt` with `arguments` in the data folder `dataDir`, feeding `input` on stdin.
    /// The process is waited for on a thread of its own, never on the concurrency pool: two
    /// cores give the pool two threads, and tests blocking them starved every other test's
    /// awaits (a 500 ms idle timeout seen after 61 s).
    public static func run(_ arguments: [String], dataDir: String, input: String = "", environment: [String: String] = [:]) async throws -> Result {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
            Thread {
                blockSignals()
                continuation.resume(with: Swift.Result { try runBlocking(arguments, dataDir: dataDir, input: input, environment: environment) })
            }.start()
        }
    }

    private static func runBlocking(_ arguments: [String], dataDir: String, input: String, environment: [String: String]) throws -> Result {
        let process = ChildProcess()
        process.executableURL = url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["TGT_DATA_DIR"] = dataDir
        env.removeValue(forKey: "TGT_API_ID")
        env.removeValue(forKey: "TGT_API_HASH")
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // Read stderr on another thread so neither pipe can fill up and stall the child.
        let errBox = ErrBox()
        let reader = Thread {
            blockSignals()
            errBox.data = stderr.fileHandleForReading.readDataToEndOfFile()
            errBox.done.signal()
        }
        reader.start()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        errBox.done.wait()
        let err = errBox.data
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}

/// Keeps signals (a child's SIGCHLD, above all) off the calling thread: delivered to a thread
/// blocked in read(2) they interrupt it, and Foundation's readDataToEndOfFile traps on EINTR
/// (seen in CI). Dispatch's own workers block them the same way.
private func blockSignals() {
    var all = sigset_t()
    sigfillset(&all)
    pthread_sigmask(SIG_BLOCK, &all, nil)
}

private final class ErrBox: @unchecked Sendable {
    // Written once by the reader thread before `done` is signalled, read after waiting on it.
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}

extension TgtBinary {
    /// Starts `tgt --demo serve --port 0` on `dataDir` and waits until it has written
    /// `demo/server.json`, i.e. it owns the session and answers (or until it has ended). No
    /// deadline of its own: the test's `.timeLimit` is the deadline, and if it is reached the
    /// server is stopped. The caller terminates it.
    public static func startDemoServe(dataDir: URL, environment: [String: String] = [:], standardOutput: Any? = nil) async throws -> ChildProcess {
        let process = ChildProcess()
        process.executableURL = url
        process.arguments = ["--demo", "serve", "--port", "0"]
        var env = ProcessInfo.processInfo.environment
        env["TGT_DATA_DIR"] = dataDir.path
        env.merge(environment) { _, new in new }
        process.environment = env
        process.standardOutput = standardOutput ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let descriptor = dataDir.appendingPathComponent("demo/server.json")
        do {
            try await awaitCondition { FileManager.default.fileExists(atPath: descriptor.path) || !process.isRunning }
        } catch {
            process.terminate()
            throw error
        }
        return process
    }
}
#endif
