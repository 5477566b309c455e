import Foundation
import TgtDomain

/// A follow-up as stored: its rule, the message it follows, what was seen of it, and where it
/// stands.
public struct FollowUpRecord: Sendable, Hashable, Identifiable {
    /// Where a follow-up stands (`FollowUpState`).
    public typealias State = FollowUpState

    public var id: UUID
    /// The send log row of the followed message.
    public var sendID: Int64
    public var chatID: Int64
    public var topicID: Int64?
    /// The chat's title when the follow-up was set.
    public var targetTitle: String
    /// The followed send's template.
    public var templateName: String
    public var rule: FollowUpRule
    public var state: State
    public var messageID: Int64?
    /// When the message went out (the wait counts from here).
    public var startedAt: Date?
    public var facts: FollowUpFacts
    /// Why it ended as it did, in words.
    public var reason: String?
    /// The batch its action sent, once fired (a reminder's or the template's).
    public var firedBatch: UUID?
    public var createdAt: Date
    public var updatedAt: Date

    /// When the condition is judged, once the message is out.
    public var dueAt: Date? { startedAt.map { $0.addingTimeInterval(rule.within) } }
}

/// A follow-up about to be stored, for each Telegram message of one send (a tap's batch) or of
/// chosen send log rows (a send later's).
public struct NewFollowUp: Sendable, Hashable {
    public var rule: FollowUpRule
    public var batchID: UUID?
    public var sendIDs: [Int64]

    public init(rule: FollowUpRule, batchID: UUID) {
        self.rule = rule
        self.batchID = batchID
        self.sendIDs = []
    }

    public init(rule: FollowUpRule, sendIDs: [Int64]) {
        self.rule = rule
        self.batchID = nil
        self.sendIDs = sendIDs
    }
}
