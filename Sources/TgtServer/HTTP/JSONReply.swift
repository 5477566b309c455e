import Foundation
import Hummingbird
import TgtWire

/// The API's error envelope, `{"success": false, "error": {"code", "message", "next_step"?, "issues"?}}`
/// (`ErrorEnvelope` in `openapi.yaml`), for every error of every route (successful replies are
/// the generated types' envelopes).
enum JSONReply {
    static func error(_ error: APIError) -> Response {
        typealias Issue = Components.Schemas.ErrorEnvelope._ErrorPayload.IssuesPayloadPayload
        let issues = error.issues.map { Issue(field: $0.field.rawValue, message: $0.message) }
            + error.timerIssues.map { Issue(field: $0.field.rawValue, message: $0.message) }
        let envelope = Components.Schemas.ErrorEnvelope(
            error: .init(code: error.code, issues: issues.isEmpty ? nil : issues, message: error.message, nextStep: error.nextStep),
            success: false)
        var reply = response(envelope, status: error.status)
        for field in error.headers { reply.headers.append(field) }
        return reply
    }

    /// `value` as the server writes JSON everywhere (replies, events, the manifest, the API
    /// document): sorted keys, slashes as they are; nil when it cannot be encoded.
    static func encoded(_ value: some Encodable) -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try? encoder.encode(value)
    }

    /// `value` as the reply's JSON.
    static func response(_ value: some Encodable, status: HTTPResponse.Status) -> Response {
        let data = encoded(value) ?? Data(#"{"success":false}"#.utf8)
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
