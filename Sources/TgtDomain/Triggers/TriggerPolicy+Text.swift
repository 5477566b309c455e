import Foundation

/// The words a person types for a trigger's policy, the same in `tgt triggers add` and the
/// dashboard's Settings: which values a request may give (`any`, `none` or names, `eta, who`),
/// pinned values (`who=Ann`), and the last day it works (`2026-12-31`).
extension TriggerPolicy {
    /// Reads `--allow`: "any" (or nothing), "none", or the names a request may give,
    /// separated by commas or spaces (`{{braces}}` allowed).
    public static func variables(parsing text: String) throws(TriggerError) -> Variables {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch trimmed.lowercased() {
        case "", "any", "all": return .any
        case "none", "no": return .none
        default:
            var names: [String] = []
            for piece in trimmed.split(whereSeparator: { $0 == "," || $0 == " " }) {
                var name = String(piece)
                if name.hasPrefix("{{"), name.hasSuffix("}}") { name = String(name.dropFirst(2).dropLast(2)) }
                guard TemplateText.isValidName(name) else {
                    throw .badLimit("“\(piece)” is not a variable name. Write “any”, “none” or names like “eta, who”.")
                }
                if !names.contains(name) { names.append(name) }
            }
            guard !names.isEmpty else { throw .badLimit("Write “any”, “none” or names like “eta, who”.") }
            return .only(names)
        }
    }

    /// Reads pinned values, one `name=value` each (the value may contain `=`).
    public static func pinned(parsing entries: [String]) throws(TriggerError) -> [String: String] {
        var pinned: [String: String] = [:]
        for entry in entries where !entry.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let equals = entry.firstIndex(of: "=") else {
                throw .badLimit("“\(entry)” is not a pinned value. Write it as name=value, e.g. who=Ann.")
            }
            var name = entry[..<equals].trimmingCharacters(in: .whitespaces)
            if name.hasPrefix("{{"), name.hasSuffix("}}") { name = String(name.dropFirst(2).dropLast(2)) }
            guard TemplateText.isValidName(name) else { throw .badLimit("“\(name)” is not a variable name. Write it as name=value, e.g. who=Ann.") }
            guard pinned[name] == nil else { throw .badLimit("{{\(name)}} is pinned twice; pin it once.") }
            pinned[name] = String(entry[entry.index(after: equals)...])
        }
        return pinned
    }

    /// Reads the last day a link works ("2026-12-31": it stops at the end of that day in
    /// `timeZone`) or an exact moment (ISO 8601, "2026-12-31T18:00:00Z"); refused when that is
    /// not after `now`.
    public static func expiry(parsing text: String, timeZone: TimeZone, now: Date) throws(TriggerError) -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var end: Date?
        if let day = LocalDate(parsing: trimmed) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            end = day.date(in: calendar).flatMap { calendar.date(byAdding: .day, value: 1, to: $0) }
        } else {
            end = ISO8601DateFormatter().date(from: trimmed)
        }
        guard let end else { throw .badLimit("“\(trimmed)” is not a day. Write the last day the link works, e.g. 2026-12-31.") }
        guard end > now else { throw .badLimit("That day is over; give a day to come, or no end.") }
        return end
    }

    /// The policy in words, for lists: "any values · one send every 10 s · 30 a day · until 31 Dec 2026".
    public func summary(timeZone: TimeZone) -> String {
        var parts: [String] = []
        switch variables {
        case .any: parts.append("any values")
        case .none: parts.append("no values")
        case .only(let names): parts.append("values for " + names.map { "{{\($0)}}" }.joined(separator: ", "))
        }
        if !pinned.isEmpty { parts.append("pins " + pinned.keys.sorted().map { "{{\($0)}}" }.joined(separator: ", ")) }
        parts.append(minimumInterval > 0 ? "one send every \(Self.duration(minimumInterval))" : "no wait between sends")
        parts.append("\(perDay) a day")
        if let expires {
            let format = DateFormatter()
            format.locale = Locale(identifier: "en_GB")
            format.timeZone = timeZone
            format.dateFormat = "d MMM yyyy HH:mm"
            parts.append("until " + format.string(from: expires))
        }
        return parts.joined(separator: " · ")
    }

    static func duration(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds)
        if whole % 3600 == 0 { return "\(whole / 3600) h" }
        if whole % 60 == 0, whole >= 60 { return "\(whole / 60) min" }
        return "\(whole) s"
    }
}
