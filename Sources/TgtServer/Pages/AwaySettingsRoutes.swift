import Foundation
import Hummingbird
import TgtApplication
import TgtDomain
import TgtStore

/// Settings' away replies form: read into `AwaySettings` and saved by `AwayService`; a refused
/// form shows what was typed with the reason.
enum AwaySettingsRoutes {
    static func add(to router: Router<DashboardContext>, dashboard: Dashboard) {
        router.post("/settings/away") { request, context -> Response in
            var request = request
            let form = try await FormInput.read(&request, context: context)
            var typed: AwaySettings?
            do {
                let settings = try read(form, dashboard: dashboard)
                typed = settings
                try AwayService(store: dashboard.store, clock: dashboard.host.clock).save(settings)
            } catch let error as any UserFacingError {
                return try await SettingsRoutes.page(dashboard, context: context, error: error.description, awayForm: typed, status: .badRequest)
            }
            return HTMLReply.redirect("/settings?done=away#away")
        }
    }

    /// The form's fields as settings (the numbers and times read, nothing checked yet).
    static func read(_ form: FormInput, dashboard: Dashboard) throws -> AwaySettings {
        let zone = TimeZone.current
        let mode: AwaySettings.Mode
        switch form["mode"] ?? "off" {
        case "on": mode = .on
        case "until":
            let format = DateFormatter()
            format.locale = Locale(identifier: "en_US_POSIX")
            format.timeZone = zone
            format.dateFormat = "yyyy-MM-dd'T'HH:mm"
            guard let end = format.date(from: (form["until"] ?? "").trimmingCharacters(in: .whitespaces)) else {
                throw AwayError.badSchedule("Give the day and time you are back.")
            }
            mode = .until(end)
        case "schedule":
            guard let from = AwaySchedule.minutes(parsing: form["from"] ?? ""), let to = AwaySchedule.minutes(parsing: form["to"] ?? "") else {
                throw AwayError.badSchedule("Give the times the window starts and ends, e.g. 18:00 and 09:00.")
            }
            let days = Set(Weekday.allCases.filter { form["day_\($0.short.lowercased())"] != nil })
            mode = .schedule(AwaySchedule(days: days, from: from, to: to, timeZoneID: zone.identifier))
        default: mode = .off
        }
        let current = try dashboard.store.awaySettings()
        let names = Dictionary(try dashboard.store.cachedChats().filter { $0.kind == .privateChat }.map { ($0.id, $0.title) },
                               uniquingKeysWith: { first, _ in first })
        let known = Dictionary(current.excluded.map { ($0.userID, $0.name) }, uniquingKeysWith: { first, _ in first })
        let excluded = form.fields.keys.filter { $0.hasPrefix("exclude_") }.compactMap { Int64($0.dropFirst("exclude_".count)) }.sorted()
            .map { AwayPerson(userID: $0, name: names[$0] ?? known[$0] ?? String($0)) }
        return AwaySettings(
            mode: mode, replyTemplateID: (form["reply_template"]).flatMap(UUID.init(uuidString:)),
            greetingTemplateID: (form["greeting_template"]).flatMap(UUID.init(uuidString:)),
            quietHours: try number(form["quiet_hours"], "Quiet hours must be a whole number, 1 to 168.") ?? current.quietHours,
            onlyWhenOffline: form["only_when_offline"] != nil,
            hourlyCap: try number(form["hourly_cap"], "Answers an hour must be a whole number, 1 to 500.") ?? current.hourlyCap,
            excluded: excluded)
    }

    static func number(_ text: String?, _ message: String) throws -> Int? {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard let value = Int(trimmed) else { throw AwayError.badNumber(message) }
        return value
    }
}
