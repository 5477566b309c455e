import Foundation
import Hummingbird

/// A piece of HTML. Interpolated strings are escaped unless they are `HTML` themselves, so
/// user content (a template called `<script>…`) can only ever appear as text.
public struct HTML: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public let raw: String

    public init(raw: String) { self.raw = raw }
    public init(stringLiteral value: String) { raw = value }
    public init(stringInterpolation: StringInterpolation) { raw = stringInterpolation.output }

    public var description: String { raw }

    public static let empty = HTML(raw: "")

    /// Escapes text for element content and quoted attribute values.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var output = ""
        public init(literalCapacity: Int, interpolationCount: Int) { output.reserveCapacity(literalCapacity * 2) }
        public mutating func appendLiteral(_ literal: String) { output += literal }
        public mutating func appendInterpolation(_ text: String) { output += HTML.escape(text) }
        public mutating func appendInterpolation(_ text: String?) { output += HTML.escape(text ?? "") }
        public mutating func appendInterpolation(_ html: HTML) { output += html.raw }
        public mutating func appendInterpolation(_ number: Int) { output += String(number) }
        public mutating func appendInterpolation(_ parts: [HTML]) { for part in parts { output += part.raw } }
    }

    /// `cond ? html : ""` without the noise.
    public static func when(_ condition: Bool, _ html: @autoclosure () -> HTML) -> HTML {
        condition ? html() : .empty
    }
}

/// HTML responses and redirects.
enum HTMLReply {
    static func page(_ html: HTML, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var response = Response(status: status, headers: [.contentType: "text/html; charset=utf-8"],
                                body: ResponseBody(byteBuffer: ByteBuffer(string: html.raw)))
        for field in headers { response.headers.append(field) }
        return response
    }

    /// 303 See Other: after a form post, the browser loads `location` with GET.
    static func redirect(_ location: String, headers: HTTPFields = [:]) -> Response {
        var response = Response(status: .seeOther, headers: [.location: location])
        for field in headers { response.headers.append(field) }
        return response
    }
}
