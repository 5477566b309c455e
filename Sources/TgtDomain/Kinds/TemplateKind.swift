/// Where a template's message goes: Telegram (sent by TgTemplates as the user), or a draft
/// handed to another app (email, text message, X) to be sent from there.
public enum TemplateKind: String, Codable, CaseIterable, Sendable, Hashable {
    case telegram, email, text, x

    /// The name shown on chips, badges and in the editor.
    public var label: String {
        switch self {
        case .telegram: "Telegram"
        case .email: "Email"
        case .text: "Text message"
        case .x: "X post"
        }
    }

    /// Telegram applies the template's Markdown; the others get readable plain text.
    public var formatsMarkdown: Bool { self == .telegram }
    /// Only Telegram templates have target chats.
    public var usesTargets: Bool { self == .telegram }
    /// Email and text message templates carry their recipients.
    public var usesRecipients: Bool { self == .email || self == .text }
    /// Only email has a subject and Cc.
    public var usesSubject: Bool { self == .email }
    /// Whether a send hands a draft to another app instead of sending through Telegram.
    public var isDraft: Bool { self != .telegram }

    /// The largest email subject accepted (mail apps and servers fold longer header lines).
    public static let maxSubjectLength = 255
    /// The most recipients (to and cc together) a draft may carry.
    public static let maxRecipients = 50
}
