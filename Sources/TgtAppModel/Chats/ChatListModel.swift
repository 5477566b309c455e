import Foundation
import TgtApplication
import Observation
import TgtDomain

/// The chats screen: the main list, a chat folder or the archive in Telegram's order, the
/// folder bar with unread counts, search, unread badges, who is typing, and the rows kept
/// current from the session's chat events.
@Observable @MainActor
public final class ChatListModel {
    /// One row of the list.
    public struct Row: Sendable, Equatable, Identifiable {
        public var id: Int64
        public var title: String
        /// Initials for the round avatar when there is no photo ("FA", "A").
        public var initials: String
        /// The photo's blurred preview (JPEG), when the chat has a photo.
        public var photoPreview: Data?
        /// "Mum: Dinner at 8?", "You: On my way", "📷 Photo".
        public var preview: AppText?
        public var time: String
        public var unreadBadge: String?
        public var hasMention: Bool
        public var isMuted: Bool
        public var isPinned: Bool
        /// ✓ or ✓✓ for our own last message.
        public var ticks: String?
        public var canWrite: Bool
        /// The preview says who is typing (drawn in the accent colour).
        public var isTyping = false
        /// A forum: the row opens its topics (`ForumTopicsModel`), not one conversation.
        public var isForum = false
    }

    /// One chip of the folder bar: "All chats" (`folderID` nil) or a folder.
    public struct FolderChip: Sendable, Equatable, Identifiable {
        public var folderID: Int32?
        public var name: AppText
        /// Unread chats ("3", "99+"), nil for none.
        public var unread: String?
        /// Every unread chat of it is muted (the count is drawn grey).
        public var onlyMuted: Bool
        public var isSelected: Bool
        public var id: Int32 { folderID ?? 0 }
    }

    public private(set) var chats: [ChatSummary] = []
    public private(set) var loadError: AppText?
    public private(set) var isLoading = false
    /// The archive instead of the main list.
    public var showsArchive = false
    /// A chat folder instead of the main list (nil: all chats).
    public var folderID: Int32?
    /// The folder bar as last read (nil before the first load).
    public private(set) var folderBar: ChatFolderBar?
    /// Filters by title or @username.
    public var search = ""

    @ObservationIgnored let host: LiveSession
    @ObservationIgnored private var follower: Task<Void, Never>?

    public init(host: LiveSession) {
        self.host = host
    }

