import Foundation
import TgtApplication
import Observation

/// A forum's topics, as Telegram lists them (pinned first, then by their newest message): each
/// with its unread count, and a lock when it is closed; a topic opens its own conversation
/// (`AppModel.conversation(for:topicID:)`). Kept current while shown: any change to the forum's
/// messages reads the topics again.
@Observable @MainActor
public final class ForumTopicsModel {
    /// One topic's row.
    public struct Row: Sendable, Equatable, Identifiable {
        public var id: Int32
        public var title: String
        /// "3", or nil when all is read.
        public var unreadBadge: String?
        public var isClosed: Bool
        public var isPinned: Bool
        public var isGeneral: Bool
    }

    public let chatID: Int64
    /// The forum's name.
    public private(set) var title = ""
    public private(set) var rows: [Row] = []
    public private(set) var isLoading = false
    public private(set) var loadError: AppText?

    @ObservationIgnored let host: LiveSession
    @ObservationIgnored private var follower: Task<Void, Never>?
    /// A change came while the topics were being read: they are read once more after.
    @ObservationIgnored private var readAgain = false

    public init(host: LiveSession, chatID: Int64) {
        self.host = host
        self.chatID = chatID
    }

    /// Reads the topics, then follows the forum's changes until `close()`.
    public func open() async {
        let events = host.events(replayingCurrent: false)
        await load()
        follower?.cancel()
        let chatID = chatID
        follower = Task { [weak self] in
            for await event in events {
                guard case .chat(let change) = event, change.chatID == chatID else { continue }
                switch change {
                case .newMessage, .messagesDeleted, .chatChanged, .readOutbox: await self?.reload()
                default: continue
                }
            }
        }
    }

    /// Stops following the forum.
    public func close() {
        follower?.cancel()
        follower = nil
    }

    /// Reads the topics again after a change; a burst of changes while they are read costs one more read, not one each.
    private func reload() async {
        guard !isLoading else {
            readAgain = true
            return
        }
        repeat {
            readAgain = false
            await load()
        } while readAgain
    }

    /// Reads the forum's name and topics again.
    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let service = try await host.chats()
            let topics = try await service.topics(chatID: chatID)
            if let summary = await service.summary(chatID) { title = summary.title }
            rows = topics.map { topic in
                Row(id: topic.id, title: topic.title, unreadBadge: topic.unreadCount > 0 ? (topic.unreadCount > 999 ? "999+" : String(topic.unreadCount)) : nil,
                    isClosed: topic.isClosed, isPinned: topic.isPinned, isGeneral: topic.isGeneral)
            }
            loadError = nil
        } catch {
            loadError = .failure(error)
        }
    }
}
