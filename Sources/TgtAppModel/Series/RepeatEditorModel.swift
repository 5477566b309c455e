import Foundation
import Observation
import TgtApplication
import TgtDomain

/// "Repeat" for one Telegram template in the app: the rule typed in its compact form ("mon,fri
/// 10:00"), read back in words with its next dates as it is typed, an end (never, a last day,
/// a number of sends) and the template's custom values; Start begins the series through
/// `SeriesService` (the same checks as every face), and a refusal is said without closing.
@Observable @MainActor
public final class RepeatEditorModel: Identifiable {
    /// When the series ends.
    public enum Ending: Sendable, Hashable {
        case never
        /// The last day (in the rule's zone) an occurrence may fall on.
        case on(Date)
        case after(Int)
    }

    public let template: Template
    public var every: String { didSet { read() } }
    public var ending: Ending = .never { didSet { read() } }
    /// Values for the template's custom variables, kept with the series.
    public var values: [String: String] = [:]
    /// The rule in words ("every Mon and Fri at 10:00, 5 times"), when it reads.
    public private(set) var words: AppText?
    /// Its next dates (at most 3).
    public private(set) var nextDates: [Date] = []
    /// Why the rule does not read, with an example; nil while it does or is empty.
    public private(set) var ruleProblem: AppText?
    /// Why Start was refused (a value, a logged-out session…); the sheet stays open.
    public private(set) var startProblem: AppText?

    /// The custom variables the template asks for (those without a default), in order.
    public var variableNames: [String] {
        var context = RenderContext(now: clock.now, timeZone: timeZone)
        context.me = RenderContext.previewSenderName
        return (try? Renderer().missingVariables(in: template, context: context)) ?? []
    }

    @ObservationIgnored let service: SeriesService
    @ObservationIgnored let clock: any AppClock
    @ObservationIgnored let timeZone: TimeZone

    /// Prefilled with the weekday and time of `suggested` ("mon 09:00").
    init(template: Template, workspace: Workspace, clock: any AppClock, timeZone: TimeZone = .current, suggested: Date? = nil) {
        self.template = template
        self.clock = clock
        self.timeZone = timeZone
        service = workspace.series()
        every = Self.weekly(at: suggested ?? clock.now.addingTimeInterval(3600), in: timeZone)
        read()
    }

    public var canStart: Bool { ruleProblem == nil && words != nil }

    /// The first day an "ends on" date may be (today, on the model's clock).
    public var today: Date { clock.now }

    /// The "ends on" date the form suggests: 30 days from now.
    public var suggestedLastDay: Date { clock.now.addingTimeInterval(30 * 86_400) }

    /// Starts the series; nil (with `startProblem` or `ruleProblem` set) when it was refused.
    public func start() async -> SeriesSummary? {
        startProblem = nil
        guard let rule = rule() else { return nil }
        do {
            return try await service.start(SendOrder(templateID: template.id, variables: values.filter { !$0.value.isEmpty }), rule: rule)
        } catch let failure as RepeatRuleError {
            ruleProblem = .verbatim(failure.message + (failure.nextStep.map { " " + $0 } ?? ""))
        } catch let failure as any UserFacingError {
            startProblem = .verbatim(failure.message + (failure.nextStep.map { " " + $0 } ?? ""))
        } catch {
            startProblem = .verbatim("\(error)")
        }
        return nil
    }

    private func read() {
        guard !every.trimmingCharacters(in: .whitespaces).isEmpty else {
            words = nil
            nextDates = []
            ruleProblem = nil
            return
        }
        guard let rule = rule() else {
            words = nil
            nextDates = []
            return
        }
        ruleProblem = nil
        words = .verbatim(rule.summary(localZone: timeZone))
        nextDates = rule.occurrences(after: clock.now.addingTimeInterval(ScheduleError.minimumLead), limit: 3).map(\.date)
    }

    private func rule() -> RepeatRule? {
        var until: String?
        var times: String?
        switch ending {
        case .never: break
        case .on(let day):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let parts = calendar.dateComponents([.year, .month, .day], from: day)
            until = String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
        case .after(let n): times = String(n)
        }
        do {
            return try RepeatRule(every: every, rrule: nil, until: until, times: times, timeZone: timeZone.identifier, defaultZone: timeZone,
                                  start: clock.now)
        } catch {
            ruleProblem = .verbatim(error.message + (error.nextStep.map { " " + $0 } ?? ""))
            return nil
        }
    }

    /// "mon 09:00" for a date's weekday and time.
    static func weekly(at date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
        let days = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        return "\(days[((parts.weekday ?? 2) - 1) % 7]) " + String(format: "%02d:%02d", parts.hour ?? 9, parts.minute ?? 0)
    }
}
