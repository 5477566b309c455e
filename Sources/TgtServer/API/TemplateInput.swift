import Foundation
import TgtDomain
import TgtStore
import TgtWire

/// Applies a template body (POST: all fields, PATCH: any subset, as the generated types
/// decoded them) onto a template: lengths the spec cannot enforce, and targets resolved
/// against the cached chat list.
struct TemplateInput {
    /// The fields of `TemplateCreate` and `TemplatePatch`.
    struct Fields {
        var name: String?
        var icon: TemplateIcon?
        var body: String?
        var targets: [Components.Schemas.TargetInput]?
        var locationMode: LocationMode?
        var silent: Bool?
        var kind: TemplateKind?
        var to: [String]?
        var cc: [String]?
        var subject: String?
    }

    /// What the live session says of a chat the cached directory does not list (an archived
    /// chat, a script's target): its title and whether the account may post there.
    enum LiveChat: Equatable {
        case found(title: String, refusal: PostRefusal?)
        /// This account's Telegram knows no such chat.
        case missing
    }

    /// Asks the live session about a chat the cached directory does not list; nil when it
    /// cannot tell (logged out, or Telegram did not answer).
    typealias LiveLookup = (Int64) async -> LiveChat?

    static func apply(_ fields: Fields, to template: inout Template, store: AppDatabase, live: LiveLookup = { _ in nil }) async throws {
        // A new kind first: the fields it does not use are dropped, then the given ones apply.
        if let kind = fields.kind, kind != template.kind { template = template.converted(to: kind) }
        if let to = fields.to { template.to = try recipients(to, "to") }
        if let cc = fields.cc { template.cc = try recipients(cc, "cc") }
        if let subject = try DashboardAPI.limited(fields.subject, "subject", max: 1000) { template.subject = subject }
        if let name = try DashboardAPI.limited(fields.name, "name", max: 1000) { template.name = name }
        if let body = try DashboardAPI.limited(fields.body, "body", max: 50_000) { template.body = body }
        if let icon = fields.icon { template.icon = icon }
        if let mode = fields.locationMode { template.locationMode = mode }
        if let silent = fields.silent { template.silent = silent }
        if let items = fields.targets { template.targets = try await targets(items, store: store, keeping: template.targets, live: live) }
    }

    /// Recipients as given, trimmed; the store's rules check each one.
    static func recipients(_ items: [String], _ field: String) throws -> [String] {
        guard items.count <= TemplateKind.maxRecipients else {
            throw APIError.badRequest("“\(field)” can list at most \(TemplateKind.maxRecipients) recipients.")
        }
        return try items.enumerated().map { index, item in
            try DashboardAPI.limited(item, "\(field)[\(index)]", max: 254)?.trimmingCharacters(in: .whitespaces) ?? ""
        }
    }

    /// Resolves `{chat_id, topic_id?}` items to targets with titles from the cached chat list.
    /// A chat you cannot post in is refused with the reason, unless the template already had it
    /// (`keeping`): an edit of other fields never drops or blocks an existing target. A chat
    /// the cache does not list is checked with `live` (the session's answer, asked once per
    /// chat) when it can tell; otherwise (logged out) its `chat_title` is taken on trust and the
    /// send checks it.
    static func targets(_ items: [Components.Schemas.TargetInput], store: AppDatabase, keeping existing: [Target] = [],
                        live: LiveLookup = { _ in nil }) async throws -> [Target]
    {
        guard items.count <= 50 else { throw APIError.badRequest("A template can have at most 50 targets.") }
        let tables = CachedChat.lookupTables(try store.cachedChats(), keeping: existing)
        var result: [Target] = []
        var asked: [Int64: LiveChat?] = [:]
        for (index, item) in items.enumerated() {
            let chatID = Int64(item.chatId)
            guard chatID != 0 else { throw APIError.badRequest("“targets[\(index)].chat_id” is required.") }
            var topicID: Int32?
            if let topic = item.topicId {
                guard topic > 0, topic <= Int(Int32.max) else { throw APIError.badRequest("“targets[\(index)].topic_id” must be a positive topic id.") }
                topicID = Int32(topic)
            }
            switch CachedChat.lookup(TargetKey(chatID: chatID, topicID: topicID), in: tables.chats, keeping: tables.kept) {
            case .target(let target):
                result.append(target)
            case .refused(let refusal):
                throw cannotPost(refusal)
            case .noTopic(let chatTitle, let topicID):
                throw unknownTarget("“\(chatTitle)” has no topic \(topicID).")
            case .notListed:
                let given = try DashboardAPI.limited(item.chatTitle, "targets[\(index)].chat_title", max: 255)
                if asked[chatID] == nil { asked[chatID] = .some(await live(chatID)) }
                var liveTitle: String?
                switch asked[chatID] ?? nil {
                case .found(let title, let refusal?)?: throw cannotPost(refusal.targetRefusal(chatTitle: title))
                case .found(let title, nil)?: liveTitle = title
                case .missing?: throw unknownTarget("Chat \(chatID) is not one of your Telegram chats.")
                case nil: break
                }
                // Telegram's name when it answered; a script's chat_title only when logged out.
                guard let title = liveTitle ?? given.flatMap({ $0.isEmpty ? nil : $0 }) else {
                    throw unknownTarget("Chat \(chatID) is not in your chat list.")
                }
                let topicTitle = try DashboardAPI.limited(item.topicTitle, "targets[\(index)].topic_title", max: 255)
                if topicID != nil, topicTitle == nil { throw unknownTarget("Give “topic_title” for topic \(topicID ?? 0) of chat \(chatID).") }
                result.append(Target(chatID: chatID, topicID: topicID, chatTitle: title, topicTitle: topicTitle))
            }
        }
        return result
    }

    private static func cannotPost(_ message: String) -> APIError {
        APIError(.unprocessableContent, code: "invalid_template", message: message, nextStep: "Choose a chat you can post in.",
                 issues: [ValidationIssue(field: .targets, message: message)])
    }

    private static func unknownTarget(_ message: String) -> APIError {
        APIError(.unprocessableContent, code: "invalid_template", message: message, nextStep: "Refresh the chat list and pick the target again.",
                 issues: [ValidationIssue(field: .targets, message: message)])
    }
}
