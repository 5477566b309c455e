import ArgumentParser
import Dispatch
import Foundation
import TgtServer
import TgtTelegram
#if canImport(Glibc)
import Glibc
#endif

/// `tgt chat read --follow` while `tgt serve` holds the session: the dashboard's event stream
/// (`GET /api/events`) says when the chat's messages changed, and each time the newest page is
/// read again through the API and compared with what was shown, so the same lines come out as
/// on the direct path (new messages, "✎ edited", "✗ deleted", "✗ not sent"). Ctrl-C ends it
/// with the shell's 130, as on the direct path and in `tgt timers watch`; the server going away
/// is an error (exit 4).
extension ChatRead {
    /// What the loop waits for: the stream's news, or Ctrl-C.
    private enum FollowInput: Sendable {
        case stream(DashboardStreamEvent)
        case failed(any Error)
        case interrupted
    }

    func followThroughDashboard(_ client: DashboardClient) async throws {
        let access = DashboardChatAccess(client: client)
        let target = try await access.resolve(chat)
        let (inputs, continuation) = AsyncStream<FollowInput>.makeStream()
        // Ctrl-C ends following cleanly; set up before anything else so it is never lost.
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { continuation.yield(.interrupted) }
        interrupt.resume()
        let pump = Task {
            do {
                for try await event in client.chatChanges() { continuation.yield(.stream(event)) }
            } catch {
                continuation.yield(.failed(error))
            }
        }
        defer {
            pump.cancel()
            interrupt.cancel()
            signal(SIGINT, SIG_DFL)
        }
        var window: FollowWindow?
        var lastDay: String?
        for await input in inputs {
            switch input {
            case .interrupted:
                if !global.json { global.console.note("Stopped following.") }
                throw ExitCode(130)
            case .failed(let error):
                throw error
            case .stream(.connected):
                // Open before the first page is read: nothing that happens after it is missed.
                let page = try await access.page(chatID: target.id, before: before, limit: limit, topicID: topic)
                if markRead { try await access.markRead(chatID: target.id, topicID: topic, messageIDs: []) }
                lastDay = show(page, following: true)
                // After an older page (--before), what counts as new starts after the newest.
                let newest = before == nil ? page : try await access.page(chatID: target.id, before: nil, limit: 50, topicID: topic)
                window = FollowWindow(newest.messages)
                if !global.json { global.console.note("Following \(ChatTerminal.clean(page.chat.title)); Ctrl-C to stop.") }
            case .stream(.chat(let change)):
                guard change.chatID == target.id, change.messages, var current = window else { continue }
                do {
                    let changes = current.apply(try await newest(client, chatID: target.id, window: current))
                    window = current
                    if markRead, changes.contains(where: { if case .new(let item) = $0 { !item.isOutgoing } else { false } }) {
                        try await client.markRead(chatID: target.id, topicID: topic)
                    }
                    for change in changes { show(change, lastDay: &lastDay) }
                } catch let error as DashboardClientError where error.code == "unreachable" {
                    // It answered until now: a server stopping while a page is read again went away.
                    throw client.wentAway()
                }
            }
        }
    }

    /// The newest messages (of the topic, with --topic), reading back page by page until they
    /// reach what was already shown (at most 1,000).
    private func newest(_ client: DashboardClient, chatID: Int64, window: FollowWindow) async throws -> FollowWindow.Page {
        var page = try await client.messages(chatID: chatID, before: nil, limit: 50, topicID: topic)
        var messages = page.messages
        for _ in 0..<19 {
            guard page.hasOlder, let oldest = page.oldestMessageID, !window.reaches(messages) else { break }
            page = try await client.messages(chatID: chatID, before: oldest, limit: 100, topicID: topic)
            messages = page.messages + messages
        }
        return FollowWindow.Page(messages: messages, hasOlder: page.hasOlder)
    }

    private func show(_ change: FollowWindow.Change, lastDay: inout String?) {
        switch change {
        case .new(let item):
            if global.json {
                JSONLine.write(item, global)
            } else {
                for line in ChatTerminal.lines(for: [item], lastDay: &lastDay) { global.console.line(line) }
            }
        case .edited(let item):
            let text = item.text.isEmpty && item.media != nil ? "(media)" : ChatTerminal.clean(item.text)
            note("✎ #\(item.id) edited: \(text)", json: ["event": "edited", "message_id": "\(item.id)", "text": item.text])
        case .deleted(let ids):
            note("✗ deleted: \(ids.map { "#\($0)" }.joined(separator: ", "))", json: ["event": "deleted", "message_ids": ids.map(String.init).joined(separator: ",")])
        case .failed(let item):
            note("✗ message #\(item.id) was not sent: \(item.failureReason ?? "refused")", json: ["event": "failed", "message_id": "\(item.id)"])
        }
    }
}

/// The messages `--follow` has shown, to tell new, edited and deleted ones apart in the newest
/// page read again after each change. Messages still being sent are left for later (they come
/// back with their final id once Telegram confirms them), as on the direct path.
struct FollowWindow {
    /// The newest messages as the API gave them, oldest first.
    struct Page {
        var messages: [ChatMessageItem]
        var hasOlder: Bool
    }

    enum Change: Equatable {
        case new(ChatMessageItem)
        case edited(ChatMessageItem)
        case deleted([Int64])
        case failed(ChatMessageItem)
    }

    private var shown: [Int64: ChatMessageItem] = [:]
    /// Messages at or below this id were history before following began: never "new".
    private let floor: Int64

    init(_ first: [ChatMessageItem]) {
        for item in first where item.sendingState != "pending" { shown[item.id] = item }
        floor = first.map(\.id).min() ?? 0
    }

    /// Whether `messages` go back far enough to meet what was shown (or older history).
    func reaches(_ messages: [ChatMessageItem]) -> Bool {
        messages.contains { shown[$0.id] != nil || $0.id <= floor }
    }

    mutating func apply(_ page: Page) -> [Change] {
        var changes: [Change] = []
        // Deleted: shown messages within the page's range that it no longer has.
        let lowest = page.messages.first?.id ?? (page.hasOlder ? Int64.max : Int64.min)
        let present = Set(page.messages.map(\.id))
        let gone = shown.keys.filter { $0 >= lowest && !present.contains($0) }.sorted()
        if !gone.isEmpty {
            for id in gone { shown[id] = nil }
            changes.append(.deleted(gone))
        }
        for item in page.messages where item.sendingState != "pending" {
            if let before = shown[item.id] {
                if before.text != item.text || before.media?.label != item.media?.label { changes.append(.edited(item)) }
            } else if item.id > floor {
                changes.append(item.sendingState == "failed" ? .failed(item) : .new(item))
            }
            if item.id > floor || shown[item.id] != nil { shown[item.id] = item }
        }
        return changes
    }
}
