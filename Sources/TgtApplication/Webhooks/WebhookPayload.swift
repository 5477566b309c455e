import Foundation
import TgtDomain
import TgtStore

/// The JSON body of a delivery: `{"id", "type", "created_at", "data"}`, where `data` is one of
/// the shapes below by `type` (docs/automations.md lists them with examples). Keys are
/// snake_case; times are ISO 8601 in UTC.
public struct WebhookPayload<Data: Encodable & Sendable>: Encodable, Sendable {
    public var id: String
    public var type: String
    public var createdAt: Date
    public var data: Data

    enum CodingKeys: String, CodingKey {
        case id, type, data
        case createdAt = "created_at"
    }

    /// The body's bytes: sorted keys, so the same event always reads the same.
    public func encoded() -> Foundation.Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return (try? encoder.encode(self)) ?? Foundation.Data("{}".utf8)
    }
}

/// `data` of `send.outcome`, `away.reply`, `timer.done` and `snippet.expanded`: one send to one
/// target, as the send log has it.
public struct WebhookSendData: Encodable, Sendable {
    public var sendID: Int64
    public var status: String
    public var error: String?
    public var templateID: String?
    public var templateName: String
    /// The template's text as saved (variables unfilled): only when the webhook carries text.
    public var templateText: String?
    public var chatID: Int64
    public var topicID: Int32?
    public var chatTitle: String
    public var messageID: Int64?
    /// What sent it without a tap: "away", "greeting", "snippet"; null for a person's send or a
    /// schedule's.
    public var origin: String?
    public var timerID: String?
    public var scheduledFor: Date?
    public var at: Date

    enum CodingKeys: String, CodingKey {
        case status, error, origin, at
        case sendID = "send_id"
        case templateID = "template_id"
        case templateName = "template_name"
        case templateText = "template_text"
        case chatID = "chat_id"
        case topicID = "topic_id"
        case chatTitle = "chat_title"
        case messageID = "message_id"
        case timerID = "timer_id"
        case scheduledFor = "scheduled_for"
    }

    init(_ entry: SendLogEntry, templateText: String?) {
        sendID = entry.id
        status = entry.status.rawValue
        error = entry.error
        templateID = entry.templateID?.uuidString.lowercased()
        templateName = entry.templateName
        self.templateText = templateText
        chatID = entry.target.chatID
        topicID = entry.target.topicID
        chatTitle = entry.targetTitle
        messageID = entry.messageID
        origin = entry.origin
        timerID = entry.timerID?.uuidString.lowercased()
        scheduledFor = entry.scheduledFor
        at = entry.updatedAt
    }
}

/// `data` of `trigger.used`: which link, for which template, how many uses in all.
public struct WebhookTriggerData: Encodable, Sendable {
    public var triggerID: String
    public var triggerName: String
    public var templateID: String
    public var templateName: String?
    public var useCount: Int
    public var at: Date

    enum CodingKeys: String, CodingKey {
        case at
        case triggerID = "trigger_id"
        case triggerName = "trigger_name"
        case templateID = "template_id"
        case templateName = "template_name"
        case useCount = "use_count"
    }
}

/// `data` of `follow_up.fired`: which follow-up, on which message, what it waited for and
/// what it did (the batch it sent shows as `send.outcome` too, with origin `follow_up`).
public struct WebhookFollowUpData: Encodable, Sendable {
    public var followUpID: String
    public var condition: String
    public var withinSeconds: Int
    /// "send" (a template into the chat) or "remind" (a reminder in Saved Messages).
    public var action: String
    public var templateID: String?
    public var chatID: Int64
    public var chatTitle: String
    public var messageID: Int64?
    /// The template of the message it followed.
    public var followedTemplate: String
    public var batchID: String?
    /// What it did, in words ("Done at 16:02. Sent “Nudge”.").
    public var result: String?
    public var at: Date

    enum CodingKeys: String, CodingKey {
        case condition, action, at, result
        case followUpID = "follow_up_id"
        case withinSeconds = "within_seconds"
        case templateID = "template_id"
        case chatID = "chat_id"
        case chatTitle = "chat_title"
        case messageID = "message_id"
        case followedTemplate = "followed_template"
        case batchID = "batch_id"
    }

    init(_ record: FollowUpRecord) {
        followUpID = record.id.uuidString.lowercased()
        condition = record.rule.condition.rawValue
        withinSeconds = Int(record.rule.within)
        if case .send(let id) = record.rule.action {
            action = "send"
            templateID = id.uuidString.lowercased()
        } else {
            action = "remind"
        }
        chatID = record.chatID
        chatTitle = record.targetTitle
        messageID = record.messageID
        followedTemplate = record.templateName
        batchID = record.firedBatch?.uuidString.lowercased()
        result = record.reason
        at = record.updatedAt
    }
}

/// `data` of `message.received`: who wrote in which chat, and the text when the webhook
/// carries text. A field without a value (no text in a photo or a sticker, no name known) is
/// left out of the JSON, as in every body.
public struct WebhookMessageData: Encodable, Sendable {
    public var chatID: Int64
    public var chatTitle: String?
    public var messageID: Int64
    public var senderUserID: Int64?
    public var senderChatID: Int64?
    /// The sender's name as Telegram shows it (a person's, or the chat's posting as itself).
    public var senderName: String?
    public var text: String?
    public var at: Date

    enum CodingKeys: String, CodingKey {
        case text, at
        case chatID = "chat_id"
        case chatTitle = "chat_title"
        case messageID = "message_id"
        case senderUserID = "sender_user_id"
        case senderChatID = "sender_chat_id"
        case senderName = "sender_name"
    }
}

/// `data` of `chat.read`: the other side read the person's messages in a chat up to
/// `last_read_message_id` (Telegram says no more: not who, in a group, and not when).
public struct WebhookReadData: Encodable, Sendable {
    public var chatID: Int64
    public var chatTitle: String?
    public var lastReadMessageID: Int64
    public var at: Date

    enum CodingKeys: String, CodingKey {
        case at
        case chatID = "chat_id"
        case chatTitle = "chat_title"
        case lastReadMessageID = "last_read_message_id"
    }
}

/// `data` of `test`: which webhook it was sent to, and a line saying it is a test.
public struct WebhookTestData: Encodable, Sendable {
    public var webhookID: String
    public var message: String

    enum CodingKeys: String, CodingKey {
        case message
        case webhookID = "webhook_id"
    }
}

/// One event made into a delivery for each webhook in `hooks`, each with an event id of its
/// own and the body `body` makes from that id and whether the webhook carries text.
func webhookDeliveries(_ event: WebhookEvent, key: String, to hooks: [WebhookRecord], body: (String, Bool) -> Data) -> [NewWebhookDelivery] {
    hooks.map { hook in
        let id = WebhookEventID.make()
        return NewWebhookDelivery(webhookID: hook.id, event: event, dedupeKey: key, eventID: id,
                                  payload: String(decoding: body(id, hook.endpoint.includesText), as: UTF8.self))
    }
}

/// A fresh event id: "evt_" and 24 hex digits.
enum WebhookEventID {
    static func make() -> String {
        "evt_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(24)
    }
}
