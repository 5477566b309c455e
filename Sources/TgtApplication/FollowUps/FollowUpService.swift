import Foundation
import TgtDomain
import TgtStore

/// One follow-up as every face shows it: the rule in words, where it stands, and why it ended.
public struct FollowUpItem: Sendable, Equatable, Identifiable {
    public var id: UUID
    /// The send log row of the followed message.
    public var sendID: Int64
    /// "If Alice has not read it within 2 h, send “Nudge”".
    public var sentence: String
    public var chatID: Int64
    public var chatTitle: String
    /// The template of the followed message.
    public var followedTemplate: String
    public var condition: FollowUpCondition
    public var within: TimeInterval
    /// The template it sends; nil for a reminder.
    public var actionTemplateID: UUID?
    public var actionTemplateName: String?
    public var state: FollowUpState
    /// When the message went out (nil while it waits to).
    public var startedAt: Date?
    /// When the condition is judged (nil while the message waits to go out).
    public var dueAt: Date?
    public var reason: String?
    public var createdAt: Date
    public var updatedAt: Date
}

/// Follow-ups for the faces: set one on a send, list them (Scheduled), cancel one. Watching
/// and acting is `LiveSession.watchFollowUps`, while `tgt serve` or the service runs; a
/// follow-up set meanwhile waits in the store and is judged at the next start.
public struct FollowUpService: Sendable {
    let store: AppDatabase

    init(store: AppDatabase) {
        self.store = store
    }

    /// Sets `rule` on each Telegram message of the send `batch` (a tap, `tgt send`).
    public func add(_ rule: FollowUpRule, toBatch batch: UUID) throws -> [FollowUpItem] {
        try check(rule)
        return try items(try store.addFollowUps(NewFollowUp(rule: rule, batchID: batch)).get())
    }

    /// Sets `rule` on send log rows `sendIDs` (a send later's targets).
    public func add(_ rule: FollowUpRule, toSends sendIDs: [Int64]) throws -> [FollowUpItem] {
        try check(rule)
        return try items(try store.addFollowUps(NewFollowUp(rule: rule, sendIDs: sendIDs)).get())
    }

    /// Everything `add` checks of `rule` before it is set, for a face that must refuse before
    /// it sends (`tgt send --follow-up`): the template a rule sends must exist, be a Telegram
    /// template and need no typed values (nobody is there to type them when it acts), and
    /// there must be room for one more.
    public func check(_ rule: FollowUpRule) throws {
        guard try store.liveFollowUpCount() < FollowUpRule.maxWaiting else { throw FollowUpError.tooMany(FollowUpRule.maxWaiting) }
        guard case .send(let id) = rule.action else { return }
        guard let template = try store.template(id: id) else { throw FollowUpError.templateNotFound }
        guard template.kind == .telegram else {
            throw FollowUpError.templateUnusable("“\(template.name)” is not a Telegram template: a follow-up sends into the chat.")
        }
        let needed = template.variablesNeedingValues
        guard needed.isEmpty else {
            throw FollowUpError.templateUnusable("“\(template.name)” needs values nobody will type when it acts: \(needed.map { "{{\($0)}}" }.joined(separator: ", ")).")
        }
    }

    /// The follow-ups set on send log rows `sendIDs` (live and ended), by row: what Recent
    /// shows under each target.
    public func forSends(_ sendIDs: [Int64]) throws -> [Int64: [FollowUpItem]] {
        Dictionary(grouping: try items(try store.followUps(sendIDs: sendIDs)), by: \.sendID)
    }

    /// The live follow-ups, soonest first, then the latest `ended` that ended.
    public func list(ended: Int = 20) throws -> [FollowUpItem] {
        try items(try store.followUps(ended: ended))
    }

    /// Cancels follow-up `id` (`FollowUpError.notFound`, `.alreadyEnded`).
    public func cancel(id: UUID) throws -> FollowUpItem {
        guard let item = try items([try store.cancelFollowUp(id: id).get()]).first else { throw FollowUpError.notFound }
        return item
    }

    /// Cancels the follow-up whose id is `text` or begins with it (at least 4 characters, as
    /// lists show ids): `FollowUpError.notFound` when none or several match.
    public func cancel(matching text: String) throws -> FollowUpItem {
        let key = text.lowercased().trimmingCharacters(in: .whitespaces)
        if let id = UUID(uuidString: key) { return try cancel(id: id) }
        guard key.count >= 4 else { throw FollowUpError.notFound }
        let found = try store.followUps(ended: 0).filter { $0.id.uuidString.lowercased().hasPrefix(key) }
        guard found.count == 1, let only = found.first else { throw FollowUpError.notFound }
        return try cancel(id: only.id)
    }

    /// `records` as faces show them, with the templates' names read once.
    func items(_ records: [FollowUpRecord]) throws -> [FollowUpItem] {
        let names = Dictionary(try store.templates().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return records.map { record in
            let templateID = record.rule.sendsTemplateID
            let name = templateID.flatMap { names[$0] }
            return FollowUpItem(
                id: record.id, sendID: record.sendID, sentence: record.rule.sentence(chat: record.targetTitle, templateName: name), chatID: record.chatID,
                chatTitle: record.targetTitle, followedTemplate: record.templateName, condition: record.rule.condition,
                within: record.rule.within, actionTemplateID: templateID, actionTemplateName: name, state: record.state,
                startedAt: record.startedAt, dueAt: record.dueAt, reason: record.reason, createdAt: record.createdAt, updatedAt: record.updatedAt)
        }
    }
}
