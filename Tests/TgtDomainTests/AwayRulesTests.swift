import Foundation
import Testing
import TgtDomain

/// The away rules as pure functions: every exclusion and every reason not to answer, the
/// greeting before the away reply, the weekly window across midnight and in its own time zone,
/// "until", the quiet time and the hourly cap at their edges, and the settings' own checks.
@Suite("Away rules")
struct AwayRulesTests {
    static let reply = UUID()
    static let greeting = UUID()
    static let now = Date(timeIntervalSince1970: 1_795_000_000)  // a Friday, 2026-11-20 UTC
    static let on = AwaySettings(mode: .on, replyTemplateID: reply, greetingTemplateID: greeting, excluded: [AwayPerson(userID: 9, name: "Carol")])

    static func message(_ place: AwayIncoming.Place = .privateChat, sender: Int64 = 1, bot: Bool = false, outgoing: Bool = false,
                        automatic: Bool = false, first: Bool = false) -> AwayIncoming
    {
        AwayIncoming(chatID: sender, place: place, senderUserID: sender, senderName: "Ann", senderIsBot: bot, isOutgoing: outgoing,
                     isAutomatic: automatic, isFirstFromPerson: first)
    }

    @Test("never: outgoing, groups and channels, Saved Messages, bots, automatic messages, excluded people; a first message gets the greeting")
    func exclusions() {
        let cases: [(AwayIncoming, AwayDecision)] = [
            (Self.message(outgoing: true), .skip(.outgoing)),
            (Self.message(.other), .skip(.notPrivate)),
            (Self.message(.savedMessages), .skip(.savedMessages)),
            (Self.message(bot: true, first: true), .skip(.bot)),
            (Self.message(automatic: true, first: true), .skip(.automatic)),
            (Self.message(sender: 9, first: true), .skip(.excluded)),
            (Self.message(first: true), .reply(.greeting, templateID: Self.greeting)),
            (Self.message(), .reply(.away, templateID: Self.reply)),
        ]
        for (incoming, expected) in cases {
            #expect(AwayRules.decide(incoming, settings: Self.on, now: Self.now, ownAppsOnline: false) == expected, "\(incoming)")
        }
    }

    @Test("not away, away only while offline, no greeting set: the away reply alone decides")
    func awayOrNot() {
        var settings = Self.on
        settings.mode = .off
        #expect(AwayRules.decide(Self.message(), settings: settings, now: Self.now, ownAppsOnline: false) == .skip(.notAway))
        #expect(AwayRules.decide(Self.message(first: true), settings: settings, now: Self.now, ownAppsOnline: false) == .reply(.greeting, templateID: Self.greeting),
                "a greeting does not need you away")
        settings = Self.on
        settings.onlyWhenOffline = true
        #expect(AwayRules.decide(Self.message(), settings: settings, now: Self.now, ownAppsOnline: true) == .skip(.youAreOnline))
        #expect(AwayRules.decide(Self.message(), settings: settings, now: Self.now, ownAppsOnline: false) == .reply(.away, templateID: Self.reply))
        settings.greetingTemplateID = nil
        #expect(AwayRules.decide(Self.message(first: true), settings: settings, now: Self.now, ownAppsOnline: false) == .reply(.away, templateID: Self.reply))
        settings.mode = .until(Self.now)
        #expect(!settings.isAway(at: Self.now) && settings.isAway(at: Self.now.addingTimeInterval(-1)), "until is exclusive")
    }

    @Test("a weekly window: Mon–Fri 18:00–09:00 in Rome covers Friday night into Saturday morning, not Saturday evening; a daytime window does not wrap")
    func schedule() throws {
        let rome = try #require(TimeZone(identifier: "Europe/Rome"))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = rome
        func at(_ day: Int, _ hour: Int, _ minute: Int = 0) throws -> Date {
            try #require(calendar.date(from: DateComponents(year: 2026, month: 11, day: day, hour: hour, minute: minute)))
        }
        let nights = AwaySchedule(days: Weekday.workdays, from: 18 * 60, to: 9 * 60, timeZoneID: "Europe/Rome")
        let (fri18, fri2359, sat0859, sat09, sat20, mon07, fri1759) = (try at(20, 18), try at(20, 23, 59), try at(21, 8, 59), try at(21, 9), try at(21, 20),
                                                                     try at(23, 7), try at(20, 17, 59))
        #expect(nights.contains(fri18) && nights.contains(fri2359), "Friday from 18:00")
        #expect(nights.contains(sat0859) && !nights.contains(sat09), "into Saturday until 09:00, exclusive")
        #expect(!nights.contains(sat20), "Saturday evening is not a chosen day")
        #expect(!nights.contains(mon07), "Monday 07:00 belongs to Sunday's window, not chosen")
        #expect(!nights.contains(fri1759))
        let lunch = AwaySchedule(days: [.wednesday], from: 12 * 60, to: 13 * 60, timeZoneID: "Europe/Rome")
        let (wed1230, wed13, thu1230) = (try at(18, 12, 30), try at(18, 13), try at(19, 12, 30))
        #expect(lunch.contains(wed1230) && !lunch.contains(wed13) && !lunch.contains(thu1230))
        #expect(nights.summary == "Mon, Tue, Wed, Thu, Fri 18:00–09:00 (Europe/Rome)")
        #expect(throws: AwayError.self) { try AwaySchedule(days: [], from: 0, to: 60, timeZoneID: "UTC").validated() }
        #expect(throws: AwayError.self) { try AwaySchedule(days: [.monday], from: 60, to: 60, timeZoneID: "UTC").validated() }
        #expect(throws: AwayError.self) { try AwaySchedule(days: [.monday], from: 0, to: 60, timeZoneID: "Mars/Olympus").validated() }
        #expect(AwaySchedule.minutes(parsing: "18:30") == 1110 && AwaySchedule.minutes(parsing: "24:00") == nil && AwaySchedule.minutes(parsing: "9") == nil)
    }

    @Test("the quiet time and the hourly cap at their edges; the settings' own checks")
    func limits() {
        let settings = AwaySettings(mode: .on, replyTemplateID: Self.reply, quietHours: 12, hourlyCap: 30)
        #expect(AwayRules.allows(lastAnswered: nil, answersLastHour: 0, settings: settings, now: Self.now) == nil)
        #expect(AwayRules.allows(lastAnswered: Self.now.addingTimeInterval(-12 * 3600 + 1), answersLastHour: 0, settings: settings, now: Self.now) == .recentlyAnswered)
        #expect(AwayRules.allows(lastAnswered: Self.now.addingTimeInterval(-12 * 3600), answersLastHour: 0, settings: settings, now: Self.now) == nil)
        #expect(AwayRules.allows(lastAnswered: nil, answersLastHour: 30, settings: settings, now: Self.now) == .hourlyCap)
        #expect(AwayRules.allows(lastAnswered: nil, answersLastHour: 29, settings: settings, now: Self.now) == nil)
        #expect(throws: AwayError.noTemplate) { try AwaySettings(mode: .on).validated() }
        #expect(throws: AwayError.self) { try AwaySettings(quietHours: 0).validated() }
        #expect(throws: AwayError.self) { try AwaySettings(hourlyCap: 501).validated() }
        #expect(!AwaySettings().isActive && AwaySettings(greetingTemplateID: Self.greeting).isActive && !AwaySettings(mode: .on).isActive)
    }
}
