import Foundation
import TgtApplication
import TgtDomain

/// How the CLI shows and finds repeating series: one line per series with its next dates, the
/// `--json` shape, and a series named by its id or the id's first characters.
enum SeriesText {
    /// The short id the CLI prints (the id's first 8 characters).
    static func shortID(_ id: UUID) -> String { String(id.uuidString.lowercased().prefix(8)) }

    /// The series `text` names: its full id or a unique beginning of it (4 characters or more).
    static func resolve(_ text: String, workspace: Workspace) throws -> UUID {
        let wanted = text.lowercased().trimmingCharacters(in: .whitespaces)
        guard wanted.count >= ItemKey.minimumPrefix, wanted.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw InputError("“\(text)” is not a series id.", next: "See the series and their ids with `tgt scheduled series`.")
        }
        switch ItemKey.find(wanted, in: try workspace.series().all(includeFinished: true), id: \.id) {
        case .found(let series): return series.id
        case .ambiguous: throw InputError("“\(text)” starts more than one series' id.", next: "Give more of the id.")
        case .none: throw InputError("No series has an id starting with “\(text)”.", next: "See the series and their ids with `tgt scheduled series`.")
        }
    }

    /// "1a2b3c4d  Standup → every Mon and Fri at 10:00 [active] · next Mon 30 Nov 10:00, Fri 4 Dec 10:00".
    static func line(_ summary: SeriesSummary, now: Date) -> String {
        let s = summary.series
        var line = "\(shortID(s.id))  \(s.templateName): \(summary.words) [\(s.status.rawValue)]"
        if summary.posted > 0 { line += " · posted \(summary.posted)×" }
        let zone = s.rule.timeZone
        let next = summary.upcoming.filter { $0.state != .skipped }.prefix(3).map { when($0.date, zone: zone, now: now) }
        if !next.isEmpty { line += " · next " + next.joined(separator: ", ") }
        let skipped = summary.upcoming.filter { $0.state == .skipped }
        if !skipped.isEmpty { line += " · skipping " + skipped.map { when($0.date, zone: zone, now: now) }.joined(separator: ", ") }
        if let followUp = summary.followUp { line += " · " + followUp }
        return line
    }

    /// An occurrence's date in the series' own zone, as its rule reads: "Thu 26 Nov 09:00"
    /// (with the year when it is not this year's).
    static func when(_ date: Date, zone: String, now: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = TimeZone(identifier: zone) ?? .current
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = formatter.timeZone
        let sameYear = calendar.component(.year, from: date) == calendar.component(.year, from: now)
        formatter.dateFormat = sameYear ? "EEE d MMM HH:mm" : "EEE d MMM yyyy HH:mm"
        return formatter.string(from: date)
    }

    /// A series in `--json`.
    struct JSON: Encodable {
        var id: String
        var templateID: String
        var template: String
        var status: String
        var every: String
        var words: String
        var rrule: String
        var timeZone: String
        var variables: [String: String]
        var posted: Int
        var next: [Occurrence]
        /// The follow-up each post carries, in words (nil: none).
        var followUp: String?
        struct Occurrence: Encodable {
            var occurrence: Int
            var at: String
            var state: String
        }
        enum CodingKeys: String, CodingKey {
            case id, template, status, every, words, rrule, variables, posted, next
            case templateID = "template_id"
            case timeZone = "time_zone"
            case followUp = "follow_up"
        }

        init(_ summary: SeriesSummary) {
            let s = summary.series
            let iso = ISO8601DateFormatter()
            id = s.id.uuidString.lowercased()
            templateID = s.templateID.uuidString.lowercased()
            template = s.templateName
            status = s.status.rawValue
            every = s.rule.text
            words = summary.words
            rrule = s.rule.rrule
            timeZone = s.rule.timeZone
            variables = s.variables
            posted = summary.posted
            next = summary.upcoming.map { Occurrence(occurrence: $0.index, at: iso.string(from: $0.date), state: $0.state.rawValue) }
            followUp = summary.followUp
        }
    }

    /// Reads `--every/--until/--times/--tz` into a rule starting now.
    static func rule(every: String, until: String?, times: String?, timeZone: String?, now: Date) throws -> RepeatRule {
        try RepeatRule(every: every, rrule: nil, until: until, times: times, timeZone: timeZone, start: now)
    }
}
