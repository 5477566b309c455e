import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Registers the generated handlers with a request that carries no body (`Content-Length: 0`,
/// or neither a length nor chunked encoding, which in HTTP/1.1 means no body) handed over as
/// no body at all. The Hummingbird transport always hands over a body, so the generated code
/// read an optional body's absence as empty JSON and refused it; now an operation whose body
/// is optional (`POST …/templates/{id}` into a chat, `POST /api/timers/{id}/start`, …) works
/// without one, and one whose body is required says "The request needs a JSON body."
struct AbsentBodyTransport<Base: ServerTransport>: ServerTransport {
    let base: Base

    func register(
        _ handler: @Sendable @escaping (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?),
        method: HTTPRequest.Method, path: String
    ) throws {
        try base.register({ request, body, metadata in
            try await handler(request, BodyPresence.isAbsent(request) ? nil : body, metadata)
        }, method: method, path: path)
    }
}

/// What a request's head says about its body.
enum BodyPresence {
    /// Whether the request has no body: a zero length, or neither a length nor chunked encoding.
    static func isAbsent(_ request: HTTPRequest) -> Bool {
        if let length = request.headerFields[.contentLength] { return length.trimmingCharacters(in: .whitespaces) == "0" }
        return request.headerFields[.transferEncoding] == nil
    }
}
