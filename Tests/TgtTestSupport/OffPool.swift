import Foundation

/// Runs blocking work (a socket read, waiting for a child process) on a thread of its own and
/// awaits it, so it never holds one of Swift concurrency's few pool threads: a test that blocks
/// a pool thread while the in-process server it talks to needs one can deadlock a 2-core
/// machine.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            do { continuation.resume(returning: try body()) } catch { continuation.resume(throwing: error) }
        }
        thread.start()
    }
}
