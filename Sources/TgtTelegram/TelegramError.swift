import TgtDomain
import TgtTDLib

/// Errors of the Telegram services, phrased for the person using the app.
public enum TelegramError: UserFacingError, Equatable {
    case startFailed(String)
    case notLoggedIn
    /// API credentials are missing or invalid.
    case notSetUp(String, next: String?)
    case unreachable(String)
    case login(String, next: String?)
    case sessionInUse(pid: Int32?, folder: String)
    case request(TDError)

    public var message: String {
        switch self {
        case .startFailed(let detail): "TDLib could not start: \(detail)"
        case .notLoggedIn: "You are not logged in to Telegram."
        case .notSetUp(let message, _): message
        case .unreachable(let what): "Telegram could not be reached (\(what))."
        case .login(let message, _): message
        case .sessionInUse(let pid, let folder):
            "Another tgt process\(pid.map { " (pid \($0))" } ?? "") is using the Telegram session in \(folder)."
        case .request(let error): error.message
        }
    }

    public var nextStep: String? {
        switch self {
        case .startFailed: "Check the data folder and TDLib's log (tdlib.log in the data folder)."
        case .notLoggedIn: "Log in to Telegram first."
        case .notSetUp(_, let next): next
        case .unreachable: "Check your internet connection and try again."
        case .login(_, let next): next
        case .sessionInUse: "Stop that process, then try again."
        case .request(let error): error.nextStep
        }
    }

    public var code: String {
        switch self {
        case .startFailed: "tdlib_start"
        case .notLoggedIn: "not_logged_in"
        case .notSetUp: "not_configured"
        case .unreachable: "unreachable"
        case .login: "login"
        case .sessionInUse: "session_in_use"
        case .request(let error): error.code
        }
    }
}

extension TelegramError {
    /// The next step of a `.login` error whose code expired: a new login sends a new code.
    /// Faces compare a login error's next step with these to word it in their own terms.
    public static let startLoginAgainForNewCode = "Start the login again to get a new code."
    /// The next step of a `.login` error whose step does not fit where the login is now.
    public static let startLoginAgain = "Start the login again."
    /// The next step of a `.login` error whose session closed while logging in.
    public static let logInAgain = "Log in again."
}
