import Foundation
import TgtAppModel
import TgtApplication
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTDLib
import TgtTelegram

/// The chats' figures: the chat list kept from updates (5,000 chats, 50,000 position and
/// last-message updates) against decoding the same updates alone, and a 10,000-message chat
/// at 20 ms per request: the first 50 messages, paging back through all of it (checked for
/// duplicates and gaps), and memory while the conversation's window scrolls through it.
enum ChatBench {
    static let chatCount = 5_000
    static let updateCount = 50_000
    static let latency = Double(ProcessInfo.processInfo.environment["BENCH_LATENCY_MS"] ?? "20").map { $0 / 1000 } ?? 0.020

    static func run() async -> [(String, [String])] {
        [listSection(), await conversationSection(), await repliesSection()]
    }

    // MARK: - Replied messages outside the page

    /// A page of 50 messages, 30 of which answer 30 older messages outside the page, at
    /// `latency` per request: `conversation(limit: 50)` (the history, then every replied message
    /// in one `getMessages`) against asking for the replied messages one at a time, as before.
    static func repliesSection() async -> (String, [String]) {
        let chatID: Int64 = -4001
        do {
            let library = try TDJSONLibrary.load()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-replies-\(UUID().uuidString.prefix(8))")
            defer { try? FileManager.default.removeItem(at: folder) }
            var scenario = SimulatorScenario()
            scenario.latency = latency
            scenario.histories[chatID] = SimulatedHistory(count: 200, memberIDs: [555_000_206, 555_000_207, 555_000_111], style: .threaded)
            let simulator = TelegramSimulator(scenario: scenario, executor: library, clock: SystemClock())
            let environment = TelegramEnvironment(directory: DataDirectory(url: folder), backend: .simulated(simulator))
            let open = try await environment.openSession()
            defer { Task { await open.close() } }
            let flow = LoginFlow(session: open.session)
            _ = try await flow.submitPhoneNumber("+15555550123")
            _ = try await flow.submitCode("12345")
            let service = ChatService(session: open.session, clock: SystemClock())
            try await service.loadChatLists()
            _ = try await service.conversation(chatID: chatID, limit: 50)  // warm: the chat's first open

            var batched: [Double] = []
            var batchedRequests: [String] = []
            var shown = 0
            var withReply = 0
            for _ in 0..<5 {
                let before = simulator.receivedRequests.count
                var page: ConversationPage?
                batched.append(try await secondsAsync { page = try await service.conversation(chatID: chatID, limit: 50) })
                batchedRequests = Array(simulator.receivedRequests.dropFirst(before))
                shown = page?.messages.count ?? 0
                withReply = page?.messages.filter { $0.replyTo?.senderName != nil }.count ?? 0
            }
            var single: [Double] = []
            var singleRequests = 0
            for _ in 0..<3 {
                let before = simulator.receivedRequests.count
                single.append(try await secondsAsync {
                    let messages = try await service.history(chatID: chatID, limit: 50).messages
                    let inPage = Set(messages.map(\.id))
                    for id in Set(messages.compactMap { $0.replyTo?.messageID }).subtracting(inPage).sorted() {
                        _ = try? await open.session.send(TDFunctions.GetMessage(chatID: chatID, messageID: id))
                    }
                })
                singleRequests = simulator.receivedRequests.count - before
            }
            let b = median(batched), o = median(single)
            let serverTrips = batchedRequests.filter { SimulatedRequestLocality.of(["@type": $0]) == .server }.count
            return ("Replied messages outside the page: 50 messages answering 30 older ones, \(Int(latency * 1000)) ms per request", [
                "| approach | requests | time | round trips (time ÷ \(Int(latency * 1000)) ms) |",
                "|---|---|---|---|",
                "| one `getMessage` per replied message, one after another (before) | \(singleRequests) | \(ms(o)) | \(String(format: "%.1f", o / latency)) |",
                "| `conversation(limit: 50)`: history, then one `getMessages` (now, median of 5) | \(batchedRequests.count) (\(serverTrips) to the server: \(batchedRequests.joined(separator: ", "))) | \(ms(b)) | **\(String(format: "%.1f", b / latency))** |",
                "",
                "\(shown) messages shown, \(withReply) with the replied message's sender and text. Target: at most 3 round trips; \(ratio(o / b)) faster than one at a time.",
            ])
        } catch {
            return ("Replied messages outside the page", ["failed: \(error)"])
        }
    }

    // MARK: - The chat list from updates

