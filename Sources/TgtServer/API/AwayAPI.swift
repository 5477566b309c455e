import Foundation
import TgtApplication
import TgtDomain
import TgtWire

/// `GET|PUT /api/away`: away replies and greetings (`AwayService`), with when the running
/// dashboard last looked for messages to answer.
extension DashboardAPI {
    var away: AwayService { workspace.away }

    func getAway(_ input: Operations.GetAway.Input) async throws -> Operations.GetAway.Output {
        .ok(.init(body: .json(.init(success: true, data: try awayReply()))))
    }

    func setAway(_ input: Operations.SetAway.Input) async throws -> Operations.SetAway.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body with “mode”.", code: "invalid_json") }
        let current = try away.settings()
        let mode: AwaySettings.Mode
        switch body.mode {
        case .off: mode = .off
        case .on: mode = .on
        case .until:
            guard let until = body.until else { throw APIError.badRequest("With “mode”: “until”, give “until”, e.g. 2026-12-31T09:00:00Z.") }
            mode = .until(until)
        case .schedule:
            guard let schedule = body.schedule else {
                throw APIError.badRequest("With “mode”: “schedule”, give “schedule”, e.g. {\"days\": [\"mon\"], \"from\": \"18:00\", \"to\": \"09:00\", \"time_zone\": \"Europe/Rome\"}.")
            }
            mode = .schedule(try Self.schedule(schedule))
        }
        let settings = AwaySettings(
            mode: mode, replyTemplateID: try body.replyTemplateId.map(Self.uuid), greetingTemplateID: try body.greetingTemplateId.map(Self.uuid),
            quietHours: body.quietHours ?? current.quietHours, onlyWhenOffline: body.onlyWhenOffline ?? false,
            hourlyCap: body.hourlyCap ?? current.hourlyCap,
            excluded: try (body.excluded ?? []).map { AwayPerson(userID: $0.userId, name: try Self.limited($0.name, "name", max: 128) ?? "") })
        try away.save(settings)
        return .ok(.init(body: .json(.init(success: true, data: try awayReply()))))
    }

    static func uuid(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw APIError.badRequest("“\(text)” is not a template id.") }
        return id
    }

    static func schedule(_ wire: Components.Schemas.AwaySchedule) throws -> AwaySchedule {
        guard let from = AwaySchedule.minutes(parsing: wire.from), let to = AwaySchedule.minutes(parsing: wire.to) else {
            throw AwayError.badSchedule("Times are HH:MM, e.g. 18:00.")
        }
        let names: [Components.Schemas.AwaySchedule.DaysPayloadPayload: Weekday] = [
            .mon: .monday, .tue: .tuesday, .wed: .wednesday, .thu: .thursday, .fri: .friday, .sat: .saturday, .sun: .sunday,
        ]
        return try AwaySchedule(days: Set(wire.days.compactMap { names[$0] }), from: from, to: to, timeZoneID: wire.timeZone).validated()
    }

    func awayReply() throws -> Components.Schemas.Away {
        let settings = try away.settings()
        let status = try away.status()
        var mode: Components.Schemas.Away.ModePayload = .off
        var until: Date?
        var schedule: Components.Schemas.AwaySchedule?
        switch settings.mode {
        case .off: mode = .off
        case .on: mode = .on
        case .until(let end): mode = .until; until = end
        case .schedule(let window):
            mode = .schedule
            let names: [Weekday: Components.Schemas.AwaySchedule.DaysPayloadPayload] = [
                .monday: .mon, .tuesday: .tue, .wednesday: .wed, .thursday: .thu, .friday: .fri, .saturday: .sat, .sunday: .sun,
            ]
            schedule = .init(days: window.days.sorted().compactMap { names[$0] }, from: AwaySchedule.clock(window.from), to: AwaySchedule.clock(window.to),
                             timeZone: window.timeZoneID)
        }
        return .init(
            mode: mode, until: until, schedule: schedule, replyTemplateId: settings.replyTemplateID.map(APIModels.id),
            greetingTemplateId: settings.greetingTemplateID.map(APIModels.id), quietHours: settings.quietHours,
            onlyWhenOffline: settings.onlyWhenOffline, hourlyCap: settings.hourlyCap,
            excluded: settings.excluded.map { .init(userId: $0.userID, name: $0.name) },
            checkedAt: status.checkedAt, answersLastHour: status.answersLastHour, awayNow: settings.isAway(at: telegram.clock.now))
    }
}
