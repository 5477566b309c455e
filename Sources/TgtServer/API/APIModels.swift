import Foundation
import TgtDomain
import TgtStore
import TgtTelegram

/// How the API writes the core's values as JSON (snake_case, ISO 8601 dates, lowercase UUIDs).
enum APIModels {
    static func date(_ date: Date) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }

    static func id(_ uuid: UUID) -> String { uuid.uuidString.lowercased() }

    static func target(_ target: Target) -> [String: Any] {
        var object: [String: Any] = [
            "key": target.key.description, "chat_id": target.chatID, "chat_title": target.chatTitle,
            "display_name": target.displayName,
        ]
        object["topic_id"] = target.topicID.map { Int($0) } ?? NSNull()
        object["topic_title"] = target.topicTitle ?? NSNull()
        return object
    }

    static func template(_ template: Template, position: Int) -> [String: Any] {
        let names = (try? template.variableNames()) ?? []
        return [
            "id": id(template.id), "name": template.name, "icon": template.icon.rawValue,
            "icon_glyph": template.icon.terminalGlyph, "icon_label": template.icon.label, "body": template.body,
            "targets": template.targets.map(target), "location_mode": template.locationMode.rawValue,
            "silent": template.silent, "position": position,
            "variables": names, "custom_variables": names.filter { BuiltinVariable(rawValue: $0) == nil },
            "created_at": date(template.createdAt), "updated_at": date(template.updatedAt),
        ]
    }

    static func chat(_ chat: CachedChat) -> [String: Any] {
        [
            "id": chat.id, "kind": chat.kind.rawValue, "title": chat.title, "member_count": chat.memberCount,
            "is_forum": chat.isForum,
            "topics": chat.topics.map { ["id": Int($0.id), "title": $0.title] as [String: Any] },
            "targets": ([chat.target()] + chat.topics.map { chat.target(topic: $0) }).map(target),
        ]
    }

    static func report(_ report: SendReport, templateID: UUID) -> [String: Any] {
        [
            "batch_id": id(report.batchID), "template_id": id(templateID), "template_name": report.templateName,
            "all_sent": report.allSent, "sent_count": report.sentCount,
            "results": report.results.map { result -> [String: Any] in
                [
                    "target": result.target.key.description, "title": result.target.displayName,
                    "status": result.status.rawValue, "message_id": result.messageID.map { $0 as Any } ?? NSNull(),
                    "error": result.error ?? NSNull(), "attempts": result.attempts,
                ]
            },
        ]
    }

    /// Send log entries grouped by tap (batch), newest first.
    static func batches(_ entries: [SendLogEntry]) -> [[String: Any]] {
        SendBatch.group(entries).map { batch -> [String: Any] in
            [
                "batch_id": id(batch.id), "template_id": batch.first.templateID.map(id) ?? NSNull(),
                "template_name": batch.first.templateName, "queued_at": date(batch.first.queuedAt),
                "targets": batch.entries.map { entry -> [String: Any] in
                    [
                        "target": entry.target.description, "title": entry.targetTitle, "status": entry.status.rawValue,
                        "error": entry.error ?? NSNull(), "message_id": entry.messageID.map { $0 as Any } ?? NSNull(),
                        "updated_at": date(entry.updatedAt),
                    ]
                },
            ]
        }
    }

    static func loginStep(_ step: LoginStep) -> [String: Any] {
        var object: [String: Any] = ["step": step.key, "prompt": step.prompt]
        switch step {
        case .code(let phone, let delivery, let length):
            object["phone_number"] = phone
            object["delivery"] = delivery
            object["code_length"] = length ?? NSNull()
        case .password(let hint): object["hint"] = hint
        case .emailCode(let pattern, let length):
            object["email_pattern"] = pattern
            object["code_length"] = length
        case .qrCode(let link): object["qr_link"] = link
        default: break
        }
        return object
    }
}
