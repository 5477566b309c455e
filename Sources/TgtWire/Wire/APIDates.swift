import Foundation
import OpenAPIRuntime

/// Dates on the API: written as ISO 8601 with milliseconds, as the API always has; read with
/// or without the fraction, so `"send_at": "2026-12-24T09:00:00Z"` from a script works too.
public struct APIDateTranscoder: DateTranscoder {
    public init() {}

    public func encode(_ date: Date) throws -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    public func decode(_ text: String) throws -> Date {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "“\(text)” is not an ISO 8601 date and time (e.g. 2026-12-24T09:00:00Z)."))
    }
}

/// How the generated code on both sides writes JSON and dates: compact with sorted keys and
/// ISO 8601 with milliseconds, as the API always has (read with or without them).
public enum APIConfiguration {
    public static let generated = Configuration(
        dateTranscoder: APIDateTranscoder(), jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes])
}
