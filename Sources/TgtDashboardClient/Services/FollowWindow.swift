import Foundation
import TgtApplication

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
        case reactions(ChatMessageItem)
        case pinned(ChatMessageItem)
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
                if before.reactions != item.reactions { changes.append(.reactions(item)) }
                if before.isPinned != item.isPinned { changes.append(.pinned(item)) }
            } else if item.id > floor {
                changes.append(item.sendingState == "failed" ? .failed(item) : .new(item))
            }
            if item.id > floor || shown[item.id] != nil { shown[item.id] = item }
        }
        return changes
    }
}
