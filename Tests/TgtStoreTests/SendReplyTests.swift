import Foundation
import Testing
import TgtTestSupport
import TgtDomain
import TgtStore

@Suite("Replies kept with their sends")
struct SendReplyTests {
    @Test("a reply is recorded for a sent message only, once, and read back per send; text is kept bounded")
    func record() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = fixture.db
        let template = try store.insert(Template(name: "Leaving", body: "Leaving", targets: [Target(chatID: -1, chatTitle: "Family")]))
        let rows = try store.beginSend(of: template)
        let row = try #require(rows.first)
        #expect(try store.recordReply(chatID: -1, repliedMessageID: 77, messageID: 78, senderName: "Mum", preview: "early", at: fixtureDate) == nil)
        try store.recordSend(id: row.id, status: .sent, messageID: 77)
        #expect(try store.recordReply(chatID: -1, repliedMessageID: 77, messageID: 78, senderName: "Mum", preview: "Drive safe", at: fixtureDate) == row.id)
        #expect(try store.recordReply(chatID: -1, repliedMessageID: 77, messageID: 78, senderName: "Mum", preview: "Drive safe", at: fixtureDate) == nil)
        #expect(try store.recordReply(chatID: -2, repliedMessageID: 77, messageID: 79, senderName: "X", preview: "other chat", at: fixtureDate) == nil)
        let long = String(repeating: "x", count: 5_000)
        #expect(try store.recordReply(chatID: -1, repliedMessageID: 77, messageID: 80, senderName: long, preview: long, at: fixtureDate) == row.id)
        let replies = try store.replies(toSends: [row.id])[row.id] ?? []
        #expect(replies.map(\.messageID) == [78, 80] && replies.first?.preview == "Drive safe")
        #expect(replies.last.map { $0.preview.count == 200 && $0.senderName.count == 128 } == true)
        #expect(try store.sentMessages(since: .distantPast) == [-1: 77])
    }
}

@Suite("A posted scheduled message takes its id in the send log")
struct AdoptPostedTests {
    @Test("the row with the same text fingerprint, scheduled near the post, gets the id once; others are left alone")
    func adopt() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = fixture.db
        let at = Date(timeIntervalSince1970: 1_900_000_000)
        let rows = try store.addScheduledSends([
            NewScheduledSend(templateID: nil, templateName: "Done", target: Target(chatID: -1, chatTitle: "Family"), payload: "{}",
                             textDigest: "d1", scheduledFor: at, timerID: nil),
            NewScheduledSend(templateID: nil, templateName: "Other", target: Target(chatID: -1, chatTitle: "Family"), payload: "{}",
                             textDigest: "d2", scheduledFor: at, timerID: nil),
        ])
        for row in rows { #expect(try store.markScheduled(id: row.id, telegramIDs: [1], scheduledFor: at)) }
        #expect(try store.adoptPostedMessage(chatID: -1, textDigest: "d1", postedAt: at.addingTimeInterval(3_600), messageID: 5) == false)
        #expect(try store.adoptPostedMessage(chatID: -2, textDigest: "d1", postedAt: at, messageID: 5) == false)
        #expect(try store.adoptPostedMessage(chatID: -1, textDigest: "d1", postedAt: at.addingTimeInterval(1), messageID: 5) == true)
        #expect(try store.adoptPostedMessage(chatID: -1, textDigest: "d1", postedAt: at, messageID: 6) == false)
        let sends = try store.recentSends()
        #expect(sends.first { $0.id == rows[0].id }?.messageID == 5 && sends.first { $0.id == rows[1].id }?.messageID == nil)
    }
}
