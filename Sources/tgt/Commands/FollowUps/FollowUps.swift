import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// `tgt follow-ups`: the follow-ups that wait (if not read, if no reply, when read) and those
/// that ended lately, with why; cancel one; set one on a send already made (`FollowUpService`,
/// the dashboard's rules).
struct FollowUps: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follow-ups",
        abstract: "List, cancel or set follow-ups: act if a message is not read or answered in time, or when it is read.",
        discussion: """
            A follow-up watches one sent message: not-read (acts if it is still unread when the \
            time is up), no-reply (acts if nobody else wrote in the chat by then) or read (acts \
            when it is read; gives up after --within, 7 days by default). It then sends a \
            template into the same chat (--then-send) or posts a reminder in your Saved \
            Messages (--then-remind). Set one with the send: tgt send NAME --follow-up … .

            They are judged while `tgt serve` runs (or `tgt service install`); one due while \
            nothing ran is judged at the next start, and acts up to 12 h late. Where Telegram \
            does not tell (channels, Saved Messages, a group's read or a read hidden by privacy \
            seen only after a restart) it ends as "cannot know" and does nothing.

            Examples:
              tgt send Invoice --follow-up not-read --within 2h --then-send Nudge
              tgt send "Leaving work" --follow-up no-reply --within 1h --then-remind
              tgt follow-ups
              tgt follow-ups cancel 3f2a
              tgt follow-ups add 6c1e9a0e-… --follow-up read --then-send Thanks
            """,
        subcommands: [FollowUpsList.self, FollowUpsCancel.self, FollowUpsAdd.self],
        defaultSubcommand: FollowUpsList.self)

    /// A follow-up as `--json` gives it (the API's field names).
    struct ItemJSON: Encodable {
        var id: String
        var sentence: String
        var chatID: Int64
        var chatTitle: String
        var followedTemplate: String
        var condition: String
        var withinSeconds: Int
        var action: String
        var templateName: String?
        var state: String
        var startedAt: Date?
        var dueAt: Date?
        var reason: String?
        enum CodingKeys: String, CodingKey {
            case id, sentence, condition, action, state, reason
            case chatID = "chat_id"
            case chatTitle = "chat_title"
            case followedTemplate = "followed_template"
            case withinSeconds = "within_seconds"
            case templateName = "template_name"
            case startedAt = "started_at"
            case dueAt = "due_at"
        }

        init(_ item: FollowUpItem) {
            id = item.id.uuidString.lowercased()
            sentence = item.sentence
            chatID = item.chatID
            chatTitle = item.chatTitle
            followedTemplate = item.followedTemplate
            condition = item.condition.rawValue
            withinSeconds = Int(item.within)
            action = item.actionTemplateID == nil ? "remind" : "send"
            templateName = item.actionTemplateName
            state = item.state.rawValue
            startedAt = item.startedAt
            dueAt = item.dueAt
            reason = item.reason
        }
    }

    /// A live follow-up on one line: its short id, the rule, the message it follows, and when
    /// it is judged (or why not yet), for `tgt follow-ups` and `tgt scheduled`.
    static func liveLine(_ item: FollowUpItem) -> String {
        let when = item.dueAt.map { "judged \(TimerText.time($0))" } ?? item.state.words
        return "\(FollowUpsList.shortID(item.id))  \(item.sentence) — “\(item.followedTemplate)”, \(when)"
    }
}

/// `tgt follow-ups list`.
struct FollowUpsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the follow-ups that wait, then those that ended lately with why.",
        discussion: """
            Examples:
              tgt follow-ups
              tgt follow-ups list --json
            """)
    @OptionGroup var global: GlobalOptions

    /// The first 8 characters of an id, as lists show it (enough for `cancel`).
    static func shortID(_ id: UUID) -> String { String(id.uuidString.lowercased().prefix(8)) }

    func run() async throws {
        try await global.run {
            let items = try global.workspace().followUps.list()
            if global.json {
                global.console.emit(items.map(FollowUps.ItemJSON.init))
                return
            }
            let live = items.filter(\.state.isLive)
            let ended = items.filter { !$0.state.isLive }
            if live.isEmpty { global.console.line("No follow-up waits. Set one with tgt send NAME --follow-up not-read --within 2h --then-remind.") }
            for item in live { global.console.line(FollowUps.liveLine(item)) }
            guard !ended.isEmpty else { return }
            global.console.line("Ended lately:")
            for item in ended {
                global.console.line("\(Self.shortID(item.id))  \(item.state.words): \(item.sentence). \(item.reason ?? "")")
            }
        }
    }
}

/// `tgt follow-ups cancel`.
struct FollowUpsCancel: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Cancel a follow-up that waits (by its id, or the start of it as the list shows).",
        discussion: """
            Example:
              tgt follow-ups cancel 3f2a9c1d
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The follow-up's id (its first characters are enough).") var id: String

    func run() async throws {
        try await global.run {
            let item = try global.workspace().followUps.cancel(matching: id)
            if global.json { global.console.emit(FollowUps.ItemJSON(item)) } else { global.console.line("Cancelled: \(item.sentence).") }
        }
    }
}

/// `tgt follow-ups add`.
struct FollowUpsAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Set a follow-up on a send already made, by its batch id (tgt send --json prints it).",
        discussion: """
            Example:
              tgt follow-ups add 6c1e9a0e-2b7d-4f0e-9a57-0f1c2d3e4f50 --follow-up no-reply --within 1h --then-remind
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The send's batch id.") var batch: String
    @OptionGroup var followUp: FollowUpOptions

    func run() async throws {
        try await global.run {
            let workspace = try global.workspace()
            guard let id = UUID(uuidString: batch) else {
                throw InputError("“\(batch)” is not a batch id.", next: "Use the batch_id that `tgt send --json` prints.")
            }
            guard let rule = try followUp.rule(workspace) else {
                throw InputError("Say which follow-up to set.", next: "For example: --follow-up no-reply --within 1h --then-remind")
            }
            let items = try FollowUpOptions.set(rule, batch: id, global: global, workspace: workspace)
            if global.json { global.console.emit(items.map(FollowUps.ItemJSON.init)) }
        }
    }
}
