import Foundation
import Hummingbird
import TgtApplication
import TgtDomain

/// Settings' away replies form: read into `AwaySettings` and saved by `AwayService`; a refused
/// form shows what was typed with the reason.
enum AwaySettingsRoutes {
    static func add(to router: Router<DashboardContext>, dashboard: Dashboard) {
        router.post("/settings/away") { request, context -> Response in
            var request = request
            let form = try await FormInput.read(&request, context: context)
            let (typed, unreadable) = try read(form, dashboard: dashboard)
            do {
                if let unreadable { throw unreadable }
                try dashboard.workspace.away.save(typed)
            } catch let error as any UserFacingError {
                return try await SettingsRoutes.page(dashboard, context: context, error: error.description, section: "away", awayForm: typed, status: .badRequest)
            }
            return HTMLReply.redirect("/settings?done=away#away")
        }
    }

    /// A moment or a time of day missing from the form (or unreadable): the refused form shows
    /// that field empty again, as it was sent.
    static let noMoment = Date.distantPast
    static let noTime = -1

    /// The form's fields as settings (the numbers and times read, nothing checked yet), and the
    /// first field that could not be read: the settings then hold what was typed, that field
    /// empty (`noMoment`, `noTime`) or, for a number, as saved, so the refused form keeps the rest.
    static func read(_ form: FormInput, dashboard: Dashboard) throws -> (AwaySettings, unreadable: AwayError?) {
        let zone = TimeZone.current
        var unreadable: AwayError?
        func note(_ error: AwayError) { if unreadable == nil { unreadable = error } }
        let mode: AwaySettings.Mode
        switch form["mode"] ?? "off" {
        case "on": mode = .on
        case "until":
            let format = DateFormatter()
            format.locale = Locale(identifier: "en_US_POSIX")
            format.timeZone = zone
            format.dateFormat = "yyyy-MM-dd'T'HH:mm"
            let end = format.date(from: (form["until"] ?? "").trimmingCharacters(in: .whitespaces))
            if end == nil { note(.badSchedule("Give the day and time you are back.")) }
            mode = .until(end ?? noMoment)
        case "schedule":
            let from = AwaySchedule.minutes(parsing: form["from"] ?? ""), to = AwaySchedule.minutes(parsing: form["to"] ?? "")
            if from == nil || to == nil { note(.badSchedule("Give the times the window starts and ends, e.g. 18:00 and 09:00.")) }
            let days = Set(Weekday.allCases.filter { form["day_\($0.short.lowercased())"] != nil })
            mode = .schedule(AwaySchedule(days: days, from: from ?? noTime, to: to ?? noTime, timeZoneID: zone.identifier))
        default: mode = .off
        }
        let current = try dashboard.workspace.away.settings()
        let names = Dictionary(try dashboard.workspace.cachedChats().filter { $0.kind == .privateChat }.map { ($0.id, $0.title) },
                               uniquingKeysWith: { first, _ in first })
        let known = Dictionary(current.excluded.map { ($0.userID, $0.name) }, uniquingKeysWith: { first, _ in first })
        let excluded = form.fields.keys.filter { $0.hasPrefix("exclude_") }.compactMap { Int64($0.dropFirst("exclude_".count)) }.sorted()
            .map { AwayPerson(userID: $0, name: names[$0] ?? known[$0] ?? String($0)) }
        func number(_ field: String, _ message: String, saved: Int) -> Int {
            do { return try Self.number(form[field], message) ?? saved } catch {
                note(error)
                return saved
            }
        }
        let settings = AwaySettings(
            mode: mode, replyTemplateID: (form["reply_template"]).flatMap(UUID.init(uuidString:)),
            greetingTemplateID: (form["greeting_template"]).flatMap(UUID.init(uuidString:)),
            quietHours: number("quiet_hours", "Quiet hours must be a whole number, 1 to 168.", saved: current.quietHours),
            onlyWhenOffline: form["only_when_offline"] != nil,
            hourlyCap: number("hourly_cap", "Answers an hour must be a whole number, 1 to 500.", saved: current.hourlyCap),
            excluded: excluded)
        return (settings, unreadable)
    }

    static func number(_ text: String?, _ message: String) throws(AwayError) -> Int? {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard let value = Int(trimmed) else { throw AwayError.badNumber(message) }
        return value
    }
}
