import Foundation
import Logging
import TgtDomain
import TgtStore
import TgtTDLib

/// Builds the list of chats a template can target: your Saved Messages (always, first), then
/// the main chat list's private chats, groups (with forum topics) and channels, in list order,
/// each with whether you may post there (`WriteAccess`) and member counts.
///
/// It pages through `loadChats` (TDLib pushes each chat as updates before answering) and then
/// asks, all at once with bounded concurrency, only what the updates did not say: full info for
/// supergroups and channels whose member count is unknown, and topics of forums, for chats you
/// may post in. It never asks per chat in sequence. Secret chats, chats with deleted accounts and
/// groups upgraded to supergroups are left out.
public struct ChatDirectory: Sendable {
    public let session: TelegramSession
    public var pageSize: Int32
    /// Requests in flight at once for member counts and topics (TDLib queues and pipelines them).
    public var concurrency: Int
    public var timeout: Double
    private let logger = Logger(label: "tgt.telegram.directory")

    public init(session: TelegramSession, pageSize: Int32 = 100, concurrency: Int = 32, timeout: Double = 30) {
        self.session = session
        self.pageSize = pageSize
        self.concurrency = concurrency
        self.timeout = timeout
    }

    /// Loads the whole directory from Telegram.
    ///
    /// Details (unknown member counts, forum topics) are requested as soon as a page brings
    /// the chat in, while the next page loads, so they overlap the paging instead of following it.
    public func load() async throws(TelegramError) -> [CachedChat] {
        guard session.authorizationState == .ready else { throw .notLoggedIn }
        let me: User
        do { me = try await session.account() } catch { throw LoginFlow.describe(error, connection: session.connection.current) }
        let limiter = RequestLimiter(concurrency)
        let session = self.session
        let timeout = self.timeout
        let result: Result<[Int64: Detail], TelegramError> = await withTaskGroup(of: Detail?.self) { group in
            var requested = Set<Int64>()
            var pages = 0
            if !(await session.snapshot()).chats.keys.contains(me.id) {
                // Saved Messages is not in the list until it has a message: TDLib opens it,
                // alongside the paging.
                group.addTask {
                    await limiter.acquire()
                    defer { Task { await limiter.release() } }
                    do {
                        _ = try await session.send(TDFunctions.CreatePrivateChat(userID: me.id), timeout: timeout)
                    } catch {
                        Logger(label: "tgt.telegram.directory").info("could not open Saved Messages", metadata: ["error": "\(String(describing: error))"])
                    }
                    return nil
                }
            }
            var loading = true
            while loading {
                do {
                    _ = try await session.send(TDFunctions.LoadChats(limit: pageSize), timeout: timeout)
                    pages += 1
                } catch let error as TDError {
                    // Every chat is loaded (possibly by another loader of the same session, such
                    // as the chat list's: the details below then cover what it loaded).
                    guard error.tdlibCode == 404 else {
                        group.cancelAll()
                        return .failure(LoginFlow.describe(error, connection: session.connection.current))
                    }
                    loading = false
                } catch {
                    group.cancelAll()
                    return .failure(.startFailed(String(describing: error)))
                }
                for entry in Self.eligible(await session.snapshot()) where !requested.contains(entry.chat.id) {
                    requested.insert(entry.chat.id)
                    if let userID = entry.paidUserID {
                        group.addTask { await Self.messagingCheck(entry.chat.id, userID, session, timeout, limiter) }
                    }
                    // Member counts only where you may post; topics of every forum, so that a
                    // template's existing topic target keeps its place in the list.
                    if entry.chat.canPost, entry.chat.memberCount == 0, let supergroupID = entry.supergroupID {
                        group.addTask { await Self.memberCount(entry.chat.id, supergroupID, session, timeout, limiter) }
                    }
                    if entry.chat.isForum {
                        group.addTask { await Self.forumTopics(entry.chat.id, session, timeout, limiter) }
                    }
                }
            }
            var details: [Int64: Detail] = [:]
            for await case let detail? in group { details[detail.chatID, default: Detail(chatID: detail.chatID)].merge(detail) }
            logger.debug("chat directory loaded", metadata: ["pages": "\(pages)"])
            return .success(details)
        }
        var details = try result.get()
        let entries = Self.eligible(await session.snapshot())
        // A person whose price arrived (updateUser) after their chat was first seen is asked now.
        let late = entries.compactMap { entry in entry.paidUserID.map { (entry.chat.id, $0) } }.filter { details[$0.0]?.messaging == nil }
        if !late.isEmpty {
            let checks = await withTaskGroup(of: Detail?.self) { group in
                for (chatID, userID) in late { group.addTask { await Self.messagingCheck(chatID, userID, session, timeout, limiter) } }
                var found: [Detail] = []
                for await case let detail? in group { found.append(detail) }
                return found
            }
            for detail in checks { details[detail.chatID, default: Detail(chatID: detail.chatID)].merge(detail) }
        }
        return entries.map { entry in
            var chat = entry.chat
            if let detail = details[chat.id] {
                if let count = detail.memberCount { chat.memberCount = count }
                if let topics = detail.topics { chat.topics = topics }
                if let messaging = detail.messaging, chat.cannotPost == nil { chat.cannotPost = WriteAccess.refusal(messaging) }
            }
            return chat
        }
    }

    /// Loads the directory and replaces the store's cached copy with it.
    @discardableResult
    public func refresh(into store: AppDatabase) async throws(TelegramError) -> [CachedChat] {
        let chats = try await load()
        do { try store.replaceChatDirectory(chats) } catch { throw .startFailed(error.message) }
        return chats
    }

