import TgtApplication
import TgtDomain
import TgtDashboardClient

/// What to do next after an error, in the terminal's terms: the `tgt` command that helps.
///
/// The lower layers say what to do in words any face can show ("Log in to Telegram first.");
/// this table words it as a command ("Run `tgt login`.") for the typed errors that have one,
/// and falls back to the error's own next step for everything else.
enum CLINextStep {
    /// The next step to print after `error`, or nil when there is nothing to do.
    static func forError(_ error: any Error) -> String? {
        command(for: error) ?? (error as? any UserFacingError)?.nextStep
    }

    /// The terminal's own wording for `error`, when it has one.
    private static func command(for error: any Error) -> String? {
        switch error {
        case let error as RenderError: render(error)
        case let error as TimerError: timer(error)
        case let error as CredentialsError: credentials(error)
        case let error as StoreError: store(error)
        case let error as DraftError: draft(error)
        case let error as TDError: tdlib(error)
        case let error as TelegramError: telegram(error)
        case let error as SendError: send(error)
        case let error as ScheduleError: schedule(error)
        case let error as ChatError: chat(error)
        case let error as DashboardClientError: dashboard(error)
        case let error as TargetError: target(error)
        default: nil
        }
    }

    private static func target(_ error: TargetError) -> String? {
        switch error {
        case .notListed, .notATelegramChat: "Run `tgt chats` to refresh it and check the id."
        case .cannotPost: "Choose a chat you can post in (`tgt chats` lists them with their ids)."
        case .noTopic(let chatTitle, _): "Run `tgt chats --search \"\(chatTitle)\"` to see its topics."
        case .tooMany, .topicTitleNeeded, .store: nil
        }
    }

    private static let login = "Run `tgt login`."

    private static func render(_ error: RenderError) -> String? {
        switch error {
        case .syntax: nil
        case .missingVariables(let names):
            names.contains("location")
                ? "Pass them with --var NAME=VALUE (and --location LAT,LON for the location)."
                : "Pass them with --var NAME=VALUE."
        case .notAChoice(let name, _, let choices): "Pass --var \(name)=\(choices.first ?? "")."
        case .noTargets: "Add a target with `tgt templates edit NAME --target CHAT_ID`."
        }
    }

    private static func timer(_ error: TimerError) -> String? {
        switch error {
        case .alreadyRunning(let name): "Pause it, or reset it to start again (`tgt timers reset \"\(name)\"`)."
        case .pausedUseResume(let name): "Resume it (`tgt timers resume \"\(name)\"`) or reset it."
        case .notRunning(let name): "Start it first (`tgt timers start \"\(name)\"`)."
        case .notPaused: nil
        }
    }

    private static func credentials(_ error: CredentialsError) -> String? {
        switch error {
        case .missing: "Run `tgt setup` (or set TGT_API_ID and TGT_API_HASH)."
        case .invalidID, .invalidHash: nil
        }
    }

    private static func store(_ error: StoreError) -> String? {
        switch error {
        case .templateNotFound: "List them with `tgt templates list`."
        case .ambiguousTemplate: "Use the template's id (see `tgt templates list`)."
        case .database: "Check that the data folder is writable (`tgt status` shows it)."
        case .dataDirectory: "Pass another one with --data-dir or TGT_DATA_DIR."
        case .timerNotFound: "List them with `tgt timers list`."
        case .ambiguousTimer: "Use the timer's id (see `tgt timers list`)."
        case .todoNotFound: "See them numbered with `tgt timers show TIMER`."
        case .timerState(let error): timer(error)
        case .invalid, .importFailed, .exportFailed, .invalidTimer: nil
        case .sendExists: "Run the command again (each run is a new send)."
        }
    }

    private static func draft(_ error: DraftError) -> String? {
        switch error {
        case .invalid: "Edit the template with `tgt templates edit`."
        case .render(let error): render(error)
        case .store(let error): store(error)
        case .notADraft: nil
        }
    }

    private static func tdlib(_ error: TDError) -> String? {
        switch error {
        case .tdlib(let code, _, _): code == 401 ? "Log in again with `tgt login`." : nil
        case .timeout: "Check your network connection (`tgt status`) and try again."
        case .decoding, .encoding: "Please report this with the output of `tgt status --json`."
        case .closed: nil
        }
    }