    static func listSection() -> (String, [String]) {
        let stream = updates()
        let decoder = JSONDecoder()
        var bare: [Double] = []
        var decoded: [Double] = []
        var applied: [Double] = []
        var listed = 0
        for _ in 0..<5 {
            bare.append(seconds { for data in stream { _ = try? JSONSerialization.jsonObject(with: data) } })
            decoded.append(seconds { for data in stream { _ = try? TDIncoming.decode(data, using: decoder) } })
            applied.append(seconds {
                var state = ChatListState()
                for data in stream {
                    if let update = (try? TDIncoming.decode(data, using: decoder))?.update { state.apply(update) }
                }
                listed = state.ordered(.main).count
            })
        }
        let b = median(bare), d = median(decoded), a = median(applied)
        return ("Chat list: \(chatCount.formatted()) chats, \(updateCount.formatted()) position and last-message updates", [
            "| work | time | vs bare parse | vs typed decode alone |",
            "|---|---|---|---|",
            "| bare JSONSerialization parse of the \((chatCount + updateCount).formatted()) updates | \(ms(b)) | 1.00× | \(ratio(b / d)) |",
            "| typed decode alone (`TDIncoming`, the receive loop's) | \(ms(d)) | \(ratio(d / b)) | 1.00× |",
            "| typed decode + `ChatListState.apply` + the ordered list at the end | \(ms(a)) | **\(ratio(a / b))** | **\(ratio(a / d))** |",
            "",
            "\(listed.formatted()) chats listed in the end, in Telegram's order. Target: keeping the list costs at most 2× a bare decode of the same updates. Median of 5 runs each.",
        ])
    }

