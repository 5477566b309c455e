import Foundation

/// A local file read in pieces as it is sent (an upload to the dashboard streams it instead of
/// holding it in memory): 1 MiB at a time, from a handle opened when the reading starts.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    static let chunkSize = 1 << 20
    let path: String

    struct AsyncIterator: AsyncIteratorProtocol {
        let path: String
        var handle: FileHandle?
        var finished = false

        mutating func next() async throws -> ArraySlice<UInt8>? {
            guard !finished else { return nil }
            if handle == nil {
                guard let opened = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileReadNoPermission) }
                handle = opened
            }
            guard let handle, let data = try handle.read(upToCount: FileChunks.chunkSize), !data.isEmpty else {
                finished = true
                try? handle?.close()
                return nil
            }
            return ArraySlice(data)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(path: path) }
}
