import Foundation

/// A timer's icon: one of the timer document's twelve SF Symbols, or any template icon.
public struct TimerIcon: RawRepresentable, Codable, Sendable, Hashable, CaseIterable {
    public let rawValue: String

    public init?(rawValue: String) {
        guard Self.names.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    private init(known: String) { rawValue = known }

    /// The timer document's icons, in its order, with a label and a terminal glyph each.
    public static let documentIcons: [(name: String, label: String, glyph: String)] = [
        ("timer", "Timer", "⏲️"), ("figure.run", "Run", "🏃"), ("book.fill", "Reading", "📖"),
        ("cup.and.saucer.fill", "Coffee", "☕️"), ("fork.knife", "Meal", "🍴"), ("pencil", "Writing", "✏️"),
        ("gamecontroller.fill", "Games", "🎮"), ("music.note", "Music", "🎵"), ("briefcase.fill", "Work", "💼"),
        ("figure.yoga", "Yoga", "🧘"), ("bicycle", "Bike", "🚲"), ("wrench.and.screwdriver.fill", "Repairs", "🔧"),
    ]

    static let names: Set<String> = Set(documentIcons.map(\.name) + TemplateIcon.allCases.map(\.rawValue))

    /// The document's twelve first, then the template icons not among them.
    public static let allCases: [TimerIcon] = (documentIcons.map(\.name)
        + TemplateIcon.allCases.map(\.rawValue).filter { name in !documentIcons.contains { $0.name == name } })
        .map(TimerIcon.init(known:))

    public static let `default` = TimerIcon(known: "timer")

    /// The SF Symbol name (the raw value).
    public var symbolName: String { rawValue }

    public var label: String {
        if let icon = Self.documentIcons.first(where: { $0.name == rawValue }) { return icon.label }
        return TemplateIcon(rawValue: rawValue)?.label ?? rawValue
    }

    public var terminalGlyph: String {
        if let icon = Self.documentIcons.first(where: { $0.name == rawValue }) { return icon.glyph }
        return TemplateIcon(rawValue: rawValue)?.terminalGlyph ?? "⏲️"
    }

    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let icon = TimerIcon(rawValue: name) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "“\(name)” is not a timer icon"))
        }
        self = icon
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A timer's color: the document's eight swatches.
public enum TimerColor: String, Codable, Sendable, Hashable, CaseIterable {
    case red = "#FF3B30", orange = "#FF9500", yellow = "#FFCC00", green = "#34C759"
    case blue = "#007AFF", indigo = "#5856D6", purple = "#AF52DE", gray = "#8E8E93"

    public static let `default` = TimerColor.blue

    /// "red", "orange", …: what the CLI accepts besides the hex code.
    public var name: String {
        switch self {
        case .red: "red"
        case .orange: "orange"
        case .yellow: "yellow"
        case .green: "green"
        case .blue: "blue"
        case .indigo: "indigo"
        case .purple: "purple"
        case .gray: "gray"
        }
    }

    /// A swatch by name or hex code (any letter case, with or without `#`).
    public init?(parsing text: String) {
        let folded = text.trimmingCharacters(in: .whitespaces).lowercased()
        let hex = folded.hasPrefix("#") ? folded : "#" + folded
        guard let color = Self.allCases.first(where: { $0.name == folded || $0.rawValue.lowercased() == hex || (folded == "grey" && $0 == .gray) })
        else { return nil }
        self = color
    }
}