    /// Reads the list again from the session.
    public func reload() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let service = try await host.chats()
            let query = search.isEmpty ? nil : search
            var found: [ChatSummary]
            if !showsArchive, let folderID {
                do {
                    found = try await service.folderChats(folderID, search: query)
                } catch .folderNotFound {
                    // The folder was deleted in another app: back to all chats.
                    self.folderID = nil
                    found = await service.summaries(list: .main, search: query)
                }
            } else {
                found = await service.summaries(list: showsArchive ? .archive : .main, search: query)
                if found.isEmpty, let query, let remote = try? await service.searchChats(query) { found = remote }
            }
            folderBar = await service.folderBar()
            chats = found
            loadError = nil
        } catch {
            loadError = .failure(error)
        }
    }

    /// Follows the session: chat changes reload the rows once per `interval` s at most, however
    /// many arrive (a login brings one per chat): changes only mark the list stale, and one
    /// reload at a time catches up with all of them.
    public func follow(interval: Double = 0.3) {
        follower?.cancel()
        let events = host.events(replayingCurrent: false)
        follower = Task { [weak self] in
            for await event in events {
                guard case .chat(let change) = event else { continue }
                if case .file = change { continue }
                guard let self else { return }
                self.markStale(interval: interval)
            }
        }
    }

    @ObservationIgnored private var isStale = false
    @ObservationIgnored private var reloader: Task<Void, Never>?

    private func markStale(interval: Double) {
        isStale = true
        guard reloader == nil else { return }
        reloader = Task { [weak self] in
            while let self, self.isStale, !Task.isCancelled {
                self.isStale = false
                await self.reload()
                try? await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
            }
            self?.reloader = nil
        }
    }

    public func stopFollowing() {
        follower?.cancel()
        follower = nil
        reloader?.cancel()
        reloader = nil
    }

    /// The rows to draw now, on the session's clock.
    public func rows() -> [Row] { rows(now: host.clock.now) }

    /// The rows to draw, at `now` (for the time column).
    public func rows(now: Date) -> [Row] {
        chats.map { chat in
            var preview: AppText?
            var ticks: String?
            if let last = chat.lastMessage {
                if last.isOutgoing {
                    preview = AppText("chats.preview.you", last.text)
                    ticks = last.isRead ? "✓✓" : "✓"
                } else if let sender = last.senderName {
                    preview = AppText("chats.preview.sender", sender, last.text)
                } else {
                    preview = .verbatim(last.text)
                }
            }
            // A draft (typed here or in another Telegram app) shows instead, as Telegram's list does.
            if let draft = chat.draft { preview = AppText("chats.preview.draft", MessageText.shorten(draft, to: 120)) }
            // Someone typing shows before either, as in Telegram.
            if let typing = chat.typing { preview = .verbatim(typing) }
            let unread = chat.unreadCount > 0 ? (chat.unreadCount > 999 ? "999+" : String(chat.unreadCount)) : (chat.isMarkedAsUnread ? "" : nil)
            return Row(id: chat.id, title: chat.title, initials: Self.initials(of: chat.title),
                       photoPreview: chat.photoMinithumbnail.flatMap { Data(base64Encoded: $0) }, preview: preview,
                       time: chat.lastMessage.map { ChatClock.listTime($0.date, now: now) } ?? "", unreadBadge: unread,
                       hasMention: chat.unreadMentionCount > 0, isMuted: chat.isMuted, isPinned: chat.isPinned, ticks: ticks, canWrite: chat.canWrite,
                       isTyping: chat.typing != nil, isForum: chat.kind == .forum)
        }
    }

    /// The folder bar's chips, "All chats" where Telegram puts it; empty when the account has no folders.
    public var folderChips: [FolderChip] {
        guard let bar = folderBar, !bar.folders.isEmpty else { return [] }
        func count(_ n: Int) -> String? { n > 0 ? (n > 99 ? "99+" : String(n)) : nil }
        var chips = bar.folders.map { folder in
            FolderChip(folderID: folder.id, name: .verbatim(folder.name), unread: count(folder.unreadCount),
                       onlyMuted: folder.unreadUnmutedCount == 0, isSelected: !showsArchive && folderID == folder.id)
        }
        chips.insert(FolderChip(folderID: nil, name: .label(.allChats), unread: count(bar.mainUnreadCount), onlyMuted: bar.mainUnreadUnmutedCount == 0,
                                isSelected: !showsArchive && folderID == nil), at: min(bar.mainPosition, chips.count))
        return chips
    }

    /// Shows a folder (nil: all chats), leaving the archive.
    public func choose(folder: Int32?) async {
        folderID = folder
        showsArchive = false
        await reload()
    }

    /// The tab's badge: the main list's unread chats that are not muted, Telegram's count as
    /// the app icon's badge shows it, whatever the screen shows (a folder, the archive, a search).
    public var unreadChats: Int { folderBar?.mainUnreadUnmutedCount ?? 0 }

    /// "No chats" / "No chat matches …" when the list is empty.
    public var emptyText: AppText? {
        guard loadError == nil, chats.isEmpty, !isLoading else { return nil }
        guard search.isEmpty else { return AppText("chats.noMatch", search) }
        return AppText(showsArchive ? "chats.archiveEmpty" : folderID != nil ? "chats.folderEmpty" : "chats.empty")
    }

    /// Initials for a round avatar without a photo ("FA", "A"; "?" for none).
    public static func initials(of title: String) -> String {
        let words = title.split(whereSeparator: { $0.isWhitespace }).filter { $0.first?.isLetter == true || $0.first?.isNumber == true }
        let letters = words.prefix(2).compactMap(\.first).map { String($0).uppercased() }
        return letters.isEmpty ? "?" : letters.joined()
    }
}

/// Times as chat screens show them: "14:05" today, "Mon" this week, "12/03/26" before.
public enum ChatClock {
    public static func listTime(_ date: Date, now: Date, calendar: Calendar = .current) -> String {
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        if calendar.isDate(date, inSameDayAs: now) {
            formatter.dateFormat = "HH:mm"
        } else if let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day, days < 7 {
            formatter.dateFormat = "EEE"
        } else {
            formatter.dateFormat = "dd/MM/yy"
        }
        return formatter.string(from: date)
    }

    /// "14:05", from the calendar's components: it runs for every bubble on every redraw, where
    /// making a DateFormatter each time would cost more than the rest of the row.
    public static func messageTime(_ date: Date, calendar: Calendar = .current) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
