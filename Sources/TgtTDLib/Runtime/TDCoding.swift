import Foundation

/// A TDLib function: an Encodable request whose fields use TDLib's names, with its result type.
public protocol TDFunction: Encodable, Sendable {
    associatedtype Result: Decodable & Sendable
    /// The TDLib constructor name (`@type`), e.g. "getChat".
    static var typeName: String { get }
}

/// TDLib's `ok` result.
public struct TDOk: Decodable, Sendable, Equatable {
    public init() {}
    public init(from decoder: any Decoder) throws {}
}

/// Coding keys made from strings, for `@type` / `@extra` and generic objects.
public struct TDKey: CodingKey, Hashable {
    public var stringValue: String
    public var intValue: Int? { nil }
    public init(_ string: String) { stringValue = string }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }

    public static let type = TDKey("@type")
    public static let extra = TDKey("@extra")
    public static let clientID = TDKey("@client_id")
}

/// Encodes a request as TDLib expects it: the function's fields plus `@type` and `@extra`.
struct TDRequestEnvelope<F: TDFunction>: Encodable {
    let function: F
    let extra: String?

    func encode(to encoder: any Encoder) throws {
        try function.encode(to: encoder)
        var c = encoder.container(keyedBy: TDKey.self)
        try c.encode(F.typeName, forKey: .type)
        if let extra { try c.encode(extra, forKey: .extra) }
    }
}

/// The JSON encoders and decoders the binding uses (shared configuration).
public enum TDCoding {
    /// Encodes a request; `extra` is echoed back by TDLib on the response.
    public static func encode<F: TDFunction>(_ function: F, extra: String? = nil) throws -> String {
        let data = try JSONEncoder().encode(TDRequestEnvelope(function: function, extra: extra))
        return String(decoding: data, as: UTF8.self)
    }

    /// Decodes a result object, turning TDLib's `error` object into `TDError.tdlib`.
    public static func decodeResult<R: Decodable>(_ type: R.Type, typeName: String?, data: Data, function: String) throws(TDError) -> R {
        do {
            if typeName == "error" {
                let error = try JSONDecoder().decode(TDLibErrorObject.self, from: data)
                throw TDError.tdlib(code: error.code, message: error.message, function: function)
            }
            return try JSONDecoder().decode(R.self, from: data)
        } catch let error as TDError {
            throw error
        } catch {
            throw .decoding(function: function, detail: String(describing: error))
        }
    }
}

/// TDLib's `error code:int32 message:string = Error;`
public struct TDLibErrorObject: Codable, Sendable, Equatable {
    public var code: Int32
    public var message: String
    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }
}

/// An int64 that TDLib sends and expects as a JSON string (the JSON interface's rule for int64).
public struct TDInt64: Codable, Sendable, Hashable, ExpressibleByIntegerLiteral {
    public var value: Int64
    public init(_ value: Int64) { self.value = value }
    public init(integerLiteral value: Int64) { self.value = value }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let text = try? c.decode(String.self), let v = Int64(text) {
            value = v
        } else {
            value = try c.decode(Int64.self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(String(value))
    }
}
