import Foundation
import TgtApplication
import TgtDomain
import TgtWire

/// Repeating sends: `POST /api/templates/{id}/repeat`, `GET /api/series`, `GET|PATCH
/// /api/series/{id}`, `POST /api/series/{id}/skip|pause|resume|cancel`, and
/// `POST /api/repeat/preview` for the dashboard's Repeat field. `SeriesService` does the work;
/// the session's `ScheduleKeeper` keeps the next occurrences on Telegram's schedule.
extension DashboardAPI {
    /// Series with a pass of the session's keeper after each change.
    var seriesService: SeriesService {
        workspace.series(schedule: schedulePass)
    }

    func repeatTemplate(_ input: Operations.RepeatTemplate.Input) async throws -> Operations.RepeatTemplate.Output {
        let template = try template(input.path.id)
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body with “every” or “rrule”.", code: "invalid_json") }
        let rule = try RepeatRule(every: body.every, rrule: body.rrule, until: body.until, times: body.times.map(String.init),
                                  timeZone: body.timeZone, start: telegram.clock.now)
        let order = SendOrder(templateID: template.id, variables: body.variables?.additionalProperties ?? [:],
                              location: try Self.coordinate(body.location), silent: body.silent)
        let followUp = try body.followUp.map {
            try Self.followUpRule(condition: $0.condition.rawValue, withinMinutes: $0.withinMinutes, action: $0.action.rawValue, templateID: $0.templateId)
        }
        let summary = try await seriesService.start(order, rule: rule, followUp: followUp)
        return .created(.init(body: .json(.init(success: true, data: APIModels.series(summary)))))
    }

    func listSeries(_ input: Operations.ListSeries.Input) async throws -> Operations.ListSeries.Output {
        let all = try seriesService.list(includeFinished: input.query.all ?? false)
        return .ok(.init(body: .json(.init(success: true, data: .init(series: all.map(APIModels.series), total: all.count)))))
    }

    func getSeries(_ input: Operations.GetSeries.Input) async throws -> Operations.GetSeries.Output {
        let summary = try seriesService.summary(try Self.seriesID(input.path.id))
        return .ok(.init(body: .json(.init(success: true, data: APIModels.series(summary)))))
    }

