import Foundation

/// A saved message: what it says, where it goes and how it is sent.
public struct Template: Codable, Sendable, Hashable, Identifiable {
    public var id: UUID
    /// 1–64 characters, unique among templates (case-insensitively).
    public var name: String
    public var icon: TemplateIcon
    /// Telegram Markdown with `{{variables}}`.
    public var body: String
    /// Where it goes, in the order they are sent.
    public var targets: [Target]
    public var locationMode: LocationMode
    /// Send without a notification sound.
    public var silent: Bool
    /// Position in the user's grid; lower first.
    public var sortOrder: Int
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: UUID = UUID(), name: String, icon: TemplateIcon = .default, body: String,
        targets: [Target] = [], locationMode: LocationMode = .none, silent: Bool = false,
        sortOrder: Int = 0, createdAt: Date = Date(), updatedAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.icon = icon
        self.body = body
        self.targets = targets
        self.locationMode = locationMode
        self.silent = silent
        self.sortOrder = sortOrder
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }

    /// Whether the name or text contains `search` (ignoring case and accents); an empty or
    /// blank search matches every template.
    public func matches(search: String) -> Bool {
        let needle = search.trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty else { return true }
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        return name.range(of: needle, options: options) != nil || body.range(of: needle, options: options) != nil
    }

    /// The variables the body uses, in order of first appearance (built-ins included).
    public func variableNames() throws(TemplateSyntaxError) -> [String] {
        try TemplateText(parsing: body).variableNames
    }
}
