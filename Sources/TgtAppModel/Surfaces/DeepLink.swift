import Foundation

/// The app's links: `tgtemplates://send?id=<uuid>` sends a template (widgets and Shortcuts
/// use it too).
public enum DeepLink: Sendable, Equatable {
    case send(UUID)

    public static let scheme = "tgtemplates"

    /// Reads a link; nil for anything that is not one of the app's links.
    public init?(url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            components.scheme?.lowercased() == Self.scheme, components.host?.lowercased() == "send",
            let value = components.queryItems?.first(where: { $0.name == "id" })?.value,
            let id = UUID(uuidString: value)
        else { return nil }
        self = .send(id)
    }

    public var url: URL {
        switch self {
        case .send(let id):
            var components = URLComponents()
            components.scheme = Self.scheme
            components.host = "send"
            components.queryItems = [URLQueryItem(name: "id", value: id.uuidString.lowercased())]
            return components.url ?? URL(fileURLWithPath: "/")
        }
    }
}