    private static func telegram(_ error: TelegramError) -> String? {
        switch error {
        case .notLoggedIn: login
        case .sessionInUse: "Stop that process (or let `tgt serve` do the work), then try again."
        case .login(_, let next):
            switch next {
            case TelegramError.startLoginAgainForNewCode: "Start again with `tgt login` to get a new one."
            case TelegramError.startLoginAgain: "Start again with `tgt login`."
            case TelegramError.logInAgain: "Run `tgt login` again."
            default: nil
            }
        case .notSetUp(_, let next):
            // The session wraps the credentials' error: missing credentials keep its next step.
            next == CredentialsError.missing.nextStep ? credentials(.missing) : nil
        case .request(let error): tdlib(error)
        case .startFailed, .unreachable: nil
        }
    }

    private static func send(_ error: SendError) -> String? {
        switch error {
        case .invalid: "Edit the template with `tgt templates edit`."
        case .render(let error): render(error)
        case .markdown: "Edit the template's text (`tgt templates edit NAME --body …`)."
        case .notLoggedIn: login
        case .request(let error): tdlib(error)
        case .notTelegram: "Send it with `tgt send NAME` (it prints the draft's link) or from the dashboard."
        case .store, .duplicateSend: nil
        }
    }

    private static func schedule(_ error: ScheduleError) -> String? {
        switch error {
        case .tooSoon: "Send it now (without --at/--in), or pick a later time."
        case .tooFar, .inThePast: "Pick a time within the next 12 months, e.g. --at 18:30 or --in 2h."
        case .tooMany: "Cancel some with `tgt scheduled cancel ID` (or in Telegram), then try again."
        case .notLoggedIn: login
        case .send(let error): send(error)
        case .store: nil
        }
    }

    private static func chat(_ error: ChatError) -> String? {
        switch error {
        case .notLoggedIn: login
        case .chatNotFound: "List your chats with `tgt chat list` (or search with `tgt chat list --search TEXT`)."
        case .cannotWrite: "Pick a chat you can post in (`tgt chat list`)."
        case .messageNotFound: "List the chat's messages with `tgt chat read CHAT`."
        case .notForum: "Leave out the topic (--topic) for this chat."
        case .topicNotFound: "List the forum's topics with `tgt chats`."
        case .cannotDelete(let forEveryone): forEveryone ? "Delete it for yourself only (without --for-all)." : nil
        case .onlyForEveryone: "Delete it for everyone (--for-all) if that is what you want."
        case .request(let error): tdlib(error)
        case .reactionNotAvailable: "See the chat's reactions with `tgt chat react CHAT MESSAGE` (no emoji)."
        case .folderNotFound: "List your folders with `tgt chat folders`."
        case .contactNotFound: "List your contacts with `tgt chat contacts`."
        case .notAPerson: "Name a private chat with the person (`tgt chat list`)."
        case .badContactName: "Give --first-name (1 to 64 characters) and, if you like, --last-name."
        case .noFile: "Pick a message with a file: `tgt chat read CHAT` labels them (📷, 🎬, 📎 …)."
        case .downloadFailed: "Try again when the connection is back (`tgt status`)."
        case .notBeingSent: "Delete it with `tgt chat delete CHAT MESSAGE` if you do not want it."
        case .stillBeingSent: "Wait until `tgt chat read CHAT` shows it sent, then download it."
        case .selfDestructing: "Open it in Telegram on your phone: it deletes itself once viewed."
        case .badFile: "Give files of at most 2,000 MB (photos over 10 MB go as files), up to 10 at a time; --as-files sends any mix."
        case .ambiguous, .cannotEdit, .emptyText, .tooLong, .markdown, .sendFailed, .cannotReact, .cannotPin, .cannotForward, .cannotListMembers, .badPage: nil
        }
    }

    /// An error the running dashboard answered with (the command went through `tgt serve`):
    /// only its code survives the trip, so only the codes whose command needs no detail.
    private static func dashboard(_ error: DashboardClientError) -> String? {
        switch error.code {
        case "not_logged_in": login
        case "template_not_found": "List them with `tgt templates list`."
        case "ambiguous_template": "Use the template's id (see `tgt templates list`)."
        case "timer_not_found": "List them with `tgt timers list`."
        case "ambiguous_timer": "Use the timer's id (see `tgt timers list`)."
        case "chat_not_found": "List your chats with `tgt chat list` (or search with `tgt chat list --search TEXT`)."
        case "cannot_write": "Pick a chat you can post in (`tgt chat list`)."
        case "topic_not_found": "List the forum's topics with `tgt chats`."
        case "not_forum": "Leave out the topic (--topic) for this chat."
        case "folder_not_found": "List your folders with `tgt chat folders`."
        default: nil
        }
    }
}
