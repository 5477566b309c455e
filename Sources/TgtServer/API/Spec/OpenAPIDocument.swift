import Foundation
import Yams

/// The API description, `openapi.yaml` (embedded in the binary at build time), and the same
/// document as JSON for `/api/openapi.json`.
public enum OpenAPIDocument {
    /// The YAML as written in the repository.
    public static var yaml: String { String(decoding: PackageResources.openapi_yaml, as: UTF8.self) }

    /// The document as JSON (sorted keys), converted once from the YAML.
    public static let json: Data = {
        guard let object = try? Yams.load(yaml: yaml), let data = try? JSONSerialization.data(
            withJSONObject: jsonCompatible(object), options: [.sortedKeys, .withoutEscapingSlashes])
        else { return Data("{}".utf8) }
        return data
    }()

    /// Yams gives Swift dictionaries, arrays and scalars: all JSON can hold, but `Int` keys
    /// or dates would not be; keep only what JSON has.
    private static func jsonCompatible(_ value: Any) -> Any {
        switch value {
        case let dict as [String: Any]: return dict.mapValues(jsonCompatible)
        case let dict as [AnyHashable: Any]:
            return Dictionary(uniqueKeysWithValues: dict.map { ("\($0.key)", jsonCompatible($0.value)) })
        case let array as [Any]: return array.map(jsonCompatible)
        case let date as Date: return ISO8601DateFormatter().string(from: date)
        default: return value
        }
    }
}
