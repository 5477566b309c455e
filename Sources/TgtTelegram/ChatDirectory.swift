import Foundation
import Logging
import TgtDomain
import TgtStore
import TgtTDLib

/// Builds the list of chats a template can target: basic groups and non-channel supergroups
/// from the main chat list, with member counts and forum topics.
///
/// It pages through `loadChats` (TDLib pushes each chat as updates before answering) and then
/// asks, all at once with bounded concurrency, only what the updates did not say: full info for
/// supergroups whose member count is unknown, and topics of forums. It never asks per chat in
/// sequence.
public struct ChatDirectory: Sendable {
    public let session: TelegramSession
    public var pageSize: Int32
    /// Requests in flight at once for member counts and topics.
    public var concurrency: Int
    public var timeout: Double
    private let logger = Logger(label: "tgt.telegram.directory")

    public init(session: TelegramSession, pageSize: Int32 = 100, concurrency: Int = 16, timeout: Double = 30) {
        self.session = session
        self.pageSize = pageSize
        self.concurrency = concurrency
        self.timeout = timeout
    }

    /// Loads the whole directory from Telegram.
    public func load() async throws(TelegramError) -> [CachedChat] {
        guard session.authorizationState == .ready else { throw .notLoggedIn }
        var pages = 0
        while true {
            do {
                _ = try await session.send(TDFunctions.LoadChats(limit: pageSize), timeout: timeout)
                pages += 1
            } catch let error where error.tdlibCode == 404 {
                break  // every chat is loaded
            } catch {
                throw LoginFlow.describe(error, connection: session.connection.current)
            }
        }
        let (chats, basicGroups, supergroups) = await session.snapshot()
        var entries: [(order: Int64, chat: CachedChat, supergroupID: Int64?)] = []
        for chat in chats.values {
            guard let order = chat.positions.first(where: \.isMainList)?.order, order > 0 else { continue }
            switch chat.type {
            case .basicGroup(let id):
                guard let group = basicGroups[id], group.isActive, group.upgradedToSupergroupID == 0 else { continue }
                entries.append((order, CachedChat(id: chat.id, kind: .basicGroup, title: chat.title, memberCount: Int(group.memberCount)), nil))
            case .supergroup(let id, let isChannel):
                let group = supergroups[id]
                guard !isChannel, group?.isChannel != true else { continue }
                entries.append((order, CachedChat(id: chat.id, kind: .supergroup, title: chat.title,
                                                  memberCount: Int(group?.memberCount ?? 0), isForum: group?.isForum ?? false), id))
            default:
                continue
            }
        }
        entries.sort { ($0.order, $0.chat.id) > ($1.order, $1.chat.id) }
        var result = entries.map(\.chat)
        let supergroupIDs = entries.map(\.supergroupID)
        try await fillIn(&result, supergroupIDs: supergroupIDs)
        logger.debug("chat directory loaded", metadata: ["pages": "\(pages)", "chats": "\(result.count)"])
        return result
    }

    /// Loads the directory and replaces the store's cached copy with it.
    @discardableResult
    public func refresh(into store: AppDatabase) async throws(TelegramError) -> [CachedChat] {
        let chats = try await load()
        do { try store.replaceChatDirectory(chats) } catch { throw .startFailed(error.message) }
        return chats
    }

    private enum Work: Sendable {
        case memberCount(index: Int, supergroupID: Int64)
        case topics(index: Int, chatID: Int64)
    }

    private enum Outcome: Sendable {
        case memberCount(index: Int, count: Int)
        case topics(index: Int, topics: [CachedTopic])
        case failed(TDError)
    }

    /// Member counts and topics, fetched concurrently (at most `concurrency` at a time).
    private func fillIn(_ chats: inout [CachedChat], supergroupIDs: [Int64?]) async throws(TelegramError) {
        var work: [Work] = []
        for (index, chat) in chats.enumerated() {
            if chat.memberCount == 0, let id = supergroupIDs[index] { work.append(.memberCount(index: index, supergroupID: id)) }
            if chat.isForum { work.append(.topics(index: index, chatID: chat.id)) }
        }
        guard !work.isEmpty else { return }
        let session = self.session
        let timeout = self.timeout
        let outcomes = await withTaskGroup(of: Outcome.self) { group -> [Outcome] in
            var results: [Outcome] = []
            var iterator = work.makeIterator()
            func run(_ item: Work) -> @Sendable () async -> Outcome {
                {
                    do {
                        switch item {
                        case .memberCount(let index, let id):
                            let info = try await session.send(TDFunctions.GetSupergroupFullInfo(supergroupID: id), timeout: timeout)
                            return .memberCount(index: index, count: Int(info.memberCount))
                        case .topics(let index, let chatID):
                            return .topics(index: index, topics: try await Self.topics(of: chatID, session: session, timeout: timeout))
                        }
                    } catch let error as TDError {
                        return .failed(error)
                    } catch {
                        return .failed(.closed(function: "chat details"))
                    }
                }
            }
            for _ in 0..<concurrency {
                guard let item = iterator.next() else { break }
                group.addTask(operation: run(item))
            }
            while let outcome = await group.next() {
                results.append(outcome)
                if let item = iterator.next() { group.addTask(operation: run(item)) }
            }
            return results
        }
        for outcome in outcomes {
            switch outcome {
            case .memberCount(let index, let count): chats[index].memberCount = count
            case .topics(let index, let topics): chats[index].topics = topics
            case .failed(let error):
                // A chat whose details cannot be fetched is still listed; say why in the log.
                logger.info("could not load chat details", metadata: ["error": "\(error.message)"])
            }
        }
    }

    /// All topics of a forum, page by page.
    static func topics(of chatID: Int64, session: TelegramSession, timeout: Double) async throws(TDError) -> [CachedTopic] {
        var topics: [CachedTopic] = []
        var request = TDFunctions.GetForumTopics(chatID: chatID)
        for _ in 0..<50 {
            let page = try await session.send(request, timeout: timeout)
            topics += page.topics.filter { !$0.info.isHidden }.map { CachedTopic(id: $0.info.forumTopicID, title: $0.info.name) }
            guard page.nextOffsetForumTopicID != 0, !page.topics.isEmpty, topics.count < Int(page.totalCount) else { break }
            request.offsetDate = page.nextOffsetDate
            request.offsetMessageID = page.nextOffsetMessageID
            request.offsetForumTopicID = page.nextOffsetForumTopicID
        }
        return topics
    }
}
