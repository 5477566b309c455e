import Foundation

/// A ready-to-send message for another app: the rendered fields and the URL that opens them
/// in a compose screen (`mailto:`, `sms:`, X's post intent).
public struct Draft: Sendable, Hashable, Codable {
    public var kind: TemplateKind
    public var url: String
    public var to: [String]
    public var cc: [String]
    public var subject: String?
    public var body: String

    public init(kind: TemplateKind, to: [String] = [], cc: [String] = [], subject: String? = nil, body: String) {
        self.kind = kind
        self.to = to
        self.cc = cc
        self.subject = subject
        self.body = body
        self.url = Self.url(kind: kind, to: to, cc: cc, subject: subject, body: body)
    }

    /// Characters that stand for themselves in every part of these URLs (RFC 3986 unreserved).
    static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    /// Percent-encodes UTF-8 bytes outside `unreserved` and `extra`. With `crlf`, line breaks
    /// become CRLF (`%0D%0A`), as RFC 6068 asks of mail; otherwise a lone LF (`%0A`).
    static func encode(_ text: String, keeping extra: Set<UInt8> = [], crlf: Bool = false) -> String {
        var out = ""
        let lf = text.replacingOccurrences(of: "\r\n", with: "\n")
        let normalized = crlf ? lf.replacingOccurrences(of: "\n", with: "\r\n") : lf
        for byte in normalized.utf8 {
            if unreserved.contains(byte) || extra.contains(byte) {
                out.append(Character(Unicode.Scalar(byte)))
            } else {
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    static func url(kind: TemplateKind, to: [String], cc: [String], subject: String?, body: String) -> String {
        switch kind {
        case .email:
            // RFC 6068: addresses in the path (with "@" kept), headers as query fields.
            var fields: [String] = []
            if !cc.isEmpty { fields.append("cc=" + cc.map { encode($0, keeping: [UInt8(ascii: "@")]) }.joined(separator: ",")) }
            if let subject, !subject.isEmpty { fields.append("subject=" + encode(subject, crlf: true)) }
            if !body.isEmpty { fields.append("body=" + encode(body, crlf: true)) }
            let path = to.map { encode($0, keeping: [UInt8(ascii: "@")]) }.joined(separator: ",")
            return "mailto:" + path + (fields.isEmpty ? "" : "?" + fields.joined(separator: "&"))
        case .text:
            // RFC 5724: numbers (only "+" and digits) separated by commas, then ?body=.
            let numbers = to.compactMap(Recipient.normalizedPhone).map { encode($0, keeping: [UInt8(ascii: "+")]) }
            return "sms:" + numbers.joined(separator: ",") + (body.isEmpty ? "" : "?body=" + encode(body))
        case .x:
            return "https://x.com/intent/post?text=" + encode(body)
        case .telegram:
            return ""
        }
    }
}
