/// An error that a person can read: what went wrong, and what to do next.
///
/// Every layer's typed errors conform so that front ends (CLI, web, apps) can show
/// `message` and `nextStep` without knowing the concrete type.
public protocol UserFacingError: Error, CustomStringConvertible, Sendable {
    /// One sentence saying what went wrong, in the user's terms.
    var message: String { get }
    /// What to do about it, when there is something to do, in words any face can show
    /// ("Log in to Telegram first."): never a `tgt` command, an API path or a button name.
    /// Each face words it in its own terms (the CLI's `CLINextStep`, the dashboard's
    /// `DashboardNextStep`).
    var nextStep: String? { get }
    /// A stable machine-readable code ("template_not_found") for JSON output and APIs.
    var code: String { get }
}

extension UserFacingError {
    public var description: String {
        if let nextStep { return "\(message) \(nextStep)" }
        return message
    }
}
