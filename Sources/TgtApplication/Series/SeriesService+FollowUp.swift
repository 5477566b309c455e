import Foundation
import TgtDomain
import TgtStore

extension SeriesService {
    /// Sets the follow-up every occurrence of series `id` carries from now on (nil: none).
    /// Occurrences not yet posted carry the new one; those already out keep theirs (cancel
    /// them one by one). Refuses, changing nothing, a finished series and a rule
    /// `FollowUpService.check` refuses. Nothing on Telegram changes.
    @discardableResult
    public func setFollowUp(_ id: UUID, _ rule: FollowUpRule?) throws -> SeriesSummary {
        let series = try store.series(id: id)
        guard let series else { throw SeriesError.notFound(id.uuidString.lowercased()) }
        guard !series.status.isFinal else { throw SeriesError.finished(series.status) }
        if let rule { try FollowUpService(store: store).check(rule) }
        guard try store.setSeriesFollowUp(id, rule) else { throw SeriesError.notFound(id.uuidString.lowercased()) }
        return try summary(id)
    }
}
