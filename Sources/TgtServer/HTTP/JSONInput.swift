import Foundation
import Hummingbird
import NIOCore
import TgtTDLib

/// A request's JSON object with typed, field-named errors: every wrong type or unknown field
/// is refused with a sentence saying which field and what was expected.
struct JSONInput: Sendable {
    let object: [String: JSONValue]

    init(_ object: [String: JSONValue]) { self.object = object }

    /// Reads and parses the body (at most the context's limit); an empty body is `{}` only
    /// when `allowEmpty`.
    static func read(_ request: Request, context: DashboardContext, allowEmpty: Bool = false) async throws -> JSONInput {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: context.maxUploadSize)
        } catch is NIOTooManyBytesError {
            throw APIError.tooLarge
        }
        if buffer.readableBytes == 0 {
            if allowEmpty { return JSONInput([:]) }
            throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json")
        }
        if let type = request.headers[.contentType], !type.lowercased().hasPrefix("application/json") {
            throw APIError(.unsupportedMediaType, code: "unsupported_media_type", message: "Send the body as JSON (Content-Type: application/json).")
        }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(buffer.readableBytesView))
        } catch {
            throw APIError.badRequest("The body is not valid JSON.", code: "invalid_json")
        }
        guard case .object(let object) = value else {
            throw APIError.badRequest("The body must be a JSON object.", code: "invalid_json")
        }
        return JSONInput(object)
    }

    /// Refuses fields the route does not know (a typo must not be silently ignored).
    func allowOnly(_ keys: Set<String>) throws {
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
            throw APIError.badRequest("Unknown field “\(unknown)”. Known fields: \(keys.sorted().joined(separator: ", ")).")
        }
    }

    func has(_ key: String) -> Bool { object[key] != nil }

    func isNull(_ key: String) -> Bool { object[key] == .null }

    func string(_ key: String, required: Bool = false, maxLength: Int = 10_000) throws -> String? {
        switch object[key] {
        case nil, .null?:
            if required { throw APIError.badRequest("“\(key)” is required.") }
            return nil
        case .string(let text)?:
            guard text.count <= maxLength else { throw APIError.badRequest("“\(key)” is too long (at most \(maxLength) characters).") }
            return text
        default:
            throw APIError.badRequest("“\(key)” must be a string.")
        }
    }

    func bool(_ key: String) throws -> Bool? {
        switch object[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        default: throw APIError.badRequest("“\(key)” must be true or false.")
        }
    }

    func double(_ key: String) throws -> Double? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let value)?: return value
        default: throw APIError.badRequest("“\(key)” must be a number.")
        }
    }

    func int64(_ key: String) throws -> Int64? {
        guard let value = try double(key) else { return nil }
        guard value.rounded() == value, abs(value) < 9.0e15 else { throw APIError.badRequest("“\(key)” must be a whole number.") }
        return Int64(value)
    }

    func stringMap(_ key: String) throws -> [String: String]? {
        switch object[key] {
        case nil, .null?: return nil
        case .object(let map)?:
            var result: [String: String] = [:]
            for (name, value) in map {
                guard case .string(let text) = value else { throw APIError.badRequest("“\(key).\(name)” must be a string.") }
                result[name] = text
            }
            return result
        default: throw APIError.badRequest("“\(key)” must be an object of strings.")
        }
    }

    func objects(_ key: String) throws -> [JSONInput]? {
        switch object[key] {
        case nil, .null?: return nil
        case .array(let items)?:
            return try items.enumerated().map { index, item in
                guard case .object(let object) = item else { throw APIError.badRequest("“\(key)[\(index)]” must be an object.") }
                return JSONInput(object)
            }
        default: throw APIError.badRequest("“\(key)” must be an array.")
        }
    }

    func strings(_ key: String) throws -> [String]? {
        switch object[key] {
        case nil, .null?: return nil
        case .array(let items)?:
            return try items.enumerated().map { index, item in
                guard case .string(let text) = item else { throw APIError.badRequest("“\(key)[\(index)]” must be a string.") }
                return text
            }
        default: throw APIError.badRequest("“\(key)” must be an array of strings.")
        }
    }
}
