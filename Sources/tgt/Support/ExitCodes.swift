import ArgumentParser
import TgtApplication
import TgtDomain
import TgtDashboardClient

/// tgt's documented exit codes (also in docs/cli.md, "Exit codes", and `tgt --help`).
enum ExitStatus: Int32 {
    case ok = 0
    case failure = 1
    case badInput = 2
    case notReady = 3
    case unreachable = 4
    case partialSend = 5
    case busy = 6
    /// The command did its work (a send went out) but its output could not be written.
    case outputFailed = 7
    /// The send was undone during its undo hold: nothing was sent.
    case undone = 8
    // 64: command-line usage error (reported by the argument parser).

    static let help = """
        Exit codes: 0 success · 1 unexpected failure · 2 bad input (unknown template, malformed value, \
        invalid file) · 3 not set up or not logged in · 4 Telegram unreachable · 5 send finished but \
        some targets failed · 6 the Telegram session is in use by another process · 7 the command \
        did its work but its output could not be written (full disk, closed output) · 8 the send was undone \
        during its undo hold (nothing was sent) · 64 usage error (an unknown option, or a value outside an option's listed choices) \
        · 130 stopped with Ctrl-C (--follow, timers watch) · 141 the reader of the output went away (as with SIGPIPE)
        """

    /// The exit status for an error.
    static func of(_ error: any Error) -> ExitStatus {
        switch error {
        case let e as StoreError:
            switch e {
            case .database, .dataDirectory, .exportFailed: .failure
            default: .badInput
            }
        case let e as CredentialsError: e == .missing ? .notReady : .badInput
        case let e as TelegramError:
            switch e {
            case .notLoggedIn, .notSetUp: .notReady
            case .unreachable: .unreachable
            case .sessionInUse: .busy
            case .login: .badInput
            case .request(let td): of(td)
            case .startFailed: .failure
            }
        case let e as SendError:
            switch e {
            case .notLoggedIn: .notReady
            case .request(let td): of(td)
            case .store: .failure
            default: .badInput
            }
        case let e as DashboardClientError:
            switch e.code {
            case "not_logged_in", "not_configured": .notReady
            case "unreachable": .unreachable
            case "session_in_use": .busy
            case "internal", "store", "bad_reply", "failed": .failure
            case "send_failed": .partialSend
            default: .badInput
            }
        case let e as DraftError:
            if case .store = e { .failure } else { .badInput }
        case let e as ScheduleError:
            switch e {
            case .notLoggedIn: .notReady
            case .store: .failure
            case .send(let send): of(send)
            default: .badInput
            }
        case let e as ChatError:
            switch e {
            case .notLoggedIn: .notReady
            case .request(let td): of(td)
            case .sendFailed: .partialSend
            default: .badInput
            }
        case let e as TargetError:
            if case .store(let store) = e { of(store) } else { .badInput }
        case let e as ScheduledSendError:
            if case .store = e { .failure } else { .badInput }
        case is TDLibraryError: .notReady
        case is InputError, is SendOrderError, is SettingsError, is TemplateOrderError, is RenderError, is TgtDomain.ValidationError, is TemplateSyntaxError, is VariableAssignmentError,
             is TimerDurationError, is TimerError, is TimerValidationError, is SendTimeError, is RepeatRuleError, is SeriesError,
             is UndoHoldError, is UndoError, is TriggerError, is AwayError, is SnippetError, is WebhookError, is FollowUpError: .badInput
        case let e as TDError: e.code == "timeout" ? .unreachable : .failure
        default: .failure
        }
    }
}

/// Bad command-line input that the argument parser cannot catch by itself.
struct InputError: UserFacingError {
    var message: String
    var nextStep: String?
    var code: String { "bad_input" }

    init(_ message: String, next: String? = nil) {
        self.message = message
        nextStep = next
    }
}
