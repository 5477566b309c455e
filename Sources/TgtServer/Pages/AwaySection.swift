import Foundation
import TgtDomain
import TgtApplication

extension Pages {
    /// What Settings shows of away replies.
    struct AwayModel {
        var settings: AwaySettings
        var templates: [(id: UUID, name: String)]
        /// People (private chats) who can be excluded, and those already excluded.
        var people: [AwayPerson]
        var checkedAt: Date?
        var answersLastHour: Int
        var now: Date
    }

    /// Settings → Away replies: honest about where they run (only while this dashboard runs and
    /// is logged in; when it last looked), when you count as away, the templates, the quiet
    /// hours, the cap, and who never gets an automatic answer.
    static func awaySection(_ model: AwayModel, notices: HTML = .empty, csrf: String) -> HTML {
        let settings = model.settings
        func options(_ selected: UUID?, none: String?) -> [HTML] {
            (none.map { ["<option value=\"\"\(selected == nil ? " selected" : "")>\($0)</option>" as HTML] } ?? [])
                + model.templates.map { template in
                    "<option value=\"\(template.id.uuidString.lowercased())\"\(selected == template.id ? " selected" : "")>\(template.name)</option>"
                }
        }
        func radio(_ value: String, _ label: String, _ checked: Bool) -> HTML {
            "<label class=\"check\"><input type=\"radio\" name=\"mode\" value=\"\(value)\"\(checked ? " checked" : "")> \(label)</label>"
        }
        var schedule = AwaySchedule(days: Weekday.workdays, from: 18 * 60, to: 9 * 60, timeZoneID: TimeZone.current.identifier)
        var until = ""
        switch settings.mode {
        case .schedule(let window): schedule = window
        case .until(let end) where end != AwaySettingsRoutes.noMoment:
            let format = DateFormatter()
            format.locale = Locale(identifier: "en_US_POSIX")
            format.dateFormat = "yyyy-MM-dd'T'HH:mm"
            until = format.string(from: end)
        default: break
        }
        // A time the refused form did not give stays empty.
        func clock(_ minutes: Int) -> String { minutes == AwaySettingsRoutes.noTime ? "" : AwaySchedule.clock(minutes) }
        let days: [HTML] = Weekday.allCases.map { day in
            "<label class=\"check\"><input type=\"checkbox\" name=\"day_\(day.short.lowercased())\"\(schedule.days.contains(day) ? " checked" : "")> \(day.short)</label>"
        }
        let excluded = Set(settings.excluded.map(\.userID))
        let people: [HTML] = model.people.map { person in
            "<label class=\"check\"><input type=\"checkbox\" name=\"exclude_\(String(person.userID))\"\(excluded.contains(person.userID) ? " checked" : "")> \(person.name)</label>"
        }
        let checked = model.checkedAt.map { "It last looked \(relative($0, now: model.now))." } ?? "It has not looked yet."
        let state = settings.isAway(at: model.now) ? "You count as away now." : "You do not count as away now."
        return """
            <section class="card" id="away"><h2>Away replies</h2>\(notices)
            <p class="banner info" id="away-status">Replies go out only while this dashboard (<code>tgt serve</code>) runs and is logged in to Telegram. \(checked) \(state) \(String(model.answersLastHour)) automatic \(model.answersLastHour == 1 ? "answer" : "answers") in the last hour.</p>
            <p>When someone writes to you in a private chat while you are away, answer once with a template, then not again to that person for a while. Never to bots, groups, channels or Saved Messages, never to an automatic message. Each answer is in Recent.</p>
            <form method="post" action="/settings/away#away" class="stack" id="away-form">\(csrfField(csrf))
            <fieldset><legend>When you are away</legend>
            \(radio("off", "Off", settings.mode == .off))\(radio("on", "On, until I switch it off", settings.mode == .on))
            \(radio("until", "Until a moment", { if case .until = settings.mode { true } else { false } }()))
            <label for="away_until">Until (the dashboard's time)</label><input id="away_until" name="until" type="datetime-local" value="\(until)">
            \(radio("schedule", "Every week", { if case .schedule = settings.mode { true } else { false } }()))
            <div class="row days">\(days)</div>
            <div class="row"><label for="away_from">From</label><input id="away_from" name="from" type="time" value="\(clock(schedule.from))">
            <label for="away_to">to</label><input id="away_to" name="to" type="time" value="\(clock(schedule.to))"></div>
            <p class="hint">Times in \(schedule.timeZoneID); a window that ends earlier than it starts runs past midnight.</p></fieldset>
            <label for="away_reply">Answer with</label><select id="away_reply" name="reply_template">\(options(settings.replyTemplateID, none: "Choose a template"))</select>
            <label for="away_greeting">Greet someone who writes for the first time with (away or not)</label>
            <select id="away_greeting" name="greeting_template">\(options(settings.greetingTemplateID, none: "No greeting"))</select>
            <label for="away_quiet">Then nothing more to that person for (hours, 1 to 168)</label>
            <input id="away_quiet" name="quiet_hours" type="number" min="1" max="168" step="1" inputmode="numeric" value="\(settings.quietHours)">
            <label for="away_cap">At most this many automatic answers an hour (1 to 500)</label>
            <input id="away_cap" name="hourly_cap" type="number" min="1" max="500" step="1" inputmode="numeric" value="\(settings.hourlyCap)">
            <label class="check"><input type="checkbox" name="only_when_offline"\(settings.onlyWhenOffline ? " checked" : "")> Only while no Telegram app of mine is online</label>
            \(people.isEmpty ? "" as HTML : "<fieldset><legend>Never answer</legend><div class=\"stack\">\(people)</div></fieldset>")
            <button type="submit" class="primary">Save away replies</button></form></section>
            """
    }
}
