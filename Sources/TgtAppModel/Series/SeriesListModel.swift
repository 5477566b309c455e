import Foundation
import Observation
import TgtApplication
import TgtDomain

/// The Repeating screen: every active or paused series with its rule in words, how many were
/// posted and its next dates (on Telegram, planned, skipped), with Skip next, Pause or Resume,
/// and Stop after a confirmation. Changes go through `SeriesService`; the app's session
/// (the schedule pass `LiveSession` runs) follows the store and updates Telegram's schedule, and
/// the screen reloads when the store says scheduled sends changed.
@Observable @MainActor
public final class SeriesListModel {
    /// One series' card.
    public struct Row: Sendable, Equatable, Identifiable {
        public var id: UUID
        public var templateName: String
        /// "every Mon and Fri at 10:00 until 24 Dec 2026" (the rule's own words).
        public var words: AppText
        /// "Paused" for a paused series.
        public var badge: AppText?
        /// "Posted 3 times", or nil before the first.
        public var posted: AppText?
        public var next: [Occurrence]
        public var canSkip: Bool
        public var canPause: Bool
        public var canResume: Bool
    }

    /// One of a series' next dates.
    public struct Occurrence: Sendable, Equatable, Identifiable {
        /// The occurrence's number in the send log.
        public var id: Int
        public var date: Date
        public var state: SeriesOccurrenceState
        /// "On Telegram", "Planned", "Being scheduled", "Skipped".
        public var label: AppText
    }

    public private(set) var series: [SeriesSummary] = []
    /// Why the list could not be read or a control failed; nothing changed then.
    public private(set) var error: AppText?

    @ObservationIgnored let service: SeriesService

    init(workspace: Workspace, clock: any AppClock) {
        service = workspace.series()
    }

    public func reload() {
        do {
            series = try service.list()
            error = nil
        } catch {
            self.error = AppText("series.loadFailed", sentence: .failure(error))
        }
    }

    public var rows: [Row] {
        series.map { summary in
            let s = summary.series
            let posted: AppText? = switch summary.posted {
            case 0: nil
            case 1: AppText("series.posted.one")
            default: AppText("series.posted", String(summary.posted))
            }
            return Row(id: s.id, templateName: s.templateName, words: .verbatim(summary.words),
                       badge: s.status == .paused ? AppText("series.paused") : nil, posted: posted,
                       next: s.status == .paused ? [] : summary.upcoming.map { Occurrence(id: $0.index, date: $0.date, state: $0.state, label: Self.label($0.state)) },
                       canSkip: s.status == .active && summary.upcoming.contains { $0.state != .skipped },
                       canPause: s.status == .active, canResume: s.status == .paused)
        }
    }

    /// "Nothing repeats yet" when there are none.
    public var emptyText: AppText? { error == nil && series.isEmpty ? AppText("series.empty") : nil }

    /// What Stop asks before it stops a series for good.
    public func stopQuestion(_ id: UUID) -> AppText {
        AppText("series.stop.question", series.first { $0.series.id == id }?.series.templateName ?? "")
    }

    /// Skips the next occurrence still to come.
    public func skipNext(_ id: UUID) async { await perform { try await $0.skip(id) } }

    public func pause(_ id: UUID) async { await perform { try await $0.pause(id) } }

    public func resume(_ id: UUID) async { await perform { try await $0.resume(id) } }

    /// Stops the series for good (after `stopQuestion` was answered yes).
    public func stop(_ id: UUID) async { await perform { try await $0.cancel(id) } }

    private func perform(_ change: (SeriesService) async throws -> SeriesSummary) async {
        // The list follows the store's change feed (the change and its schedule pass both
        // reach it), as it does any other face's.
        do {
            _ = try await change(service)
        } catch {
            reload()
            self.error = .failure(error)
        }
    }

    static func label(_ state: SeriesOccurrence.State) -> AppText {
        switch state {
        case .planned: AppText("series.next.planned")
        case .queued: AppText("series.next.queued")
        case .scheduled: AppText("series.next.scheduled")
        case .skipped: AppText("series.next.skipped")
        }
    }
}