    /// What a detail request found for one chat.
    struct Detail: Sendable {
        var chatID: Int64
        var memberCount: Int?
        var topics: [CachedTopic]?
        /// `canSendMessageToUser` for a person whose messages may cost Stars.
        var messaging: CanSendMessageToUserResult?

        mutating func merge(_ other: Detail) {
            memberCount = other.memberCount ?? memberCount
            topics = other.topics ?? topics
            messaging = other.messaging ?? messaging
        }
    }

    /// A chat the directory lists, with what its details need: the supergroup to ask for a
    /// member count, or the person to ask whether messages to them cost Stars.
    struct Entry: Sendable {
        var chat: CachedChat
        var supergroupID: Int64?
        var paidUserID: Int64?
    }

    /// Saved Messages first, then the main list's chats a template could target, in list order.
    static func eligible(_ snapshot: ChatSnapshot) -> [Entry] {
        var entries: [(order: Int64, entry: Entry)] = []
        for chat in snapshot.chats.values {
            let isSaved = snapshot.meID != nil && chat.type == .private(userID: snapshot.meID ?? 0)
            let listed = chat.positions.first(where: \.isMainList)?.order ?? 0
            guard isSaved || listed > 0 else { continue }
            let order = isSaved ? Int64.max : listed
            switch chat.type {
            case .private(let userID):
                let user = snapshot.users[userID]
                guard user?.isDeleted != true else { continue }
                let refusal = WriteAccess.refusal(chat, basicGroup: nil, supergroup: nil, user: user)
                let cached = CachedChat(id: chat.id, kind: isSaved ? .savedMessages : .privateChat,
                                        title: isSaved ? "Saved Messages" : chat.title, memberCount: 0, cannotPost: refusal)
                entries.append((order, Entry(chat: cached, paidUserID: !isSaved && WriteAccess.needsMessagingCheck(user) ? userID : nil)))
            case .basicGroup(let id):
                guard let group = snapshot.basicGroups[id], group.isActive, group.upgradedToSupergroupID == 0 else { continue }
                let refusal = WriteAccess.refusal(chat, basicGroup: group, supergroup: nil, user: nil)
                entries.append((order, Entry(chat: CachedChat(id: chat.id, kind: .basicGroup, title: chat.title, memberCount: Int(group.memberCount),
                                                              cannotPost: refusal))))
            case .supergroup(let id, let isChannel):
                let group = snapshot.supergroups[id]
                let channel = isChannel || group?.isChannel == true
                let refusal = WriteAccess.refusal(chat, basicGroup: nil, supergroup: group, user: nil)
                entries.append((order, Entry(chat: CachedChat(id: chat.id, kind: channel ? .channel : .supergroup, title: chat.title,
                                                              memberCount: Int(group?.memberCount ?? 0), isForum: !channel && group?.isForum == true,
                                                              cannotPost: refusal), supergroupID: id)))
            case .secret, .unknown:
                continue
            }
        }
        entries.sort { ($0.order, $0.entry.chat.id) > ($1.order, $1.entry.chat.id) }
        return entries.map(\.entry)
    }

    /// Whether messages to a person whose messages may cost Stars cost this account anything.
    /// Unanswered, the chat stays listed as postable and a send there says what Telegram says.
    private static func messagingCheck(_ chatID: Int64, _ userID: Int64, _ session: TelegramSession, _ timeout: Double,
                                       _ limiter: RequestLimiter) async -> Detail?
    {
        await limiter.acquire()
        defer { Task { await limiter.release() } }
        do {
            var detail = Detail(chatID: chatID)
            detail.messaging = try await session.send(TDFunctions.CanSendMessageToUser(userID: userID, onlyLocal: false), timeout: timeout)
            return detail
        } catch {
            Logger(label: "tgt.telegram.directory").info("could not check whether messages cost Stars", metadata: ["error": "\(error.message)"])
            return nil
        }
    }

    /// A chat whose details cannot be fetched is still listed; the log says why.
    private static func memberCount(_ chatID: Int64, _ supergroupID: Int64, _ session: TelegramSession, _ timeout: Double,
                                    _ limiter: RequestLimiter) async -> Detail?
    {
        await limiter.acquire()
        defer { Task { await limiter.release() } }
        do {
            let info = try await session.send(TDFunctions.GetSupergroupFullInfo(supergroupID: supergroupID), timeout: timeout)
            return Detail(chatID: chatID, memberCount: Int(info.memberCount))
        } catch {
            Logger(label: "tgt.telegram.directory").info("could not load a member count", metadata: ["error": "\(error.message)"])
            return nil
        }
    }

    private static func forumTopics(_ chatID: Int64, _ session: TelegramSession, _ timeout: Double, _ limiter: RequestLimiter) async -> Detail? {
        await limiter.acquire()
        defer { Task { await limiter.release() } }
        do {
            return Detail(chatID: chatID, topics: try await topics(of: chatID, session: session, timeout: timeout))
        } catch {
            Logger(label: "tgt.telegram.directory").info("could not load forum topics", metadata: ["error": "\(error.message)"])
            return nil
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

/// The chats, groups and users the updates so far describe, read in one hop.
struct ChatSnapshot: Sendable {
    var chats: [Int64: Chat]
    var basicGroups: [Int64: BasicGroup]
    var supergroups: [Int64: Supergroup]
    var users: [Int64: User]
    var meID: Int64?
}

/// At most N detail requests in flight; the rest wait their turn in order.
actor RequestLimiter {
    private var available: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ limit: Int) { available = max(1, limit) }

    func acquire() async {
        if available > 0 {
            available -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty { available += 1 } else { waiting.removeFirst().resume() }
    }
}
