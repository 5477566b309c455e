import Foundation
import Testing
import TgtAppModel
import TgtApplication
import TgtDomain

@Suite("The lower layers' errors are worded from the app's catalog, in every language it ships")
struct FailureTextTests {
    static let chatErrors: [ChatError] = {
        let files: [FileProblem] = [.missing(name: "a.png"), .notAFile(name: "b"), .empty(name: "c.txt"), .tooLarge(name: "d.mp4"),
                                    .unreadable(name: "e"), .notCopied(name: "f"), .noneGiven, .tooManyForAlbum(max: 10), .mixedAlbum]
        let forwards: [ForwardRefusal] = [.noneChosen, .tooMany(max: 100), .protected(messageID: 7, copying: false),
                                          .protected(messageID: 7, copying: true), .refused]
        let reactions: [ReactionRefusal] = [.anonymousAdministrator, .guest, .restricted, .paidIsFinal, .unsupportedKind]
        let sends: [SendFailure] = [.chatGone, .forbidden, .topicGone, .banned, .slowMode, .cancelled, .notRepliable,
                                    .telegram(code: 400, message: "PEER_ID_INVALID")]
        let downloads: [DownloadProblem] = [.refused(.tdlib(code: 400, message: "FILE_ID_INVALID", function: "downloadFile")),
                                            .stalled, .stopped, .closed]
        var errors: [ChatError] = [
            .notLoggedIn, .chatNotFound("Mum"), .ambiguous("Al", candidates: ["Alice (1)", "Alan (2)"]),
            .ambiguous("a", candidates: (1...10).map { "C\($0)" }), .messageNotFound(42), .notForum(title: "Team"),
            .topicNotFound(9, title: "Team"), .cannotDelete(forEveryone: true), .cannotDelete(forEveryone: false), .onlyForEveryone,
            .reactionNotAvailable("🦄", choices: []), .reactionNotAvailable("🦄", choices: ["👍", "❤️"]), .cannotListMembers,
            .folderNotFound("Work"), .contactNotFound("Bob"), .notAPerson(title: "Team"), .noFile(messageID: 3),
            .notBeingSent(4), .stillBeingSent(5), .selfDestructing(6), .emptyText, .tooLong(max: 4096),
            .markdown("character 5: an unclosed *"), .request(.closed(function: "getChats")),
        ]
        errors += PostRefusal.allCases.map { .cannotWrite(title: "News", refusal: $0) }
        errors += [EditRefusal.notOwnRecent, .notText].map(ChatError.cannotEdit)
        errors += reactions.map(ChatError.cannotReact)
        errors += [PinRefusal.channelAdminsOnly, .groupAdminsOnly, .onlyForEveryone, .notAllowed].map(ChatError.cannotPin)
        errors += forwards.map(ChatError.cannotForward)
        errors += [PageProblem.size(max: 200), .negativeOffset].map(ChatError.badPage)
        errors += [ContactNameProblem.emptyFirstName, .tooLong(max: 64), .lineBreak].map(ChatError.badContactName)
        errors += downloads.map(ChatError.downloadFailed)
        errors += files.map(ChatError.badFile)
        errors += sends.map(ChatError.sendFailed)
        return errors
    }()

    static let requestErrors: [TDError] = [
        .tdlib(code: 400, message: "MESSAGE_ID_INVALID", function: "getMessage"),
        .tdlib(code: 429, message: "Too Many Requests: retry after 30", function: "sendMessage"),
        .timeout(function: "getChats", seconds: 2.5), .closed(function: "getMe"),
        .decoding(function: "getChat", detail: "x"), .encoding(function: "sendMessage", detail: "y"),
    ]

    static let others: [any Error] = [
        TelegramError.startFailed("no libtdjson"), TelegramError.notLoggedIn, TelegramError.unreachable("proxy"),
        TelegramError.sessionInUse(pid: 812, folder: "/data/tdlib"), TelegramError.sessionInUse(pid: nil, folder: "/data/tdlib"),
        TelegramError.request(.closed(function: "getMe")),
        SendError.render(.missingVariables(["eta"])), SendError.render(.missingVariables(["eta", "place"])),
        SendError.render(.notAChoice(name: "mood", value: "meh", choices: ["good", "bad"])), SendError.render(.noTargets),
        SendError.markdown(template: "Leaving", detail: "character 3"), SendError.notLoggedIn, SendError.store("disk I/O error"),
        SendError.notTelegram(template: "Mail Bob", kind: .email), SendError.notTelegram(template: "Text Ann", kind: .text), SendError.notTelegram(template: "Post", kind: .x),
        SendError.request(.timeout(function: "sendMessage", seconds: 30)),
        StoreError.templateNotFound("Home"), StoreError.ambiguousTemplate("H", matches: ["Home", "Hello"]),
        StoreError.importFailed("line 2 is not JSON"), StoreError.exportFailed("read-only"), StoreError.database("locked"),
        StoreError.dataDirectory("not writable"), StoreError.timerNotFound("Tea"), StoreError.ambiguousTimer("T", matches: ["Tea", "Toast"]),
        StoreError.sendExists("b-1"), StoreError.todoNotFound(3, count: 0), StoreError.todoNotFound(3, count: 2),
    ]

    static var all: [any Error] { chatErrors.map { $0 as any Error } + requestErrors.map { $0 as any Error } + others }

    @Test("each typed error has a catalog sentence whose English is the layer's own message")
    func englishMatchesTheLayers() throws {
        #expect(Self.chatErrors.count > 70)
        for error in Self.all {
            let text = AppText.failure(error)
            let message = try #require(error as? any UserFacingError).message
            #expect(text.key?.isEmpty == false, "\(error) is shown verbatim")
            #expect(text.description == message, "\(error)")
        }
    }

    @Test("in Italian and Russian the sentence and the reason inside it are both translated; values stay as given")
    func translated() throws {
        let catalog = try StringCatalogTests.catalog()
        let pin = AppText.failure(ChatError.cannotPin(.channelAdminsOnly))
        let italian = pin.resolved { catalog[$0]?["it"] }
        let russian = pin.resolved { catalog[$0]?["ru"] }
        for resolved in [italian, russian] {
            #expect(resolved != pin.description)
            #expect(!resolved.contains("pin") && !resolved.contains("admins"), "\(resolved)")
        }
        let file = AppText.failure(ChatError.badFile(.empty(name: "report.pdf")))
        for language in ["it", "ru"] {
            let resolved = file.resolved { catalog[$0]?[language] }
            #expect(resolved.contains("report.pdf") && resolved != file.description)
        }
        for error in Self.all {
            let text = AppText.failure(error)
            for language in ["it", "ru"] {
                let resolved = text.resolved { catalog[$0]?[language] }
                #expect(!resolved.isEmpty && !resolved.contains("%@") && !resolved.contains("$@"), "\(error) in \(language): \(resolved)")
            }
        }
    }

    @Test("an error with no catalog sentence shows its own message, never a type dump")
    func unknownErrors() {
        struct Odd: UserFacingError {
            var message: String { "Something odd happened." }
            var nextStep: String? { nil }
            var code: String { "odd" }
            var description: String { message }
        }
        #expect(AppText.failure(Odd()).description == "Something odd happened.")
        #expect(AppText.failure(Odd()).key == nil)
    }
}
