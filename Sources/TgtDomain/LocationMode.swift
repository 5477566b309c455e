/// How a template uses the sender's location.
public enum LocationMode: String, Codable, Sendable, CaseIterable, Hashable {
    /// No location is sent (though `{{location}}` may still be used in the text).
    case none
    /// A map link is appended to the message text.
    case mapLink = "map_link"
    /// A native Telegram location message follows the text.
    case native

    /// Whether a send of this template needs a location.
    public var needsLocation: Bool { self != .none }

    public var label: String {
        switch self {
        case .none: "No location"
        case .mapLink: "Append a map link"
        case .native: "Send a Telegram location"
        }
    }
}
