import Foundation

/// A fresh folder under the system temp directory, removed by `remove()`.
public struct TestDirectory: Sendable {
    public let url: URL
    public var path: String { url.path }

    public init(_ label: String = "tgt") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}
