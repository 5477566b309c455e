import Foundation
import Observation
import TgtDomain
import TgtTDLib
import TgtTelegram

/// The chats screen: the main list or the archive in Telegram's order, search, unread badges,
/// and the rows kept current from the session's chat events.
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
    }

    public private(set) var chats: [ChatSummary] = []
    public private(set) var loadError: AppText?
    public private(set) var isLoading = false
    /// The archive instead of the main list.
    public var showsArchive = false
    /// Filters by title or @username.
    public var search = ""

    @ObservationIgnored let host: SessionHost
    @ObservationIgnored private var follower: Task<Void, Never>?

    public init(host: SessionHost) {
        self.host = host
    }

    /// Reads the list again from the session.
    public func reload() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let service = try await host.chatService()
            var found = await service.summaries(list: showsArchive ? .archive : .main, search: search.isEmpty ? nil : search)
            if found.isEmpty, !search.isEmpty, let remote = try? await service.searchChats(search) { found = remote }
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
        let events = host.events.subscribe(replayingCurrent: false)
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

    /// The rows to draw, at `now` (for the time column).
    public func rows(now: Date = Date()) -> [Row] {
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
            if let draft = chat.draft { preview = AppText("chats.preview.draft", ChatItemBuilder.shorten(draft, to: 120)) }
            let unread = chat.unreadCount > 0 ? (chat.unreadCount > 999 ? "999+" : String(chat.unreadCount)) : (chat.isMarkedAsUnread ? "" : nil)
            return Row(id: chat.id, title: chat.title, initials: Self.initials(chat.title),
                       photoPreview: chat.photoMinithumbnail.flatMap { Data(base64Encoded: $0) }, preview: preview,
                       time: chat.lastMessage.map { ChatClock.listTime($0.date, now: now) } ?? "", unreadBadge: unread,
                       hasMention: chat.unreadMentionCount > 0, isMuted: chat.isMuted, isPinned: chat.isPinned, ticks: ticks, canWrite: chat.canWrite)
        }
    }

    /// Chats with unread messages that are not muted (the tab's badge).
    public var unreadChats: Int { chats.filter { ($0.unreadCount > 0 || $0.isMarkedAsUnread) && !$0.isMuted }.count }

    /// "No chats" / "No chat matches …" when the list is empty.
    public var emptyText: AppText? {
        guard loadError == nil, chats.isEmpty, !isLoading else { return nil }
        return search.isEmpty ? AppText(showsArchive ? "chats.archiveEmpty" : "chats.empty") : AppText("chats.noMatch", search)
    }

    static func initials(_ title: String) -> String {
        let words = title.split(whereSeparator: { $0.isWhitespace }).filter { $0.first?.isLetter == true || $0.first?.isNumber == true }
        let letters = words.prefix(2).compactMap(\.first).map { String($0).uppercased() }
        return letters.isEmpty ? "?" : letters.joined()
    }
}

/// Times as chat screens show them: "14:05" today, "Mon" this week, "12/03/26" before.
public enum ChatClock {
    public static func listTime(_ date: Date, now: Date = Date(), calendar: Calendar = .current) -> String {
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

extension AppText {
    /// An error from a lower layer, as its own sentence.
    static func failure(_ error: any Error) -> AppText {
        .verbatim((error as? any UserFacingError)?.message ?? String(describing: error))
    }
}
