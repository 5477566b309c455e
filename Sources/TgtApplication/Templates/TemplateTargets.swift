import Foundation
import TgtDomain
import TgtStore

/// Which chats (and forum topics) a template may post to, for every face: each requested target
/// is resolved against the cached chat list, with its title from there. A chat you cannot post
/// in is refused with the reason, unless the template already had it (`keeping`: an edit of
/// other fields never drops or blocks an existing target). A chat the cache does not list is
/// asked of the live session when the face has one (`live`, once per chat); without an answer
/// (logged out), a title the caller gives is taken on trust and the send checks the chat then.
extension TemplateService {
    /// One target as a face asks for it.
    public struct TargetRequest: Sendable, Equatable {
        public var key: TargetKey
        /// A title for a chat the cached list does not have (a script's own name for it).
        public var chatTitle: String?
        public var topicTitle: String?

        public init(key: TargetKey, chatTitle: String? = nil, topicTitle: String? = nil) {
            self.key = key
            self.chatTitle = chatTitle
            self.topicTitle = topicTitle
        }
    }

    /// What the live session says of a chat the cached list does not have.
    public enum LiveChat: Sendable, Equatable {
        case found(title: String, refusal: PostRefusal?)
        /// This account's Telegram knows no such chat.
        case missing
    }

    /// Asks the live session about a chat; nil when it cannot tell (logged out, no answer).
    public typealias LiveLookup = @Sendable (Int64) async -> LiveChat?

    /// The most targets a template may have.
    public static let maxTargets = 50

    /// The targets `requests` name, in order, or the first reason one cannot be a target.
    public func resolveTargets(_ requests: [TargetRequest], keeping existing: [Target] = [],
                               live: LiveLookup = { _ in nil }) async throws(TargetError) -> [Target]
    {
        guard requests.count <= Self.maxTargets else { throw .tooMany }
        let tables: (chats: [Int64: CachedChat], kept: [TargetKey: Target])
        do { tables = CachedChat.lookupTables(try store.cachedChats(), keeping: existing) } catch { throw .store(error) }
        var result: [Target] = []
        var asked: [Int64: LiveChat?] = [:]
        for request in requests {
            let key = request.key
            switch CachedChat.lookup(key, in: tables.chats, keeping: tables.kept) {
            case .target(let target):
                result.append(target)
            case .refused(let refusal):
                throw .cannotPost(refusal)
            case .noTopic(let chatTitle, let topicID):
                throw .noTopic(chatTitle: chatTitle, topicID: topicID)
            case .notListed:
                if asked[key.chatID] == nil { asked[key.chatID] = .some(await live(key.chatID)) }
                var liveTitle: String?
                switch asked[key.chatID] ?? nil {
                case .found(let title, let refusal?)?: throw .cannotPost(refusal.targetRefusal(chatTitle: title))
                case .found(let title, nil)?: liveTitle = title
                case .missing?: throw .notATelegramChat(key.chatID)
                case nil: break
                }
                // Telegram's name when it answered; the caller's title only when it could not.
                guard let title = liveTitle ?? request.chatTitle.flatMap({ $0.isEmpty ? nil : $0 }) else { throw .notListed(key.chatID) }
                if let topicID = key.topicID, request.topicTitle == nil { throw .topicTitleNeeded(chatID: key.chatID, topicID: topicID) }
                result.append(Target(chatID: key.chatID, topicID: key.topicID, chatTitle: title, topicTitle: request.topicTitle))
            }
        }
        return result
    }
}

/// Why a chat cannot be one of a template's targets (nothing saved).
public enum TargetError: Error, Equatable, UserFacingError {
    case tooMany
    /// The chat refuses posts from this account; the sentence says why.
    case cannotPost(String)
    case noTopic(chatTitle: String, topicID: Int32)
    /// Telegram knows no such chat for this account.
    case notATelegramChat(Int64)
    /// Not in the cached chat list, and nothing could tell its name.
    case notListed(Int64)
    case topicTitleNeeded(chatID: Int64, topicID: Int32)
    case store(StoreError)

    public var message: String {
        switch self {
        case .tooMany: "A template can have at most \(TemplateService.maxTargets) targets."
        case .cannotPost(let sentence): sentence
        case .noTopic(let chatTitle, let topicID): "“\(chatTitle)” has no topic \(topicID)."
        case .notATelegramChat(let chatID): "Chat \(chatID) is not one of your Telegram chats."
        case .notListed(let chatID): "Chat \(chatID) is not in your chat list."
        case .topicTitleNeeded(let chatID, let topicID): "Give the title of topic \(topicID) of chat \(chatID)."
        case .store(let error): error.message
        }
    }

    public var nextStep: String? {
        switch self {
        case .cannotPost: "Choose a chat you can post in."
        case .noTopic, .notListed, .notATelegramChat: "Refresh the chat list and pick the target again."
        case .tooMany, .topicTitleNeeded: nil
        case .store(let error): error.nextStep
        }
    }

    public var code: String {
        switch self {
        case .store(let error): error.code
        default: "invalid_template"
        }
    }
}