    /// 5,000 `updateNewChat` (with a last message), then 50,000 updates: half
    /// `updateChatLastMessage` with the new position, half `updateChatPosition`, on chats
    /// picked by a fixed generator.
    static func updates() -> [Data] {
        var out: [Data] = []
        func message(_ chat: Int, _ id: Int, _ date: Int) -> String {
            #"{"@type":"message","id":\#(id << 20),"sender_id":{"@type":"messageSenderUser","user_id":\#(700_000 + chat % 97)},"chat_id":\#(-chat),"is_outgoing":false,"date":\#(date),"edit_date":0,"content":{"@type":"messageText","text":{"@type":"formattedText","text":"Message \#(id) in chat \#(chat) 🚗","entities":[]}}}"#
        }
        for chat in 1...chatCount {
            out.append(Data(#"{"@type":"updateNewChat","chat":{"@type":"chat","id":\#(-chat),"type":{"@type":"chatTypeBasicGroup","basic_group_id":\#(chat)},"title":"Group \#(chat)","positions":[{"@type":"chatPosition","list":{"@type":"chatListMain"},"order":"\#(1_700_000_000 << 20 + chat)","is_pinned":false}],"last_message":\#(message(chat, 1, 1_700_000_000)),"unread_count":0,"last_read_inbox_message_id":0,"last_read_outbox_message_id":0,"unread_mention_count":0,"notification_settings":{"@type":"chatNotificationSettings","mute_for":0}},"@client_id":1}"#.utf8))
        }
        var x: UInt64 = 0x2545_F491_4F6C_DD1D
        for i in 0..<updateCount {
            x ^= x << 13
            x ^= x >> 7
            x ^= x << 17
            let chat = Int(x % UInt64(chatCount)) + 1
            let date = 1_700_000_100 + i
            let order = "\(date << 20 + chat % 1_000_000)"
            if i % 2 == 0 {
                out.append(Data(#"{"@type":"updateChatLastMessage","chat_id":\#(-chat),"last_message":\#(message(chat, i + 2, date)),"positions":[{"@type":"chatPosition","list":{"@type":"chatListMain"},"order":"\#(order)","is_pinned":false}],"@client_id":1}"#.utf8))
            } else {
                out.append(Data(#"{"@type":"updateChatPosition","chat_id":\#(-chat),"position":{"@type":"chatPosition","list":{"@type":"chatListMain"},"order":"\#(order)","is_pinned":false},"@client_id":1}"#.utf8))
            }
        }
        return out
    }

    // MARK: - A 10,000-message conversation

    static func conversationSection() async -> (String, [String]) {
        let chatID: Int64 = -4001
        let total = 10_000
        do {
            let library = try TDJSONLibrary.load()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-chat-\(UUID().uuidString.prefix(8))")
            defer { try? FileManager.default.removeItem(at: folder) }
            var scenario = SimulatorScenario()
            scenario.latency = latency
            scenario.histories[chatID] = SimulatedHistory(count: total, memberIDs: [555_000_206, 555_000_207, 555_000_111], style: .bulk)
            let simulator = TelegramSimulator(scenario: scenario, executor: library, clock: SystemClock())
            let environment = TelegramEnvironment(directory: DataDirectory(url: folder), backend: .simulated(simulator))
            let open = try await environment.openSession()
            let flow = LoginFlow(session: open.session)
            _ = try await flow.submitPhoneNumber("+15555550123")
            _ = try await flow.submitCode("12345")
            let service = ChatService(session: open.session, clock: SystemClock())
            try await service.loadChatLists()

            // The first 50 messages.
            let before = simulator.receivedRequests.count
            var first: ConversationPage?
            let firstTime = try await secondsAsync { first = try await service.conversation(chatID: chatID, limit: 50) }
            let firstTrips = simulator.receivedRequests.dropFirst(before).filter { $0 == "getChatHistory" }.count

            // Paging back through everything, 100 at a time.
            var ids: [Int64] = []
            var from: Int64 = 0
            var pages = 0
            let pagingTime = try await secondsAsync {
                while true {
                    let (page, end) = try await service.history(chatID: chatID, before: from, limit: 100)
                    ids += page.map(\.id)
                    pages += 1
                    guard !end, let oldest = page.map(\.id).min() else { break }
                    from = oldest
                }
            }
            let expected: [Int64] = (0..<total).reversed().map { Int64($0 + 1) << 20 }
            let complete = ids == expected

            // Memory while the window scrolls through all of it, against holding all of it.
            let rssStart = residentKiB()
            let items = await service.items(for: try await service.history(chatID: chatID, limit: total).messages, chat: try await requireChat(open.session, chatID))
            let rssAll = residentKiB()
            let allCount = items.count
            _ = items
            await open.close()
            let window = await windowScroll(environment: environment, folder: folder, chatID: chatID)
            return ("Opening a chat with \(total.formatted()) messages at \(Int(latency * 1000)) ms per request", [
                "| step | requests | time | check |",
                "|---|---|---|---|",
                "| first \(first?.messages.count ?? 0) messages shown (`conversation(limit: 50)`) | \(firstTrips) round trips | \(ms(firstTime)) | target ≤ 2 round trips |",
                "| paging back through all \(total.formatted()), 100 per page | \(pages) pages | \(ms(pagingTime)) | \(ids.count.formatted()) ids, \(Set(ids).count.formatted()) distinct, \(complete ? "no duplicate, no gap" : "**MISMATCH**") |",
                "| all \(allCount.formatted()) messages held as items at once | — | — | RSS +\(mib(rssAll - rssStart)) |",
                "| `ConversationModel` scrolling from the newest to the oldest (\(window.pages) pages of 50) | — | \(ms(window.seconds)) | window ≤ \(window.limit) messages (max seen \(window.maxKept)); RSS +\(mib(window.rssGrowth)) |",
                "",
                "Memory: the conversation keeps a window of messages (`ConversationModel.windowLimit`), not the chat; RSS is the process's resident size (`/proc/self/status`), so the figures are rough.",
            ])
        } catch {
            return ("Opening a chat with 10,000 messages", ["failed: \(error)"])
        }
    }

    @MainActor
    static func windowScroll(environment: TelegramEnvironment, folder: URL, chatID: Int64) async -> (pages: Int, seconds: Double, limit: Int, maxKept: Int, rssGrowth: Int) {
        do {
            let store = try AppDatabase.open(in: DataDirectory(url: folder), clock: SystemClock())
            let host = try SessionHost(environment: environment, store: store, clock: store.clock)
            await host.start()
            for _ in 0..<200 where (try? await host.chatService()) == nil { try? await Task.sleep(nanoseconds: 20_000_000) }
            guard let service = try? await host.chatService() else { return (0, 0, 0, 0, 0) }
            try await service.loadChatLists()
            let model = ConversationModel(host: LiveSession(host: host), chatID: chatID, pageSize: 50, windowLimit: 300)
            await model.loadLatest()
            let rss = residentKiB()
            var pages = 0
            var maxKept = model.messages.count
            let start = DispatchTime.now().uptimeNanoseconds
            while model.hasOlder {
                await model.loadOlder()
                pages += 1
                maxKept = max(maxKept, model.messages.count)
                if pages > 1_000 { break }
            }
            let time = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let growth = residentKiB() - rss
            await host.shutdown(grace: 5)
            return (pages, time, model.windowLimit, maxKept, growth)
        } catch {
            return (0, 0, 0, 0, 0)
        }
    }

    static func residentKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }

    static func mib(_ kib: Int) -> String { String(format: "%.1f MiB", Double(kib) / 1024) }
}

/// The chat from the session's updates, or an error.
func requireChat(_ session: TelegramSession, _ id: Int64) async throws -> Chat {
    guard let chat = await session.chat(id) else { throw ChatError.chatNotFound(String(id)) }
    return chat
}
