import Foundation
import Testing
import TgtSimulator
import TgtTDLib
import TgtTestSupport

/// The chat client's newer features as the simulator speaks them, held to `td_api.tl`: every
/// request we encode and every object the simulator sends uses TDLib's type and field names,
/// and what TDLib answers at once (an `ok` after the update that shows the change) comes in
/// that order.
@Suite("Contract: reactions, pins and forwards in TDLib's names", .serialized, .timeLimit(.minutes(5)))
struct ChatFeatureContractTests {
    /// A logged-in client on the simulator, every frame recorded, with the chat lists loaded.
    static func loggedIn(_ dir: TestDirectory) async throws -> (TelegramSimulator, RecordingTransport, TDClient) {
        let simulator = TelegramSimulator(scenario: SimulatorScenario(), executor: try OfflineTDLib.library())
        let recorder = RecordingTransport(simulator)
        let client = TDClient(runtime: TDRuntime(transport: recorder))
        _ = try await client.send(OfflineTDLib.parameters(in: dir))
        _ = try await client.send(TDFunctions.SetAuthenticationPhoneNumber("+15555550123"))
        _ = try await client.send(TDFunctions.CheckAuthenticationCode("12345"))
        while (try? await client.send(TDFunctions.LoadChats(limit: 100))) != nil {}
        return (simulator, recorder, client)
    }

    static func check(_ recorder: RecordingTransport) throws {
        let schema = try TLSchema.load()
        let problems = (recorder.sent + recorder.received).flatMap { schema.problems(inJSONText: $0) }
        #expect(problems.isEmpty, "\(Set(problems).sorted().prefix(20))")
    }

    static func types(_ recorder: RecordingTransport) -> [String] {
        recorder.received.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["@type"] as? String }
    }

    @Test("reactions: the allowed set, one's own added and taken back, others' arriving, each as updateMessageInteractionInfo before the ok")
    func reactions() async throws {
        let dir = try TestDirectory("contract-reactions")
        defer { dir.remove() }
        let (simulator, recorder, client) = try await Self.loggedIn(dir)
        let chat: Int64 = 555_000_111
        let newest = try #require(try await client.send(TDFunctions.GetChatHistory(chatID: chat, fromMessageID: 0, limit: 1)).messages.first)
        let available = try await client.send(TDFunctions.GetMessageAvailableReactions(chatID: chat, messageID: newest.id))
        #expect(available.all.contains { $0.type == .emoji("👍") && !$0.needsPremium })
        #expect(available.all.contains { $0.needsPremium })
        _ = try await client.send(TDFunctions.AddMessageReaction(chatID: chat, messageID: newest.id, reactionType: .emoji("👍")))
        // The update that shows it arrived before the ok: the message has it now.
        let received = Self.types(recorder)
        let update = try #require(received.lastIndex(of: "updateMessageInteractionInfo"))
        #expect(update < received.count - 1 && received.last == "ok")
        var message = try await client.send(TDFunctions.GetMessage(chatID: chat, messageID: newest.id))
        #expect(message.reactions.contains { $0.type == .emoji("👍") && $0.isChosen && $0.totalCount >= 1 })
        // A reaction the chat does not allow is refused as Telegram does.
        await #expect(throws: TDError.self) {
            _ = try await client.send(TDFunctions.AddMessageReaction(chatID: chat, messageID: newest.id, reactionType: .emoji("🦄")))
        }
        _ = try await client.send(TDFunctions.RemoveMessageReaction(chatID: chat, messageID: newest.id, reactionType: .emoji("👍")))
        message = try await client.send(TDFunctions.GetMessage(chatID: chat, messageID: newest.id))
        #expect(!message.reactions.contains { $0.isChosen })
        // Someone else reacts: the update reaches this client.
        let before = recorder.received.count
        simulator.simulateReaction(inDatabaseDirectory: dir.file("td"), chatID: chat, messageID: newest.id, from: 555_000_111, emoji: "❤️")
        try await awaitCondition { recorder.received.dropFirst(before).contains { $0.contains("updateMessageInteractionInfo") } }
        message = try await client.send(TDFunctions.GetMessage(chatID: chat, messageID: newest.id))
        #expect(message.reactions.contains { $0.type == .emoji("❤️") && !$0.isChosen })
        _ = await client.close()
        try Self.check(recorder)
    }
}
