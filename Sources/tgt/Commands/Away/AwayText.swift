import Foundation
import TgtApplication
import TgtDomain

/// How `tgt away` shows the settings, and its `--json` shape (the API's field names).
enum AwayText {
    struct JSON: Encodable {
        var mode: String
        var until: Date?
        var schedule: Schedule?
        var replyTemplateID: String?
        var replyTemplate: String?
        var greetingTemplateID: String?
        var greetingTemplate: String?
        var quietHours: Int
        var onlyWhenOffline: Bool
        var hourlyCap: Int
        var excluded: [Person]
        var checkedAt: Date?
        var answersLastHour: Int
        var awayNow: Bool

        struct Schedule: Encodable {
            var days: [String]
            var from: String
            var to: String
            var timeZone: String
            enum CodingKeys: String, CodingKey { case days, from, to, timeZone = "time_zone" }
        }

        struct Person: Encodable {
            var userID: Int64
            var name: String
            enum CodingKeys: String, CodingKey { case userID = "user_id", name }
        }

        enum CodingKeys: String, CodingKey {
            case mode, until, schedule, quietHours = "quiet_hours", onlyWhenOffline = "only_when_offline", hourlyCap = "hourly_cap"
            case replyTemplateID = "reply_template_id", replyTemplate = "reply_template", greetingTemplateID = "greeting_template_id"
            case greetingTemplate = "greeting_template", excluded, checkedAt = "checked_at", answersLastHour = "answers_last_hour", awayNow = "away_now"
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(mode, forKey: .mode)
            try c.encode(until, forKey: .until)
            try c.encode(schedule, forKey: .schedule)
            try c.encode(replyTemplateID, forKey: .replyTemplateID)
            try c.encode(replyTemplate, forKey: .replyTemplate)
            try c.encode(greetingTemplateID, forKey: .greetingTemplateID)
            try c.encode(greetingTemplate, forKey: .greetingTemplate)
            try c.encode(quietHours, forKey: .quietHours)
            try c.encode(onlyWhenOffline, forKey: .onlyWhenOffline)
            try c.encode(hourlyCap, forKey: .hourlyCap)
            try c.encode(excluded, forKey: .excluded)
            try c.encode(checkedAt, forKey: .checkedAt)
            try c.encode(answersLastHour, forKey: .answersLastHour)
            try c.encode(awayNow, forKey: .awayNow)
        }
    }

    /// Prints the settings (`--json`: the document above).
    static func show(_ global: GlobalOptions, workspace: Workspace) throws {
        let settings = try workspace.away.settings()
        let status = try workspace.away.status()
        let now = global.clock.now
        let templates = global.templates(workspace)
        func name(_ id: UUID?) -> String? { id.flatMap { (try? templates.template(id: $0)) ?? nil }?.name }
        if global.json {
            var json = JSON(mode: "off", replyTemplateID: settings.replyTemplateID.map { $0.uuidString.lowercased() },
                            replyTemplate: name(settings.replyTemplateID), greetingTemplateID: settings.greetingTemplateID.map { $0.uuidString.lowercased() },
                            greetingTemplate: name(settings.greetingTemplateID), quietHours: settings.quietHours,
                            onlyWhenOffline: settings.onlyWhenOffline, hourlyCap: settings.hourlyCap,
                            excluded: settings.excluded.map { JSON.Person(userID: $0.userID, name: $0.name) },
                            checkedAt: status.checkedAt, answersLastHour: status.answersLastHour, awayNow: settings.isAway(at: now))
            switch settings.mode {
            case .off: json.mode = "off"
            case .on: json.mode = "on"
            case .until(let end): json.mode = "until"; json.until = end
            case .schedule(let window):
                json.mode = "schedule"
                json.schedule = .init(days: window.days.sorted().map { $0.short.lowercased() }, from: TgtDomain.AwaySchedule.clock(window.from),
                                      to: TgtDomain.AwaySchedule.clock(window.to), timeZone: window.timeZoneID)
            }
            global.console.emit(json)
            return
        }
        let zone = TimeZone.current.identifier
        let mode = switch settings.mode {
        case .off: "off"
        case .on: "on, until you switch them off"
        case .until(let end): "on until \(SeriesText.when(end, zone: zone, now: now))"
        case .schedule(let window): "every week, \(window.summary)"
        }
        let console = global.console
        console.line("Away replies: \(mode)\(settings.mode == .off ? "" : settings.isAway(at: now) ? " (away now)" : " (not away now)")")
        console.line("Reply with: \(name(settings.replyTemplateID).map { "“\($0)”" } ?? "no template chosen")")
        console.line("Greet first messages with: \(name(settings.greetingTemplateID).map { "“\($0)”" } ?? "nothing")")
        console.line("Quiet after answering someone: \(settings.quietHours) h; at most \(settings.hourlyCap) answers an hour (\(status.answersLastHour) in the last hour)")
        console.line("Only while none of your Telegram apps is online: \(settings.onlyWhenOffline ? "yes" : "no")")
        console.line("Never answered: \(settings.excluded.isEmpty ? "nobody" : settings.excluded.map(\.name).joined(separator: ", "))")
        if let checked = status.checkedAt {
            console.line("Last looked for messages to answer: \(SeriesText.when(checked, zone: zone, now: now))")
        } else if settings.isActive {
            console.line("Not yet looked for messages to answer: answers go out while `tgt serve` runs.")
        }
    }
}
