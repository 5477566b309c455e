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
        case .notLoggedIn: "Run `tgt login`."
        case .notSetUp(_, let next): next
        case .unreachable: "Check your internet connection and try again."
        case .login(_, let next): next
        case .sessionInUse: "Stop that process (or let `tgt serve` do the work), then try again."
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
