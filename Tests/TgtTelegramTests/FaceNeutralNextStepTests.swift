import Foundation
import Testing
import TgtDomain
import TgtStore
import TgtTDLib
@testable import TgtTelegram

/// The lower layers say what to do next in words any face can show; the CLI, the dashboard and
/// the apps each add their own command, page or button. So no next step down here names a `tgt`
/// command, an API path or a command-line flag.
@Suite("Lower-layer errors: face-neutral next steps")
struct FaceNeutralNextStepTests {
    /// One of every case (every reachable `nextStep` branch) of each lower-layer error type.
    /// Each `index` switch below has no `default`: a new case does not compile until it is
    /// given a number, and the count check then asks for a sample of it here.
    static let td: [TDError] = [
        .tdlib(code: 401, message: "UNAUTHORIZED", function: "getMe"),
        .tdlib(code: 429, message: "Too Many Requests: retry after 5", function: "sendMessage"),
        .tdlib(code: 400, message: "CHAT_NOT_FOUND", function: "getChat"),
        .timeout(function: "getMe", seconds: 10),
        .closed(function: "getMe"),
        .decoding(function: "getMe", detail: "x"),
        .encoding(function: "getMe", detail: "x"),
    ]
    static let timer: [TimerError] = [.alreadyRunning("Pasta"), .pausedUseResume("Pasta"), .notRunning("Pasta"), .notPaused("Pasta")]
    static let render: [RenderError] = [
        .syntax(.unclosedPlaceholder(position: 1)), .missingVariables(["eta"]), .missingVariables(["location", "eta"]),
        .notAChoice(name: "mood", value: "sleepy", choices: ["happy", "sad"]), .noTargets,
    ]
    static let credentials: [CredentialsError] = [.invalidID("x"), .invalidHash, .missing]
    static let store: [StoreError] = [
        .templateNotFound("x"), .ambiguousTemplate("x", matches: ["a", "b"]), .invalid(ValidationError(issues: [])),
        .importFailed("x"), .exportFailed("x"), .database("x"), .dataDirectory("x"), .timerNotFound("x"),
        .ambiguousTimer("x", matches: ["a", "b"]), .invalidTimer(TimerValidationError(issues: [])), .todoNotFound(3, count: 2),
        .sendExists("x"),
    ] + timer.map { .timerState($0) }
    static let draft: [DraftError] = [.notADraft("x"), .invalid(ValidationError(issues: []))]
        + render.map { .render($0) } + store.map { .store($0) }
    static let send: [SendError] = [
        .invalid(ValidationError(issues: [])), .markdown(template: "x", detail: "character 1"), .notLoggedIn,
        .store("x"), .notTelegram(template: "x", kind: .email), .duplicateSend("x"),
    ] + render.map { .render($0) } + td.map { .request($0) }
    static let schedule: [ScheduleError] = [.tooSoon(seconds: 3), .tooFar, .inThePast, .tooMany(chat: "x"), .notLoggedIn, .store("x")]
        + send.map { .send($0) }
    static let chat: [ChatError] = [
        .notLoggedIn, .chatNotFound("x"), .ambiguous("x", candidates: ["a", "b"]), .cannotWrite(title: "x", refusal: .banned),
        .messageNotFound(1), .notForum(title: "x"), .topicNotFound(9, title: "x"), .cannotEdit(.notText),
        .cannotDelete(forEveryone: true), .cannotDelete(forEveryone: false), .onlyForEveryone, .emptyText, .tooLong(max: 4096),
        .markdown("x"), .sendFailed(.slowMode), .cannotReact(.guest), .reactionNotAvailable("x", choices: ["👍"]),
        .cannotPin(.notAllowed), .cannotForward(.refused), .cannotListMembers, .badPage(.negativeOffset),
        .folderNotFound("x"), .notAPerson(title: "x"), .badContactName(.lineBreak), .contactNotFound("x"),
        .noFile(messageID: 1), .downloadFailed(.stalled), .badFile(.noneGiven), .notBeingSent(1), .stillBeingSent(1), .selfDestructing(1),
    ] + td.map { .request($0) }
    /// Login errors as `LoginFlow` words TDLib's answers, plus the session's own cases.
    static let telegram: [TelegramError] = [
        .startFailed("x"), .notLoggedIn, .unreachable("x"), .sessionInUse(pid: 42, folder: "/data"),
        .login("x", next: nil),
    ] + credentials.map { .notSetUp($0.message, next: $0.nextStep) } + td.map { .request($0) }
        + ["PHONE_NUMBER_INVALID", "PHONE_NUMBER_BANNED", "PHONE_CODE_INVALID", "PHONE_CODE_EXPIRED", "PASSWORD_HASH_INVALID",
           "EMAIL_INVALID", "EMAIL_CODE_INVALID", "FIRSTNAME_INVALID", "Call to checkAuthenticationCode unexpected", "OTHER"]
        .map { LoginFlow.describe(.tdlib(code: 400, message: $0, function: "f"), connection: nil) }
        + td.map { LoginFlow.describe($0, connection: nil) }

