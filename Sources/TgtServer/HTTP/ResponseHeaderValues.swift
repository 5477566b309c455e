import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Undoes the percent-encoding the generated server puts on the response headers the spec
/// declares (swift-openapi-generator issue #857: `private, max-age=3600` went out as
/// `private%2C%20max-age%3D3600`, which browsers ignore). The runtime encodes each value once,
/// `%` included, so decoding once gives back exactly what the handler set.
struct ResponseHeaderValues: ServerMiddleware {
    /// The string headers the spec's responses declare.
    static let names: [HTTPField.Name] = [
        .cacheControl, .contentDisposition, .contentRange, .acceptRanges, .contentSecurityPolicy, .eTag,
    ]

    func intercept(_ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
                   next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)) async throws -> (HTTPResponse, HTTPBody?)
    {
        var (response, responseBody) = try await next(request, body, metadata)
        for name in Self.names {
            guard let value = response.headerFields[name], value.contains("%"), let decoded = value.removingPercentEncoding else { continue }
            response.headerFields[name] = decoded
        }
        return (response, responseBody)
    }
}
