import Foundation
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTDLib
import TgtTelegram

/// Chat directory with 500 chats and 20 ms per request: `ChatDirectory` against the original
/// plan (getChats, then getChat and a full-info call per chat, one after another), and against
/// the floor (loadChats pages × latency).
enum DirectoryBench {
    static let chats = 500
    static let latency = Double(ProcessInfo.processInfo.environment["BENCH_LATENCY_MS"] ?? "20").map { $0 / 1000 } ?? 0.020

    static func run() async -> (String, [String]) {
        do {
            let library = try TDJSONLibrary.load()
            var ours: [Double] = []
            var pages = 0
            var extraRequests = 0
            var found = 0
            var postable = 0
            for _ in 0..<5 {
                let (session, simulator, cleanup) = try await loggedInSession(library)
                let requestsBefore = simulator.receivedRequests.count
                var result: [CachedChat] = []
                ours.append(try await secondsAsync { result = try await ChatDirectory(session: session).load() })
                let requests = simulator.receivedRequests.dropFirst(requestsBefore)
                pages = requests.filter { $0 == "loadChats" }.count
                extraRequests = requests.count - pages
                found = result.count
                postable = result.filter(\.canPost).count
                await cleanup()
            }
            let (session, simulator, cleanup) = try await loggedInSession(library)
            let before = simulator.receivedRequests.count
            let original = try await secondsAsync { _ = try await originalApproach(session) }
            let originalRequests = simulator.receivedRequests.count - before
            await cleanup()
            let floor = Double(pages) * latency
            let best = median(ours)
            return ("Chat directory: \(chats) chats, \(Int(latency * 1000)) ms per request", [
                "| approach | requests | time | vs floor |",
                "|---|---|---|---|",
                "| floor: \(pages) loadChats pages × \(Int(latency * 1000)) ms | \(pages) | \(ms(floor)) | 1.00× |",
                "| ChatDirectory.load (median of 5) | \(pages + extraRequests) (\(extraRequests) concurrent) | \(ms(best)) | \(ratio(best / floor)) |",
                "| original: getChats + getChat + full info per chat, sequential | \(originalRequests) | \(ms(original)) | \(ratio(original / floor)) |",
                "",
                "Speed-up over the original: **\(ratio(original / best))** (target ≥ 20×); ours within **\(ratio(best / floor))** of the floor (target ≤ 2×). \(found) chats listed, \(postable) of them open to posts.",
            ])
        } catch {
            return ("Chat directory", ["failed: \(error)"])
        }
    }

    /// A simulator with the generated chat list and a logged-in session on it.
    static func loggedInSession(_ library: TDJSONLibrary, chatCount: Int = chats) async throws -> (TelegramSession, TelegramSimulator, @Sendable () async -> Void) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-dir-\(UUID().uuidString.prefix(8))")
        let simulator = TelegramSimulator(scenario: .generated(chatCount: chatCount, latency: latency), executor: library, clock: SystemClock())
        let environment = TelegramEnvironment(directory: DataDirectory(url: folder), backend: .simulated(simulator))
        let open = try await environment.openSession()
        let flow = LoginFlow(session: open.session)
        _ = try await flow.submitPhoneNumber("+15555550123")
        _ = try await flow.submitCode("12345")
        return (open.session, simulator, {
            await open.close()
            try? FileManager.default.removeItem(at: folder)
        })
    }

    /// `ChatDirectory.load` of `chatCount` chats (median of `runs`) and its floor (the loadChats
    /// pages × the latency), in seconds.
    static func oursAndFloor(chatCount: Int, runs: Int) async throws -> (ours: Double, floor: Double) {
        let library = try TDJSONLibrary.load()
        var ours: [Double] = []
        var pages = 0
        for _ in 0..<runs {
            let (session, simulator, cleanup) = try await loggedInSession(library, chatCount: chatCount)
            let before = simulator.receivedRequests.count
            ours.append(try await secondsAsync { _ = try await ChatDirectory(session: session).load() })
            pages = simulator.receivedRequests.dropFirst(before).filter { $0 == "loadChats" }.count
            await cleanup()
        }
        return (median(ours), Double(pages) * latency)
    }

    /// The plan we replaced: one request after another for every chat.
    static func originalApproach(_ session: TelegramSession) async throws -> Int {
        let list = try await session.send(TDFunctions.GetChats(limit: Int32(chats)))
        var groups = 0
        for id in list.chatIDs {
            let chat = try await session.send(TDFunctions.GetChat(chatID: id))
            switch chat.type {
            case .basicGroup(let groupID):
                _ = try await session.send(TDFunctions.GetBasicGroupFullInfo(basicGroupID: groupID))
                groups += 1
            case .supergroup(let groupID, let isChannel):
                _ = try await session.send(TDFunctions.GetSupergroupFullInfo(supergroupID: groupID))
                if !isChannel { groups += 1 }
            default:
                break
            }
        }
        return groups
    }
}
