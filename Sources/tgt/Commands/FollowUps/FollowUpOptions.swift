import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// The options that set a follow-up (`tgt send`, `tgt follow-ups add`): the condition, the
/// wait and the action, checked into a `FollowUpRule` before anything is sent.
struct FollowUpOptions: ParsableArguments {
    @Option(name: .customLong("follow-up"), help: ArgumentHelp("Follow up on the message: not-read, no-reply or read.", valueName: "condition")) var condition: String?
    @Option(help: ArgumentHelp("With --follow-up: how long to wait (30m, 2h, 1d; for read, how long to wait for it, 7 days by default).", valueName: "wait")) var within: String?
    @Option(name: .customLong("then-send"), help: ArgumentHelp("With --follow-up: the template to send into the same chat.", valueName: "template")) var thenSend: String?
    @Flag(name: .customLong("then-remind"), help: "With --follow-up: post a reminder in your Saved Messages instead.") var thenRemind = false

    /// Whether any follow-up option was given.
    var isGiven: Bool { condition != nil || within != nil || thenSend != nil || thenRemind }

    /// The rule the options make, or nil when none was given; an `InputError` for any mistake.
    func rule(_ workspace: Workspace) throws -> FollowUpRule? {
        guard isGiven else { return nil }
        guard let text = condition else {
            throw InputError("--within, --then-send and --then-remind go with --follow-up.", next: "For example: --follow-up no-reply --within 1h --then-remind")
        }
        guard let condition = FollowUpCondition(named: text) else {
            throw InputError("“\(text)” is not a follow-up condition.", next: "Use not-read, no-reply or read.")
        }
        let action: FollowUpAction
        switch (thenSend, thenRemind) {
        case (let name?, false):
            let template = try workspace.templates().resolve(name)
            guard template.kind == .telegram else { throw InputError("“\(template.name)” is not a Telegram template; a follow-up sends into the chat.") }
            action = .send(templateID: template.id)
        case (nil, true): action = .remind
        case (nil, false): throw InputError("Say what the follow-up does.", next: "Add --then-send TEMPLATE or --then-remind.")
        case (_?, true): throw InputError("--then-send and --then-remind both say what to do.", next: "Give one of them.")
        }
        if condition != .read, within == nil {
            throw InputError("--follow-up \(condition.rawValue.replacingOccurrences(of: "_", with: "-")) needs --within.", next: "For example: --within 2h")
        }
        let rule = try FollowUpRule(condition: condition, within: try within.map(FollowUpRule.parseWait), action: action)
        try workspace.followUps.check(rule)
        return rule
    }

    /// Sets `rule` on a send that already went out or was scheduled: what `set` does, but a
    /// refusal now (checked before the send, so rare: the limit reached meanwhile) is a warning,
    /// never a failed command, which a script would retry and so send twice.
    static func setAfterSend(_ rule: FollowUpRule, batch: UUID?, sendIDs: [Int64] = [], global: GlobalOptions, workspace: Workspace) -> [FollowUpItem]? {
        do {
            return try set(rule, batch: batch, sendIDs: sendIDs, global: global, workspace: workspace)
        } catch {
            let words = (error as? any UserFacingError)?.message ?? "\(error)"
            global.console.note("Sent, but the follow-up was not set: \(words)")
            return nil
        }
    }

    /// Sets `rule` on the send `batch` (or the scheduled rows `sendIDs`) and says so.
    static func set(_ rule: FollowUpRule, batch: UUID?, sendIDs: [Int64] = [], global: GlobalOptions, workspace: Workspace) throws -> [FollowUpItem] {
        let items = if let batch { try workspace.followUps.add(rule, toBatch: batch) } else { try workspace.followUps.add(rule, toSends: sendIDs) }
        if !global.json {
            for item in items { global.console.line("Follow-up set: \(item.sentence). (\(FollowUpsList.shortID(item.id)))") }
            global.console.note("It is watched while `tgt serve` runs (or `tgt service install`); `tgt follow-ups` lists them.")
        }
        return items
    }
}
