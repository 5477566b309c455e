import Foundation
import TgtDomain
import TgtStore

/// Applies a template JSON body (POST: all fields, PATCH: any subset) onto a template,
/// refusing unknown fields, wrong types, unknown icons and targets not in the chat list.
struct TemplateInput {
    static let fields: Set<String> = ["name", "icon", "body", "targets", "location_mode", "silent"]

    static func apply(_ input: JSONInput, to template: inout Template, store: AppDatabase, creating: Bool) throws {
        try input.allowOnly(fields)
        if let name = try input.string("name", required: creating, maxLength: 1000) { template.name = name }
        if let body = try input.string("body", required: creating, maxLength: 50_000) { template.body = body }
        if let icon = try input.string("icon") {
            guard let parsed = TemplateIcon(rawValue: icon) else {
                throw APIError(.unprocessableContent, code: "invalid_template", message: "“\(icon)” is not one of the icons.",
                               nextStep: "GET /api/icons lists them.", issues: [ValidationIssue(field: .icon, message: "Pick one of the icons.")])
            }
            template.icon = parsed
        }
        if let mode = try input.string("location_mode") {
            guard let parsed = LocationMode(rawValue: mode) else {
                throw APIError(.unprocessableContent, code: "invalid_template", message: "“location_mode” must be none, map_link or native.",
                               issues: [ValidationIssue(field: .location, message: "Choose none, a map link, or a native location.")])
            }
            template.locationMode = parsed
        }
        if let silent = try input.bool("silent") { template.silent = silent }
        if input.has("targets") {
            guard let items = try input.objects("targets") else {
                throw APIError.badRequest("“targets” must be an array.")
            }
            template.targets = try targets(items, store: store)
        }
    }

    /// Resolves `{chat_id, topic_id?}` items to targets with titles from the cached chat list.
    static func targets(_ items: [JSONInput], store: AppDatabase) throws -> [Target] {
        guard items.count <= 50 else { throw APIError.badRequest("A template can have at most 50 targets.") }
        let chats = Dictionary(try store.cachedChats().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var result: [Target] = []
        for (index, item) in items.enumerated() {
            try item.allowOnly(["chat_id", "topic_id", "chat_title", "topic_title", "key", "display_name"])
            guard let chatID = try item.int64("chat_id"), chatID != 0 else { throw APIError.badRequest("“targets[\(index)].chat_id” is required.") }
            var topicID: Int32?
            if let topic = try item.int64("topic_id") {
                guard topic > 0, topic <= Int64(Int32.max) else { throw APIError.badRequest("“targets[\(index)].topic_id” must be a positive topic id.") }
                topicID = Int32(topic)
            }
            if let chat = chats[chatID] {
                if let topicID {
                    guard let topic = chat.topics.first(where: { $0.id == topicID }) else {
                        throw unknownTarget("“\(chat.title)” has no topic \(topicID).")
                    }
                    result.append(chat.target(topic: topic))
                } else {
                    result.append(chat.target())
                }
            } else if let title = try item.string("chat_title", maxLength: 255), !title.isEmpty {
                let topicTitle = try item.string("topic_title", maxLength: 255)
                if topicID != nil, topicTitle == nil { throw unknownTarget("Give “topic_title” for topic \(topicID ?? 0) of chat \(chatID).") }
                result.append(Target(chatID: chatID, topicID: topicID, chatTitle: title, topicTitle: topicTitle))
            } else {
                throw unknownTarget("Chat \(chatID) is not in your chat list.")
            }
        }
        return result
    }

    private static func unknownTarget(_ message: String) -> APIError {
        APIError(.unprocessableContent, code: "invalid_template", message: message, nextStep: "Refresh the chat list and pick the target again.",
                 issues: [ValidationIssue(field: .targets, message: message)])
    }
}
