import Foundation

/// A saved message: what it says, where it goes and how it is sent.
public struct Template: Codable, Sendable, Hashable, Identifiable {
    public var id: UUID
    /// 1–64 characters, unique among templates (case-insensitively).
    public var name: String
    public var icon: TemplateIcon
    /// Telegram, or a draft for another app (email, text message, X).
    public var kind: TemplateKind
    /// Telegram Markdown with `{{variables}}` (turned into plain text for the other kinds).
    public var body: String
    /// Where a Telegram template goes, in the order they are sent (empty for the other kinds).
    public var targets: [Target]
    /// Email addresses (email) or phone numbers (text message); empty for the other kinds.
    public var to: [String]
    /// Email only: copy recipients.
    public var cc: [String]
    /// Email only: the subject line, with `{{variables}}`.
    public var subject: String
    public var locationMode: LocationMode
    /// Send without a notification sound.
    public var silent: Bool
    /// Sent by itself on arriving at or leaving a place (the iPhone app watches it); Telegram only.
    public var place: PlaceRule?
    /// Position in the user's grid; lower first.
    public var sortOrder: Int
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: UUID = UUID(), name: String, icon: TemplateIcon = .default, kind: TemplateKind = .telegram, body: String,
        targets: [Target] = [], to: [String] = [], cc: [String] = [], subject: String = "",
        locationMode: LocationMode = .none, silent: Bool = false, place: PlaceRule? = nil,
        sortOrder: Int = 0, createdAt: Date, updatedAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.icon = icon
        self.kind = kind
        self.body = body
        self.targets = targets
        self.to = to
        self.cc = cc
        self.subject = subject
        self.locationMode = locationMode
        self.silent = silent
        self.place = place
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

    /// The variables the body (and an email's subject) use, in order of first appearance
    /// (built-ins included).
    public func variableNames() throws(TemplateSyntaxError) -> [String] {
        var names = try TemplateText(parsing: body).variableNames
        if kind.usesSubject, !subject.isEmpty {
            for name in try TemplateText(parsing: subject).variableNames where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The custom variables a send needs (subject first for email, then the body), with their
    /// defaults and choices.
    public func variables() throws(TemplateSyntaxError) -> [TemplateVariable] {
        var text = try TemplateText(parsing: body)
        if kind.usesSubject, !subject.isEmpty {
            // Parsed together so a default given in the subject counts for the body too.
            text = try TemplateText(parsing: subject + "\n" + body)
        }
        return text.variables
    }

    /// The custom variables a send without anyone to type values (an away reply, a follow-up)
    /// cannot fill: those without a default, and choices.
    public var variablesNeedingValues: [String] {
        ((try? variables()) ?? []).filter { $0.kind == .choice || $0.defaultValue == nil }.map(\.name)
    }

    /// The same template as another kind, with the fields that kind does not use cleared
    /// (targets for drafts, recipients and subject for Telegram, cc and subject for text and X).
    public func converted(to newKind: TemplateKind) -> Template {
        var copy = self
        copy.kind = newKind
        if !newKind.usesTargets { copy.targets = [] }
        if !newKind.usesRecipients { copy.to = [] }
        if !newKind.usesSubject {
            copy.cc = []
            copy.subject = ""
        }
        if newKind != .telegram {
            if copy.locationMode == .native { copy.locationMode = .mapLink }
            copy.silent = false
            copy.place = nil
        }
        return copy
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, icon, kind, body, targets, to, cc, subject, locationMode, silent, place, sortOrder, createdAt, updatedAt
    }

    /// Decodes templates written before kinds existed as Telegram templates.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(UUID.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        icon = try c.decode(TemplateIcon.self, forKey: .icon)
        kind = try c.decodeIfPresent(TemplateKind.self, forKey: .kind) ?? .telegram
        body = try c.decode(String.self, forKey: .body)
        targets = try c.decodeIfPresent([Target].self, forKey: .targets) ?? []
        to = try c.decodeIfPresent([String].self, forKey: .to) ?? []
        cc = try c.decodeIfPresent([String].self, forKey: .cc) ?? []
        subject = try c.decodeIfPresent(String.self, forKey: .subject) ?? ""
        locationMode = try c.decodeIfPresent(LocationMode.self, forKey: .locationMode) ?? .none
        silent = try c.decodeIfPresent(Bool.self, forKey: .silent) ?? false
        place = try c.decodeIfPresent(PlaceRule.self, forKey: .place)
        sortOrder = try c.decodeIfPresent(Int.self, forKey: .sortOrder) ?? 0
        createdAt = try c.decode(Date.self, forKey: .createdAt)
        updatedAt = try c.decodeIfPresent(Date.self, forKey: .updatedAt) ?? createdAt
    }
}