    func changeSeries(_ input: Operations.ChangeSeries.Input) async throws -> Operations.ChangeSeries.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        let id = try Self.seriesID(input.path.id)
        let hasRule = body.every != nil || body.rrule != nil || body.until != nil || body.times != nil || body.timeZone != nil
        guard hasRule || body.variables != nil || body.followUp != nil || body.removeFollowUp == true else {
            throw APIError.badRequest("Say what to change: a rule (“every” or “rrule”), “variables”, “follow_up” or “remove_follow_up”.")
        }
        if body.followUp != nil, body.removeFollowUp == true {
            throw APIError.badRequest("“follow_up” and “remove_follow_up” say opposite things; give one.")
        }
        // Checked before anything changes, so a refused follow-up leaves the rule and values as they were.
        let followUp = try body.followUp.map {
            try Self.followUpRule(condition: $0.condition.rawValue, withinMinutes: $0.withinMinutes, action: $0.action.rawValue, templateID: $0.templateId)
        }
        if let followUp { try workspace.followUps.check(followUp) }
        let rule = try hasRule
            ? RepeatRule(every: body.every, rrule: body.rrule, until: body.until, times: body.times.map(String.init), timeZone: body.timeZone,
                         start: telegram.clock.now)
            : nil
        var summary = try seriesService.summary(id)
        if hasRule || body.variables != nil { summary = try await seriesService.change(id, rule: rule, variables: body.variables?.additionalProperties) }
        if followUp != nil || body.removeFollowUp == true { summary = try seriesService.setFollowUp(id, followUp) }
        return .ok(.init(body: .json(.init(success: true, data: APIModels.series(summary)))))
    }

    func skipSeriesOccurrence(_ input: Operations.SkipSeriesOccurrence.Input) async throws -> Operations.SkipSeriesOccurrence.Output {
        var occurrence: Int?
        if case .json(let body)? = input.body { occurrence = body.occurrence.map(Int.init) }
        let summary = try await seriesService.skip(try Self.seriesID(input.path.id), occurrence: occurrence)
        return .ok(.init(body: .json(.init(success: true, data: APIModels.series(summary)))))
    }

    func pauseSeries(_ input: Operations.PauseSeries.Input) async throws -> Operations.PauseSeries.Output {
        let summary = try await seriesService.pause(try Self.seriesID(input.path.id))
        return .ok(.init(body: .json(.init(success: true, data: APIModels.series(summary)))))
    }

    func resumeSeries(_ input: Operations.ResumeSeries.Input) async throws -> Operations.ResumeSeries.Output {
        let summary = try await seriesService.resume(try Self.seriesID(input.path.id))
        return .ok(.init(body: .json(.init(success: true, data: APIModels.series(summary)))))
    }

    func cancelSeries(_ input: Operations.CancelSeries.Input) async throws -> Operations.CancelSeries.Output {
        let summary = try await seriesService.cancel(try Self.seriesID(input.path.id))
        return .ok(.init(body: .json(.init(success: true, data: APIModels.series(summary)))))
    }

    func previewRepeat(_ input: Operations.PreviewRepeat.Input) async throws -> Operations.PreviewRepeat.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body with “every” or “rrule”.", code: "invalid_json") }
        let now = telegram.clock.now
        let rule = try RepeatRule(every: body.every, rrule: body.rrule, until: body.until, times: body.times.map(String.init),
                                  timeZone: body.timeZone, start: now)
        let next = rule.occurrences(after: now, limit: SeriesService.upcomingShown).map(\.date)
        return .ok(.init(body: .json(.init(success: true, data: .init(every: rule.text, words: rule.summary(), rrule: rule.rrule,
                                                                        timeZone: rule.timeZone, next: next)))))
    }

    private static func seriesID(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw APIError.notFound("series \(text)") }
        return id
    }
}

extension APIModels {
    /// A series with its next occurrences and latest finished rows.
    static func series(_ summary: SeriesSummary) -> Schemas.Series {
        let s = summary.series
        var until: String?
        var times: Int?
        switch s.rule.end {
        case .never: break
        case .until(let day): until = day.description
        case .count(let n): times = n
        }
        return Schemas.Series(
            id: id(s.id), templateId: id(s.templateID), templateName: s.templateName,
            status: Schemas.Series.StatusPayload(rawValue: s.status.rawValue) ?? .active, every: s.rule.text, words: summary.words,
            rrule: s.rule.rrule, timeZone: s.rule.timeZone, until: until, times: times, variables: .init(additionalProperties: s.variables),
            silent: s.silent, posted: summary.posted,
            next: summary.upcoming.map {
                .init(occurrence: Int32(clamping: $0.index), at: $0.date, state: Schemas.SeriesOccurrence.StatePayload(rawValue: $0.state.rawValue) ?? .planned)
            },
            recent: summary.recent.map(scheduledSend), followUp: seriesFollowUp(summary), createdAt: s.createdAt)
    }
}

extension APIModels {
    /// The follow-up each post of a series carries, with its sentence.
    static func seriesFollowUp(_ summary: SeriesSummary) -> Schemas.SeriesFollowUp? {
        guard let rule = summary.series.followUp, let sentence = summary.followUp else { return nil }
        return Schemas.SeriesFollowUp(
            sentence: sentence, condition: Schemas.FollowUpCondition(rawValue: rule.condition.rawValue) ?? .read,
            withinMinutes: Int(rule.within / 60), action: rule.sendsTemplateID == nil ? .remind : .send,
            templateId: rule.sendsTemplateID.map(id))
    }
}
