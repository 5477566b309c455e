import Foundation
import TgtApplication
import TgtDomain
import TgtWire

/// What the dashboard pushes to open pages (`GET /api/events`, server-sent events).
public enum DashboardEvent: Sendable, Equatable {
    /// Telegram's connection state changed ("connected", "waiting for network…").
    case connection(state: String, label: String)
    /// The login moved to another step (the page reloads the login form).
    case login(step: String)
    /// One target of a send changed state.
    case send(templateID: UUID, target: String, title: String, status: String, detail: String?)
    /// Templates were added, changed, reordered or deleted.
    case templatesChanged
    /// Timers were added, changed, controlled, reordered or deleted (the timers page reloads).
    case timersChanged
    /// A chat changed: its row, and with `messages` its conversation too (a message arrived,
    /// was sent, edited, deleted or read). Bursts are folded by `ChatEventCoalescer`.
    case chat(chatID: Int64, messages: Bool)
    /// More of a file being sent reached Telegram (the page moves the message's progress bar).
    case upload(chatID: Int64, messageID: Int64, sentBytes: Int64, totalBytes: Int64)
    /// Someone replied to a message a template sent (Recent shows the reply).
    case replies
    /// The send log changed: a send started, went out or failed, from any face (Recent reloads).
    case sends
    /// Webhooks or their delivery log changed (Settings → Webhooks reloads its log).
    case webhooks

    /// The SSE `event:` name.
    public var name: String {
        switch self {
        case .connection: "connection"
        case .login: "login"
        case .send: "send"
        case .templatesChanged: "templates"
        case .timersChanged: "timers"
        case .chat: "chat"
        case .upload: "upload"
        case .replies: "replies"
        case .sends: "sends"
        case .webhooks: "webhooks"
        }
    }

    /// The SSE `data:` payload (one line of JSON), by the event's schema in `openapi.yaml`.
    public var json: String {
        switch self {
        case .connection(let state, let label):
            Self.encode(Components.Schemas.ConnectionEvent(state: state, label: label))
        case .login(let step):
            Self.encode(Components.Schemas.LoginEvent(step: step))
        case .send(let templateID, let target, let title, let status, let detail):
            Self.encode(Components.Schemas.SendProgressEvent(
                templateId: templateID.uuidString.lowercased(), target: target, title: title,
                status: Components.Schemas.SendProgressEvent.StatusPayload(rawValue: status) ?? .failed, detail: detail))
        case .chat(let chatID, let messages):
            Self.encode(Components.Schemas.ChatChangeEvent(chatId: chatID, messages: messages))
        case .upload(let chatID, let messageID, let sent, let total):
            Self.encode(Components.Schemas.UploadProgressEvent(chatId: chatID, messageId: messageID, sentBytes: sent, totalBytes: total))
        case .templatesChanged, .timersChanged, .replies, .sends, .webhooks:
            Self.encode(Components.Schemas.StoreChangeEvent())
        }
    }

    private static func encode(_ value: some Encodable) -> String {
        guard let data = JSONReply.encoded(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension DashboardEvent {
    /// The page's view of a session event (nil: not one pages follow).
    init?(_ event: SessionEvent) {
        switch event {
        case .chat:
            // Chat events go through a `ChatEventCoalescer` per stream.
            return nil
        case .connection(let state):
            self = .connection(state: state.key, label: state.label)
        case .login(let step):
            self = .login(step: step.key)
        case .send(let templateID, let progress):
            let (status, detail): (String, String?) = switch progress {
            case .sending: ("sending", nil)
            case .waiting(_, let seconds): ("waiting", "Telegram asks to wait \(seconds) s (flood limit); retrying then.")
            case .sent: ("sent", nil)
            case .failed(_, let message): ("failed", message)
            }
            let target = progress.target
            self = .send(templateID: templateID, target: target.key.description, title: target.displayName, status: status, detail: detail)
        }
    }
}

extension DashboardEvent {
    /// The page events for areas of the store that changed (any process wrote them), each once:
    /// timers and the scheduled sends their page lists are one event.
    static func events(for changes: Set<StoreChange>) -> [DashboardEvent] {
        var events: [DashboardEvent] = []
        if changes.contains(.templates) { events.append(.templatesChanged) }
        if changes.contains(.timers) || changes.contains(.scheduledSends) { events.append(.timersChanged) }
        if changes.contains(.sends) { events.append(.sends) }
        if changes.contains(.replies) { events.append(.replies) }
        if changes.contains(.webhooks) { events.append(.webhooks) }
        return events
    }
}
