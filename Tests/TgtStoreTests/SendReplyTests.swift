import Foundation
import Testing
import TgtDomain
import TgtStore
import TgtTestSupport

@Suite("Replies kept with their sends")
struct SendReplyTests {
    @Test("a reply is recorded for a sent message only, once, and read back per send; text is kept bounded")
    func record() throws {
        let dir = try TestDirectory("replies")
        defer { dir.remove() }
        let store = try AppDatabase.open(in: DataDirectory(url: dir.url))
        let template = try store.insert(Template(name: "Leaving", body: "Leaving", targets: [Target(chatID: -1, chatTitle: "Family")]))
        let rows = try store.beginSend(of: template)
        let row = try #require(rows.first)
        #expect(try store.recordReply(chatID: -1, repliedMessageID: 77, messageID: 78, senderName: "Mum", preview: "early") == nil)
        try store.recordSend(id: row.id, status: .sent, messageID: 77)
        #expect(try store.recordReply(chatID: -1, repliedMessageID: 77, messageID: 78, senderName: "Mum", preview: "Drive safe") == row.id)
        #expect(try store.recordReply(chatID: -1, repliedMessageID: 77, messageID: 78, senderName: "Mum", preview: "Drive safe") == nil)
        #expect(try store.recordReply(chatID: -2, repliedMessageID: 77, messageID: 79, senderName: "X", preview: "other chat") == nil)
        let long = String(repeating: "x", count: 5_000)
        #expect(try store.recordReply(chatID: -1, repliedMessageID: 77, messageID: 80, senderName: long, preview: long) == row.id)
        let replies = try store.replies(toSends: [row.id])[row.id] ?? []
        #expect(replies.map(\.messageID) == [78, 80] && replies.first?.preview == "Drive safe")
        #expect(replies.last.map { $0.preview.count == 200 && $0.senderName.count == 128 } == true)
        #expect(try store.sentMessages(since: .distantPast) == [-1: 77])
    }
}
