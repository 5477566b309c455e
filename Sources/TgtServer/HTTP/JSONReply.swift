import Foundation
import Hummingbird

/// The API's error envelope, `{"success": false, "error": {"code", "message", "next_step"?, "issues"?}}`,
/// for every error of every route (successful replies are the generated types' envelopes).
enum JSONReply {
    static func error(_ error: APIError) -> Response {
        var body: [String: Any] = ["code": error.code, "message": error.message]
        if let next = error.nextStep { body["next_step"] = next }
        let issues = error.issues.map { ["field": $0.field.rawValue, "message": $0.message] }
            + error.timerIssues.map { ["field": $0.field.rawValue, "message": $0.message] }
        if !issues.isEmpty { body["issues"] = issues }
        var reply = response(["success": false, "error": body], status: error.status)
        for field in error.headers { reply.headers.append(field) }
        return reply
    }

    static func response(_ object: [String: Any], status: HTTPResponse.Status) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data(#"{"success":false}"#.utf8)
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
