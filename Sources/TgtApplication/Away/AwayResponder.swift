import Foundation
import Logging
import TgtDomain
import TgtStore
import TgtTDLib

/// Answers private messages while the person is away, and greets people who write for the
/// first time, as `tgt serve` sees messages arrive: the rules (`AwayRules`), the per-person
/// quiet time and hourly cap (claimed in the store, so a burst or a restart answers each person
/// once), then the template sent into that chat like a tap, with its send log rows marked
/// ("Away reply to Alice" in Recent).
public struct AwayResponder: Sendable {
    /// What became of one incoming message.
    public enum Outcome: Sendable, Equatable {
        /// Nothing is set up to answer (no TDLib work was done).
        case inactive
        case skipped(AwaySkip)
        /// An answer went to this person (`sent` false: it failed, see Recent).
        case answered(AwayReplyKind, to: String, sent: Bool)
    }

    let store: AppDatabase
    public let clock: any AppClock
    private let sending: any TemplateSending
    private let facts: @Sendable (Message) async -> AwayIncoming?
    private let ownAppsOnline: @Sendable (Date) async -> Bool
    private let logger = Logger(label: "tgt.away")

    public init(store: AppDatabase, clock: any AppClock, sending: any TemplateSending, facts: @escaping @Sendable (Message) async -> AwayIncoming?,
                ownAppsOnline: @escaping @Sendable (Date) async -> Bool)
    {
        self.store = store
        self.clock = clock
        self.sending = sending
        self.facts = facts
        self.ownAppsOnline = ownAppsOnline
    }

    /// Answers for `workspace`'s away settings.
    public init(workspace: Workspace, sending: any TemplateSending, facts: @escaping @Sendable (Message) async -> AwayIncoming?,
                ownAppsOnline: @escaping @Sendable (Date) async -> Bool)
    {
        self.init(store: workspace.store, clock: workspace.clock, sending: sending, facts: facts, ownAppsOnline: ownAppsOnline)
    }

    public func handle(_ message: Message) async -> Outcome {
        guard !message.isOutgoing, !message.isScheduled else { return .skipped(.outgoing) }
        let now = clock.now
        try? store.noteAwayCheck(at: now)
        guard let settings = try? store.awaySettings(), settings.isActive else { return .inactive }
        guard let incoming = await facts(message) else { return .skipped(.notPrivate) }
        let online = settings.onlyWhenOffline && settings.isAway(at: now) ? await ownAppsOnline(now) : false
        let kind: AwayReplyKind
        let templateID: UUID
        switch AwayRules.decide(incoming, settings: settings, now: now, ownAppsOnline: online) {
        case .skip(let why): return .skipped(why)
        case .reply(let chosen, let template): (kind, templateID) = (chosen, template)
        }
        do {
            if let refusal = try store.claimAwayAnswer(userID: incoming.senderUserID, name: incoming.senderName, kind: kind, settings: settings, now: now) {
                if refusal == .hourlyCap, let template = try store.template(id: templateID) {
                    logger.notice("away reply not sent: the hourly cap", metadata: ["cap": "\(settings.hourlyCap)"])
                    try store.logUnsentAnswer(template: template, to: Target(chatID: incoming.chatID, chatTitle: incoming.senderName), origin: kind.rawValue,
                                              reason: "Not sent: \(settings.hourlyCap) automatic answers in the last hour, the cap.", at: now)
                }
                return .skipped(refusal)
            }
        } catch {
            logger.error("could not record an away reply", metadata: ["error": "\(error)"])
            return .skipped(.hourlyCap)
        }
        do {
            let order = SendOrder(templateID: templateID, destination: Target(chatID: incoming.chatID, chatTitle: incoming.senderName),
                                  hold: try SendRules(store: store).hold(for: .away))
            let outcome = try await sending.send(order) { _ in }
            if let batch = outcome.batchID.flatMap(UUID.init(uuidString:)) { try? store.setSendOrigin(batchID: batch, origin: kind.rawValue) }
            logger.info("automatic answer sent", metadata: ["kind": "\(kind.rawValue)", "sent": "\(outcome.allSent)"])
            return .answered(kind, to: incoming.senderName, sent: outcome.allSent)
        } catch {
            logger.warning("automatic answer not sent", metadata: ["kind": "\(kind.rawValue)", "error": "\(error)"])
            return .answered(kind, to: incoming.senderName, sent: false)
        }
    }
}
