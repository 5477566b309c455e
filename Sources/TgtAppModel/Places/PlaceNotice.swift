import Foundation
import TgtDomain

/// The notification after a crossing: that the template went out (and where), or why not.
/// A crossing inside the rule's window, a first report or a crossing the other way notify
/// nothing: the point of the window is not to bother.
public struct PlaceNotice: Sendable, Equatable {
    public var templateID: UUID
    public var title: AppText
    public var body: AppText

    public init(templateID: UUID, title: AppText, body: AppText) {
        self.templateID = templateID
        self.title = title
        self.body = body
    }

    /// After a send started by `rule`'s crossing ended as `outcome`.
    static func sent(_ template: Template, rule: PlaceRule, outcome: AppModel.TapOutcome) -> PlaceNotice {
        let name = template.name
        let place = rule.placeName
        switch AppModel.summary(of: outcome) {
        case .sent:
            let chats = template.targets.map(\.displayName).joined(separator: ", ")
            return PlaceNotice(templateID: template.id, title: AppText("place.title.sent", name),
                               body: AppText(rule.crossing == .arrive ? "place.sent.arrive" : "place.sent.leave", place, chats))
        case .partly(let sent, let total):
            return PlaceNotice(templateID: template.id, title: AppText("place.title.partly", name),
                               body: AppText("place.partly", String(sent), String(total)))
        case .failed(let why):
            return PlaceNotice(templateID: template.id, title: AppText("place.title.notSent", name), body: AppText("place.failed", why))
        case .waitingForLogin:
            return PlaceNotice(templateID: template.id, title: AppText("place.title.waiting", name), body: AppText("place.waitingForLogin"))
        case .waitingForConnection:
            return PlaceNotice(templateID: template.id, title: AppText("place.title.waiting", name), body: AppText("place.queued"))
        case .notFound:
            return PlaceNotice(templateID: template.id, title: AppText("place.title.notSent", name), body: AppText("place.deleted"))
        case .undone:
            return PlaceNotice(templateID: template.id, title: AppText("place.title.notSent", name), body: AppText("place.undone"))
        }
    }

    /// A crossing noticed too late to be worth sending.
    static func tooLate(_ template: Template, rule: PlaceRule, happenedAt: Date, noticedAt: Date, timeZone: TimeZone) -> PlaceNotice {
        let when = clockTime(happenedAt, timeZone: timeZone)
        let noticed = clockTime(noticedAt, timeZone: timeZone)
        return PlaceNotice(templateID: template.id, title: AppText("place.title.notSent", template.name),
                           body: AppText(rule.crossing == .arrive ? "place.tooLate.arrive" : "place.tooLate.leave", rule.placeName, when, noticed))
    }

    /// "08:05" in the phone's time zone.
    static func clockTime(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let hour = parts.hour ?? 0
        let minute = parts.minute ?? 0
        return (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }
}
