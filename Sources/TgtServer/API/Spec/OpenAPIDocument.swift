import Foundation
import Yams

/// The API description, `openapi.yaml` (embedded in the binary at build time), and the same
/// document as JSON for `/api/openapi.json`.
public enum OpenAPIDocument {
    /// The YAML as written in the repository.
    public static var yaml: String { String(decoding: WebFiles.bytes("openapi.yaml"), as: UTF8.self) }

    /// The document as JSON (sorted keys), converted once from the YAML.
    public static let json: Data = {
        guard let node = try? Yams.compose(yaml: yaml), let data = JSONReply.encoded(SpecValue(node)) else { return Data("{}".utf8) }
        return data
    }()

    /// One value of the document, typed as JSON has them: YAML's scalars resolved by their tags
    /// (a quoted "1.0" stays a string, a plain 1.0 is a number), mappings with their keys as
    /// strings, timestamps as written.
    enum SpecValue: Encodable {
        case null
        case bool(Bool)
        case int(Int)
        case number(Double)
        case string(String)
        case array([SpecValue])
        case object([String: SpecValue])

        init(_ node: Node) {
            switch node {
            case .scalar(let scalar):
                let tag = Tag.Name(rawValue: node.tag.rawValue)
                if tag == .null {
                    self = .null
                } else if tag == .bool, let value = Bool.construct(from: scalar) {
                    self = .bool(value)
                } else if tag == .int, let value = Int.construct(from: scalar) {
                    self = .int(value)
                } else if tag == .float, let value = Double.construct(from: scalar), value.isFinite {
                    self = .number(value)
                } else {
                    self = .string(scalar.string)
                }
            case .sequence(let sequence):
                self = .array(sequence.map(SpecValue.init))
            case .mapping(let mapping):
                var object: [String: SpecValue] = [:]
                for (key, value) in mapping { object[key.string ?? "\(key)"] = SpecValue(value) }
                self = .object(object)
            case .alias:
                // The document is written by scripts/generate-openapi.sh's tools, without anchors.
                self = .null
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let value): try container.encode(value)
            case .int(let value): try container.encode(value)
            case .number(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            case .array(let value): try container.encode(value)
            case .object(let value): try container.encode(value)
            }
        }
    }
}
