import Foundation
import OpenAPIRuntime

/// Dates on the API: written as ISO 8601 with milliseconds, as the API always has; read with
/// or without the fraction, so `"send_at": "2026-12-24T09:00:00Z"` from a script works too.
struct APIDateTranscoder: DateTranscoder {
    func encode(_ date: Date) throws -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    func decode(_ text: String) throws -> Date {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "“\(text)” is not an ISO 8601 date and time (e.g. 2026-12-24T09:00:00Z)."))
    }
}
