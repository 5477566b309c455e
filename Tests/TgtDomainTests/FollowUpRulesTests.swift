import Foundation
import Testing
import TgtDomain

/// The follow-up rules alone: the wait's bounds and spelling, the chats where Telegram cannot
/// tell, and each condition's decision before, at and after its moment, with reads and replies
/// dated, undated or unknown.
@Suite("Follow-up rules")
struct FollowUpRulesTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let words: @Sendable (Date) -> String = { "t+\(Int($0.timeIntervalSince(start) / 60))m" }

    static func rule(_ condition: FollowUpCondition, _ minutes: Double = 120) throws -> FollowUpRule {
        try FollowUpRule(condition: condition, within: minutes * 60, action: .remind)
    }

    static func decide(_ rule: FollowUpRule, _ facts: FollowUpFacts, atMinute minute: Double) -> FollowUpDecision {
        rule.decide(start: start, facts: facts, now: start.addingTimeInterval(minute * 60), clock: words)
    }

    @Test("a wait is a minute to a week; typed as 90, 90m, 2h, 1h30m, 3d; read waits a week when none is given")
    func waits() throws {
        #expect(try FollowUpRule.parseWait("90") == 5_400)
        #expect(try FollowUpRule.parseWait("90m") == 5_400)
        #expect(try FollowUpRule.parseWait(" 1h30m ") == 5_400)
        #expect(try FollowUpRule.parseWait("2H") == 7_200)
        #expect(try FollowUpRule.parseWait("3d") == 259_200)
        for bad in ["", "h", "2x", "1.5h", "-5", "2h30", "99999999999999999", "½h", "٣h"] {
            #expect(throws: FollowUpError.badWait, "\(bad)") { try FollowUpRule.parseWait(bad) }
        }
        #expect(throws: FollowUpError.badWait) { try FollowUpRule(condition: .notRead, within: 59, action: .remind) }
        #expect(throws: FollowUpError.badWait) { try FollowUpRule(condition: .notRead, within: 7 * 86_400 + 1, action: .remind) }
        #expect(throws: FollowUpError.badWait) { try FollowUpRule(condition: .noReply, within: nil, action: .remind) }
        #expect(throws: FollowUpError.badWait) { try FollowUpRule(condition: .noReply, within: .nan, action: .remind) }
        #expect(try FollowUpRule(condition: .read, within: nil, action: .remind).within == 7 * 86_400)
        #expect(FollowUpRule.waitWords(5_400) == "1 h 30 min" && FollowUpRule.waitWords(86_400 * 2) == "2 d")
        #expect(FollowUpCondition(named: "Not-Read") == .notRead && FollowUpCondition(named: "no_reply") == .noReply && FollowUpCondition(named: "seen") == nil)
    }

    @Test("cannot know in Saved Messages and channels; groups and private chats work")
    func chats() throws {
        for condition in FollowUpCondition.allCases {
            let rule = try Self.rule(condition)
            #expect(rule.cannotWork(in: .savedMessages) != nil)
            #expect(rule.cannotWork(in: .channel)?.contains("cannot know") == true)
            #expect(rule.cannotWork(in: .privateChat) == nil && rule.cannotWork(in: .group) == nil)
        }
    }

    @Test("not read within 2 h: waits; a read in time is met; unread at the moment fires; an undated read after it cannot be known")
    func notRead() throws {
        let rule = try Self.rule(.notRead)
        #expect(Self.decide(rule, FollowUpFacts(), atMinute: 30) == .wait(until: Self.start.addingTimeInterval(7_200)))
        #expect(Self.decide(rule, FollowUpFacts(), atMinute: 120) == .fire(late: false))
        #expect(Self.decide(rule, FollowUpFacts(read: .readAt(Self.start.addingTimeInterval(600))), atMinute: 130) == .met("Read at t+10m, within 2 h: nothing was done."))
        #expect(Self.decide(rule, FollowUpFacts(), atMinute: 300) == .fire(late: true), "due while nothing ran: acts late")
        #expect(Self.decide(rule, FollowUpFacts(read: .readAt(Self.start.addingTimeInterval(9_000))), atMinute: 300) == .fire(late: true),
                "read after its moment: it was not read in time")
        guard case .unknowable(let why) = Self.decide(rule, FollowUpFacts(read: .readUndated(why: "they hide their read times")), atMinute: 300) else {
            Issue.record("an undated read found after the moment"); return
        }
        #expect(why.contains("they hide their read times") && why.contains("cannot know"))
        #expect(Self.decide(rule, FollowUpFacts(read: .readUndated(why: "x")), atMinute: 60) == .met("Read within 2 h: nothing was done."),
                "found read before the moment: certainly in time")
        guard case .expired = Self.decide(rule, FollowUpFacts(), atMinute: 120 + 13 * 60) else { Issue.record("over 12 h late"); return }
    }

    @Test("no reply within 1 h: a reply in time is met; none fires; history that cannot be read cannot be known")
    func noReply() throws {
        let rule = try Self.rule(.noReply, 60)
        #expect(Self.decide(rule, FollowUpFacts(), atMinute: 59) == .wait(until: Self.start.addingTimeInterval(3_600)))
        #expect(Self.decide(rule, FollowUpFacts(reply: .at(Self.start.addingTimeInterval(3_000))), atMinute: 61) == .met("A reply came at t+50m, within 1 h: nothing was done."))
        #expect(Self.decide(rule, FollowUpFacts(reply: .at(Self.start.addingTimeInterval(4_000))), atMinute: 70) == .fire(late: true))
        #expect(Self.decide(rule, FollowUpFacts(), atMinute: 61) == .fire(late: false))
        guard case .unknowable = Self.decide(rule, FollowUpFacts(reply: .unknown(why: "Over 500 messages came after it")), atMinute: 61) else {
            Issue.record("unknown replies"); return
        }
    }

    @Test("when read: fires on the read; gives up when the wait ends unread; a read after the wait expires")
    func whenRead() throws {
        let rule = try Self.rule(.read, 60)
        #expect(Self.decide(rule, FollowUpFacts(), atMinute: 10) == .wait(until: Self.start.addingTimeInterval(3_600)))
        #expect(Self.decide(rule, FollowUpFacts(read: .readAt(Self.start.addingTimeInterval(600))), atMinute: 10) == .fire(late: false))
        #expect(Self.decide(rule, FollowUpFacts(read: .readUndated(why: "x")), atMinute: 10) == .fire(late: false))
        #expect(Self.decide(rule, FollowUpFacts(), atMinute: 60) == .expired("Not read within 1 h: nothing was done."))
        guard case .expired = Self.decide(rule, FollowUpFacts(read: .readAt(Self.start.addingTimeInterval(4_000))), atMinute: 70) else { Issue.record("late read"); return }
        guard case .unknowable = Self.decide(rule, FollowUpFacts(read: .readUndated(why: "x")), atMinute: 70) else { Issue.record("undated after"); return }
    }

    @Test("the sentence names the chat, the wait and the action")
    func sentence() throws {
        let id = UUID()
        #expect(try FollowUpRule(condition: .notRead, within: 7_200, action: .send(templateID: id)).sentence(chat: "Alice", templateName: "Nudge")
                == "If Alice has not read it within 2 h, send “Nudge”")
        #expect(try Self.rule(.noReply, 60).sentence(chat: "Bob", templateName: nil) == "If Bob has not replied within 1 h, remind you in Saved Messages")
    }
}
