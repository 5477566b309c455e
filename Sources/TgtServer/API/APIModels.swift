import Foundation
import TgtApplication
import TgtDomain
import TgtWire

/// How the API writes the core's values in the generated types (lowercase UUIDs, ISO 8601
/// dates with milliseconds, targets as "CHAT" or "CHAT/TOPIC" keys).
enum APIModels {
    typealias Schemas = Components.Schemas

    static func date(_ date: Date) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }

    static func id(_ uuid: UUID) -> String { uuid.uuidString.lowercased() }

    static func target(_ target: Target) -> Schemas.Target {
        WireTarget(key: target.key.description, chatID: target.chatID, chatTitle: target.chatTitle, displayName: target.displayName,
                   topicID: target.topicID.map(Int.init), topicTitle: target.topicTitle)
    }

    static func template(_ template: Template, position: Int) -> Schemas.Template {
        let names = (try? template.variableNames()) ?? []
        return Schemas.Template(
            body: template.body, cc: template.cc, createdAt: template.createdAt, customVariables: names.filter { BuiltinVariable(rawValue: $0) == nil },
            icon: template.icon, iconGlyph: template.icon.terminalGlyph, iconLabel: template.icon.label, id: id(template.id),
            kind: template.kind, locationMode: template.locationMode, name: template.name, place: template.place.map(place), position: position,
            sendVariables: (try? template.variables()) ?? [], silent: template.silent, subject: template.subject,
            targets: template.targets.map(target), to: template.to, updatedAt: template.updatedAt, variables: names)
    }

    static func place(_ rule: PlaceRule) -> Schemas.PlaceRule {
        Schemas.PlaceRule(crossing: rule.crossing == .leave ? .leave : .arrive, latitude: rule.center.latitude, longitude: rule.center.longitude,
                          placeName: rule.placeName, radius: rule.radius, summary: rule.summary, windowMinutes: rule.windowMinutes)
    }

    static func counter(_ length: MessageLength) -> Schemas.Counter {
        Schemas.Counter(count: length.count, encoding: length.encoding?.rawValue, limit: length.limit, over: length.isOver,
                        segments: length.segments, summary: length.summary)
    }

    static func draft(_ draft: Draft, entry: SendLogEntry, template: Template) -> Schemas.Draft {
        Schemas.Draft(batchId: id(entry.batchID), body: draft.body, cc: draft.cc, kind: draft.kind, status: entry.status.rawValue,
                      subject: draft.subject, templateId: id(template.id), templateName: template.name, to: draft.to, url: draft.url)
    }

    static func chat(_ chat: CachedChat) -> Schemas.Chat {
        Schemas.Chat(
            canPost: chat.canPost, cannotPostCode: chat.cannotPost.flatMap { .init(rawValue: $0.rawValue) }, cannotPostReason: chat.cannotPostReason,
            id: Int(chat.id), isForum: chat.isForum, kind: Schemas.Chat.KindPayload(rawValue: chat.kind.rawValue) ?? .basicGroup,
            summary: chat.summary, memberCount: Int(chat.memberCount),
            targets: ([chat.target()] + chat.topics.map { chat.target(topic: $0) }).map(target),
            title: chat.title, topics: chat.topics.map { .init(id: Int($0.id), title: $0.title) })
    }

    static func report(_ outcome: SendOutcome, templateID: UUID) -> Schemas.SendReport {
        Schemas.SendReport(
            allSent: outcome.allSent, batchId: outcome.batchID?.lowercased() ?? "",
            results: outcome.items.map {
                WireSendResult(target: $0.target, title: $0.title, status: outcome.undone ? "undone" : $0.sent ? "sent" : "failed",
                               messageID: $0.messageID, error: $0.error, attempts: $0.attempts)
            },
            sentCount: outcome.items.filter(\.sent).count, templateId: id(templateID), templateName: outcome.templateName,
            undone: outcome.undone)
    }

    /// Send log entries grouped by tap (batch), newest first.
    static func batches(_ entries: [SendLogEntry]) -> [Schemas.SendLogBatch] {
        SendBatch.group(entries).map { batch in
            WireSendLogBatch(
                batchID: id(batch.id), templateID: batch.first.templateID.map(id), templateName: batch.first.templateName,
                queuedAt: date(batch.first.queuedAt),
                targets: batch.entries.map {
                    WireSendLogTarget(target: $0.target.description, title: $0.targetTitle, status: $0.status.rawValue,
                                      error: $0.error, messageID: $0.messageID, updatedAt: date($0.updatedAt),
                                      scheduledFor: $0.scheduledFor.map(date), holdUntil: $0.status == .held ? $0.holdUntil.map(date) : nil)
                }, origin: batch.first.origin)
        }
    }

    static func loginStep(_ step: LoginStep) -> Schemas.LoginStep {
        var wire = WireLoginStep(step: step.key, prompt: step.prompt)
        switch step {
        case .code(let phone, let delivery, let length):
            wire.phoneNumber = phone
            wire.delivery = delivery
            wire.codeLength = Nullable(length)
        case .password(let hint): wire.hint = hint
        case .emailCode(let pattern, let length):
            wire.emailPattern = pattern
            wire.codeLength = Nullable(length)
        case .qrCode(let link): wire.qrLink = link
        default: break
        }
        return wire
    }

    static func token(_ token: APIToken) -> Schemas.Token {
        Schemas.Token(createdAt: token.createdAt, id: id(token.id), name: token.name)
    }
}
