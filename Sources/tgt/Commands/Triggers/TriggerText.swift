import Foundation
import TgtDomain
import TgtApplication

/// How `tgt triggers` words a trigger, and its `--json` shape (the API's field names).
enum TriggerText {
    struct JSON: Encodable {
        var id: String
        var name: String
        var templateID: String
        var templateName: String
        var allow: String
        var allowed: [String]
        var pinned: [String: String]
        var minIntervalSeconds: Int
        var perDay: Int
        var expires: Date?
        var createdAt: Date
        var lastUsed: Date?
        var useCount: Int
        var usesLastDay: Int

        init(_ trigger: TriggerRecord, templateName: String, now: Date) {
            id = trigger.id.uuidString.lowercased()
            name = trigger.name
            templateID = trigger.templateID.uuidString.lowercased()
            self.templateName = templateName
            switch trigger.policy.variables {
            case .any: allow = "any"; allowed = []
            case .none: allow = "none"; allowed = []
            case .only(let names): allow = "only"; allowed = names
            }
            pinned = trigger.policy.pinned
            minIntervalSeconds = Int(trigger.policy.minimumInterval)
            perDay = trigger.policy.perDay
            expires = trigger.policy.expires
            createdAt = trigger.createdAt
            lastUsed = trigger.lastUsed
            useCount = trigger.useCount
            usesLastDay = trigger.usesInLastDay(at: now)
        }

        enum CodingKeys: String, CodingKey {
            case id, name, allow, allowed, pinned, expires
            case templateID = "template_id", templateName = "template_name", minIntervalSeconds = "min_interval_seconds", perDay = "per_day"
            case createdAt = "created_at", lastUsed = "last_used", useCount = "use_count", usesLastDay = "uses_last_day"
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(name, forKey: .name)
            try c.encode(templateID, forKey: .templateID)
            try c.encode(templateName, forKey: .templateName)
            try c.encode(allow, forKey: .allow)
            try c.encode(allowed, forKey: .allowed)
            try c.encode(pinned, forKey: .pinned)
            try c.encode(minIntervalSeconds, forKey: .minIntervalSeconds)
            try c.encode(perDay, forKey: .perDay)
            try c.encode(expires, forKey: .expires)
            try c.encode(createdAt, forKey: .createdAt)
            try c.encode(lastUsed, forKey: .lastUsed)
            try c.encode(useCount, forKey: .useCount)
            try c.encode(usesLastDay, forKey: .usesLastDay)
        }
    }

    /// "Front door tag → “Arrived 📍” (1a2b3c4d)" and a line of use and limits.
    static func lines(_ trigger: TriggerRecord, templateName: String, now: Date) -> String {
        let id = String(trigger.id.uuidString.lowercased().prefix(8))
        let used = trigger.useCount == 0 ? "never used"
            : "used \(trigger.useCount) \(trigger.useCount == 1 ? "time" : "times"), last \(ago(trigger.lastUsed, now: now)), \(trigger.usesInLastDay(at: now)) in the last 24 h"
        return "\(trigger.name) → “\(templateName)” (\(id))\n  \(used) · \(trigger.policy.summary(timeZone: .current))"
    }

    static func ago(_ date: Date?, now: Date) -> String {
        guard let date else { return "never" }
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3600) h ago"
        default: return "\(seconds / 86_400) d ago"
        }
    }
}
