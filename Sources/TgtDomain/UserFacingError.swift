/// An error that a person can read: what went wrong, and what to do next.
///
/// Every layer's typed errors conform so that front ends (CLI, web, apps) can show
/// `message` and `nextStep` without knowing the concrete type.
public protocol UserFacingError: Error, CustomStringConvertible, Sendable {
    /// One sentence saying what went wrong, in the user's terms.
    var message: String { get }
    /// What to do about it ("run `tgt login`"), when there is something to do.
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
