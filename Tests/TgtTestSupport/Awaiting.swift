import Foundation

/// Awaits `condition`: checks it, lets other tasks run, and checks again until it holds. It has
/// no deadline of its own: a test that never sees the condition is ended by its `.timeLimit`
/// (or cancelled), so a loaded machine makes a test slower, never wrong.
public func awaitCondition(_ condition: () async throws -> Bool) async throws {
    while try await !condition() {
        try Task.checkCancellation()
        await Task.yield()
        try await Task.sleep(nanoseconds: 5_000_000)
    }
}