    @Test("no next step (or message) names a tgt command, an API path or a command-line flag")
    func faceNeutral() {
        let all: [any UserFacingError] = Self.td + Self.timer + Self.render + Self.credentials + Self.store + Self.draft
            + Self.send + Self.schedule + Self.chat + Self.telegram
        for error in all {
            let next = error.nextStep ?? ""
            #expect(!next.contains("`tgt") && !next.contains("/api/") && !next.contains(" --") && !next.hasPrefix("--"),
                    "\(type(of: error)) \(error.code): \(next)")
            #expect(!error.message.contains("`tgt"), "\(type(of: error)) \(error.code): \(error.message)")
        }
        #expect(all.count > 100)
    }

    @Test("the samples cover every case of every type")
    func everyCase() {
        #expect(Set(Self.td.map { Self.index($0) }).count == 5)
        #expect(Set(Self.timer.map { Self.index($0) }).count == 4)
        #expect(Set(Self.render.map { Self.index($0) }).count == 4)
        #expect(Set(Self.credentials.map { Self.index($0) }).count == 3)
        #expect(Set(Self.store.map { Self.index($0) }).count == 13)
        #expect(Set(Self.draft.map { Self.index($0) }).count == 4)
        #expect(Set(Self.send.map { Self.index($0) }).count == 8)
        #expect(Set(Self.schedule.map { Self.index($0) }).count == 7)
        #expect(Set(Self.chat.map { Self.index($0) }).count == 31)
        #expect(Set(Self.telegram.map { Self.index($0) }).count == 7)
    }

    @Test("the login restarts use the constants faces recognise")
    func loginConstants() {
        func next(_ message: String) -> String? {
            LoginFlow.describe(.tdlib(code: 400, message: message, function: "f"), connection: nil).nextStep
        }
        #expect(next("PHONE_CODE_EXPIRED") == TelegramError.startLoginAgainForNewCode)
        #expect(next("Call to checkAuthenticationCode unexpected") == TelegramError.startLoginAgain)
        #expect(LoginFlow.describe(.closed(function: "f"), connection: nil).nextStep == TelegramError.logInAgain)
    }

    static func index(_ e: TDError) -> Int {
        switch e {
        case .tdlib: 0
        case .timeout: 1
        case .closed: 2
        case .decoding: 3
        case .encoding: 4
        }
    }

    static func index(_ e: TimerError) -> Int {
        switch e {
        case .alreadyRunning: 0
        case .pausedUseResume: 1
        case .notRunning: 2
        case .notPaused: 3
        }
    }

    static func index(_ e: RenderError) -> Int {
        switch e {
        case .syntax: 0
        case .missingVariables: 1
        case .notAChoice: 2
        case .noTargets: 3
        }
    }

    static func index(_ e: CredentialsError) -> Int {
        switch e {
        case .invalidID: 0
        case .invalidHash: 1
        case .missing: 2
        }
    }

    static func index(_ e: StoreError) -> Int {
        switch e {
        case .templateNotFound: 0
        case .ambiguousTemplate: 1
        case .invalid: 2
        case .importFailed: 3
        case .exportFailed: 4
        case .database: 5
        case .dataDirectory: 6
        case .timerNotFound: 7
        case .ambiguousTimer: 8
        case .invalidTimer: 9
        case .timerState: 10
        case .todoNotFound: 11
        case .sendExists: 12
        }
    }

    static func index(_ e: DraftError) -> Int {
        switch e {
        case .notADraft: 0
        case .invalid: 1
        case .render: 2
        case .store: 3
        }
    }

    static func index(_ e: SendError) -> Int {
        switch e {
        case .invalid: 0
        case .render: 1
        case .markdown: 2
        case .notLoggedIn: 3
        case .request: 4
        case .store: 5
        case .notTelegram: 6
        case .duplicateSend: 7
        }
    }

    static func index(_ e: ScheduleError) -> Int {
        switch e {
        case .tooSoon: 0
        case .tooFar: 1
        case .inThePast: 2
        case .tooMany: 3
        case .notLoggedIn: 4
        case .send: 5
        case .store: 6
        }
    }

    static func index(_ e: ChatError) -> Int {
        switch e {
        case .notLoggedIn: 0
        case .chatNotFound: 1
        case .ambiguous: 2
        case .cannotWrite: 3
        case .messageNotFound: 4
        case .notForum: 5
        case .topicNotFound: 6
        case .cannotEdit: 7
        case .cannotDelete: 8
        case .onlyForEveryone: 9
        case .emptyText: 10
        case .tooLong: 11
        case .markdown: 12
        case .sendFailed: 13
        case .request: 14
        case .cannotReact: 15
        case .reactionNotAvailable: 16
        case .cannotPin: 17
        case .cannotForward: 18
        case .cannotListMembers: 19
        case .badPage: 20
        case .folderNotFound: 21
        case .notAPerson: 22
        case .badContactName: 23
        case .contactNotFound: 24
        case .noFile: 25
        case .downloadFailed: 26
        case .badFile: 27
        case .notBeingSent: 28
        case .stillBeingSent: 29
        case .selfDestructing: 30
        }
    }

    static func index(_ e: TelegramError) -> Int {
        switch e {
        case .startFailed: 0
        case .notLoggedIn: 1
        case .notSetUp: 2
        case .unreachable: 3
        case .login: 4
        case .sessionInUse: 5
        case .request: 6
        }
    }
}

