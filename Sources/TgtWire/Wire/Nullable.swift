import Foundation

/// A JSON value that may be an explicit `null`. As `Nullable<T>?` a property has three states:
/// absent (`nil`), `null` and a value — the generator's `T?` only has two, and omits `nil`.
public enum Nullable<Value: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    case null
    case value(Value)

    public init(_ optional: Value?) { self = optional.map(Nullable.value) ?? .null }

    public var wrapped: Value? { if case .value(let v) = self { v } else { nil } }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Value.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .value(let value): try container.encode(value)
        }
    }
}

/// Keys read from a JSON object whatever they are, to refuse unknown ones by name.
public struct AnyKey: CodingKey {
    public var stringValue: String
    public var intValue: Int? { nil }
    public init(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}

extension Decoder {
    /// Throws the same error as the generated types' `additionalProperties: false` for a key
    /// not in `known`.
    public func refuseUnknownKeys(_ known: Set<String>) throws {
        let container = try self.container(keyedBy: AnyKey.self)
        if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw DecodingError.dataCorruptedError(
                forKey: AnyKey(stringValue: unknown), in: container,
                debugDescription: "Additional properties are disabled, but found unknown keys during decoding")
        }
    }
}
