import Foundation

extension PlaceRule {
    /// Problems that stop `template` being saved with its place rule: it sends with nobody
    /// there to answer, so it must be a Telegram template whose variables all have defaults,
    /// and the circle and window must be ones Core Location can keep.
    public static func problems(_ template: Template) -> [ValidationIssue] {
        guard let rule = template.place else { return [] }
        var issues: [ValidationIssue] = []
        func add(_ message: String) { issues.append(ValidationIssue(field: .place, message: message)) }
        if template.kind != .telegram {
            add("Only Telegram templates can send on arriving or leaving: \(template.kind.label) templates are drafts, which need you to send them.")
        }
        let name = rule.placeName.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty {
            add("Name the place (Home, Office, …): the confirmation says where you arrived or left.")
        } else if name.count > maxPlaceNameLength {
            add("The place's name is \(name.count) characters long; the most is \(maxPlaceNameLength).")
        } else if name != rule.placeName {
            add("The place's name cannot start or end with spaces.")
        } else if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            add("The place's name cannot contain control characters (line breaks, tabs, …).")
        }
        if !radiusRange.contains(rule.radius) {
            add("The radius is \(rule.radius) m; it must be \(radiusRange.lowerBound)–\(radiusRange.upperBound) m (a phone notices smaller circles late or not at all).")
        }
        if !windowRange.contains(rule.windowMinutes) {
            add("Send at most once in \(windowRange.lowerBound) minutes to 7 days (\(windowRange.upperBound) minutes); \(rule.windowMinutes) is outside that.")
        }
        if let variables = try? template.variables() {
            let asking = variables.filter(\.isRequired).map { "{{\($0.name)}}" }
            if !asking.isEmpty {
                add("A template sent on \(rule.crossing == .arrive ? "arriving" : "leaving") cannot ask for values: give \(asking.joined(separator: ", ")) a default, such as {{\(variables.first(where: \.isRequired)?.name ?? "name")=…}}.")
            }
        }
        return issues
    }
}
