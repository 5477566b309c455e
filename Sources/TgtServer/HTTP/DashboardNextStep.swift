import TgtApplication
import TgtDomain

/// What to do next after an error, in the dashboard's and its API's terms (a page, an API
/// path), for the typed errors where the core's face-neutral next step can be more precise.
///
/// Errors not listed keep the next step the core gives them ("Pick a chat you can post in.").
enum DashboardNextStep {
    /// Telegram is not logged in (or the login has lapsed).
    static let logIn = "Log in to Telegram on the dashboard first."
    /// The API credentials are missing.
    static let setUp = "Enter the API credentials on the dashboard's setup page."

    /// The dashboard's own next step for `error`, or nil to keep the error's.
    static func forError(_ error: any Error) -> String? {
        switch error {
        case let error as TelegramError:
            switch error {
            case .notLoggedIn: logIn
            case .notSetUp: setUp
            case .request(let error): forError(error)
            case .startFailed, .unreachable, .login, .sessionInUse: nil
            }
        case let error as TDError:
            error.tdlibCode == 401 ? logIn : nil
        case let error as CredentialsError:
            error == .missing ? setUp : nil
        case let error as SendError:
            switch error {
            case .notLoggedIn: logIn
            case .request(let error): forError(error)
            case .notTelegram: "Tap its tile to open it as a draft (POST /api/templates/{id}/draft renders it and returns the link)."
            case .invalid, .render, .markdown, .store, .duplicateSend: nil
            }
        case let error as ScheduleError:
            switch error {
            case .notLoggedIn: logIn
            case .send(let error): forError(error)
            case .tooSoon, .tooFar, .inThePast, .tooMany, .store: nil
            }
        case let error as ChatError:
            switch error {
            case .notLoggedIn: logIn
            case .topicNotFound: "GET /api/conversations/{chat_id}/topics lists the forum's topics."
            case .request(let error): forError(error)
            default: nil
            }
        default:
            nil
        }
    }
}
