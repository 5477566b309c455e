import TgtDomain

/// Why a store operation failed. Nothing was changed when one of these is thrown.
public enum StoreError: UserFacingError, Equatable {
    case templateNotFound(String)
    case ambiguousTemplate(String, matches: [String])
    case invalid(ValidationError)
    case importFailed(String)
    case exportFailed(String)
    case database(String)
    case dataDirectory(String)
    case timerNotFound(String)
    case ambiguousTimer(String, matches: [String])
    case invalidTimer(TimerValidationError)
    case timerState(TimerError)
    case todoNotFound(Int, count: Int)
    /// A send's id (its batch) is already in the send log: a client used one twice.
    case sendExists(String)

    public var message: String {
        switch self {
        case .templateNotFound(let key): "There is no template called “\(key)”."
        case .ambiguousTemplate(let key, let matches):
            "“\(key)” matches more than one template: \(matches.joined(separator: ", "))."
        case .invalid(let error): error.message
        case .importFailed(let reason): "Nothing was imported: \(reason)"
        case .exportFailed(let reason): "The export failed: \(reason)"
        case .database(let detail): "The template database could not be used (\(detail))."
        case .dataDirectory(let detail): "The data folder could not be used: \(detail)"
        case .timerNotFound(let key): "There is no timer called “\(key)”."
        case .ambiguousTimer(let key, let matches): "“\(key)” matches more than one timer: \(matches.joined(separator: ", "))."
        case .invalidTimer(let error): error.message
        case .timerState(let error): error.message
        case .sendExists(let id): "A send with the id \(id) is already in the send log; nothing was sent."
        case .todoNotFound(let number, let count):
            count == 0 ? "The timer has no to-dos (there is no number \(number))." : "There is no to-do number \(number); they go from 1 to \(count)."
        }
    }

    public var nextStep: String? {
        switch self {
        case .templateNotFound: "Check the name against your list of templates."
        case .ambiguousTemplate: "Use the template's id or its full name."
        case .invalid: nil
        case .importFailed: "Fix the file and import it again."
        case .exportFailed: "Check the destination folder and try again."
        case .database: "Check that the data folder is writable."
        case .dataDirectory: "Use another data folder."
        case .timerNotFound: "Check the name against your list of timers."
        case .ambiguousTimer: "Use the timer's id or its full name."
        case .invalidTimer: nil
        case .timerState(let error): error.nextStep
        case .todoNotFound: "Use the number the to-do has in the timer's list."
        case .sendExists: "Give each send a new id, or none."
        }
    }

    public var code: String {
        switch self {
        case .templateNotFound: "template_not_found"
        case .ambiguousTemplate: "ambiguous_template"
        case .invalid: "invalid_template"
        case .importFailed: "import_failed"
        case .exportFailed: "export_failed"
        case .database: "database"
        case .dataDirectory: "data_directory"
        case .timerNotFound: "timer_not_found"
        case .ambiguousTimer: "ambiguous_timer"
        case .invalidTimer: "invalid_timer"
        case .timerState(let error): error.code
        case .todoNotFound: "todo_not_found"
        case .sendExists: "send_exists"
        }
    }
}
