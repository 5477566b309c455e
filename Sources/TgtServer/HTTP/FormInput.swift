import Foundation
import Hummingbird
import NIOCore

/// An `application/x-www-form-urlencoded` body (the pages' plain HTML forms).
struct FormInput: Sendable {
    private(set) var fields: [String: String] = [:]

    subscript(key: String) -> String? { fields[key] }

    init(fields: [String: String]) { self.fields = fields }

    /// Reads the body once and keeps it on the request, so later readers see it too.
    static func read(_ request: inout Request, context: DashboardContext) async throws -> FormInput {
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: context.maxUploadSize)
        } catch is NIOTooManyBytesError {
            throw APIError.tooLarge
        }
        return parse(String(decoding: buffer.readableBytesView, as: UTF8.self))
    }

    static func parse(_ text: String) -> FormInput {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            if fields[key] == nil { fields[key] = value }
        }
        return FormInput(fields: fields)
    }

    private static func decode(_ part: Substring) -> String {
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
