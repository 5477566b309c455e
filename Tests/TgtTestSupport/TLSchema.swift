import Foundation

/// TDLib's API schema (`td_api.tl` in ../shared/reference), parsed into constructor → field names,
/// so tests can check every JSON object we send or simulate against TDLib's real names.
public struct TLSchema: Sendable {
    public let fields: [String: Set<String>]
    /// Each constructor's and function's documentation: the comment lines above it, joined.
    public let documentation: [String: String]

    /// The schema file shipped beside the project (`../shared/reference/td_api-*.tl`).
    public static func load() throws -> TLSchema {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.deletingLastPathComponent().appendingPathComponent("shared/reference")
        let name = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("td_api") && $0.hasSuffix(".tl") }.sorted().last
        guard let name else { throw CocoaError(.fileNoSuchFile) }
        return try TLSchema(text: String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
    }

    public init(text: String) throws {
        var fields: [String: Set<String>] = [:]
        var documentation: [String: String] = [:]
        var comment: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("//") {
                comment.append(String(line.dropFirst(2).drop { $0 == "-" || $0 == " " }))
                continue
            }
            defer { comment = [] }
            guard !line.isEmpty, !line.hasPrefix("---"), let eq = line.range(of: " = ") else { continue }
            let parts = line[..<eq.lowerBound].split(separator: " ")
            guard let name = parts.first else { continue }
            fields[String(name)] = Set(parts.dropFirst().compactMap { $0.split(separator: ":").first.map(String.init) })
            documentation[String(name)] = comment.joined(separator: " ")
        }
        self.fields = fields
        self.documentation = documentation
    }

    /// Problems with a JSON value: unknown `@type`s and field names that constructor lacks.
    public func problems(in json: Any, path: String = "$") -> [String] {
        var found: [String] = []
        if let object = json as? [String: Any] {
            if let type = object["@type"] as? String {
                if let known = fields[type] {
                    for key in object.keys where !key.hasPrefix("@") && !known.contains(key) {
                        found.append("\(path): \(type) has no field “\(key)”")
                    }
                } else {
                    found.append("\(path): unknown type \(type)")
                }
            }
            for (key, value) in object { found += problems(in: value, path: "\(path).\(key)") }
        } else if let array = json as? [Any] {
            for (i, value) in array.enumerated() { found += problems(in: value, path: "\(path)[\(i)]") }
        }
        return found
    }

    public func problems(inJSONText text: String) -> [String] {
        guard let json = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { return ["not JSON: \(text.prefix(80))"] }
        return problems(in: json)
    }
}
