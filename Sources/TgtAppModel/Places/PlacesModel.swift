import Foundation
import Logging
import Observation
import TgtApplication
import TgtDomain

/// Arriving and leaving in the app: which circles the phone watches (`PlacePlan`, kept in step
/// with the templates), whether it may watch them while the app is closed, what Settings says
/// about it, and what a crossing comes to (`handle(_:)`): the store's verdict
/// (`PlaceCrossing`: once per window, never on a first report), the send as any tap from
/// outside the app, and the notification that confirms it. The shell only forwards the
/// monitor's events and posts the notification.
@Observable @MainActor
public final class PlacesModel {
    public private(set) var plan: PlacePlan
    public private(set) var authorization: PlaceWatchAuthorization
    /// Why the circles could not be set, when they could not.
    public private(set) var watchError: AppText?

    @ObservationIgnored let workspace: Workspace
    @ObservationIgnored let monitor: (any PlaceMonitoring)?
    @ObservationIgnored let clock: any AppClock
    @ObservationIgnored let timeZone: TimeZone
    /// Sends a template as a tap from a place (set by `AppModel`).
    @ObservationIgnored var send: (UUID) async -> AppModel.TapOutcome = { _ in .notFound }
    @ObservationIgnored private let logger = Logger(label: "tgt.app.places")

    init(workspace: Workspace, monitor: (any PlaceMonitoring)?, clock: any AppClock, timeZone: TimeZone = .current) {
        self.workspace = workspace
        self.monitor = monitor
        self.clock = clock
        self.timeZone = timeZone
        plan = PlacePlan(templates: (try? workspace.templates().all()) ?? [])
        authorization = monitor == nil ? .unavailable : .notDetermined
    }

    /// Reads the templates and the permission again and sets the watched circles to match.
    public func refresh() async {
        plan = PlacePlan(templates: (try? workspace.templates().all()) ?? [])
        guard let monitor else {
            authorization = .unavailable
            return
        }
        authorization = await monitor.authorization()
        do throws(PlaceWatchFailure) {
            try await monitor.watch(plan.conditions)
            watchError = nil
        } catch {
            switch error {
            case .unavailable(let why): watchError = AppText("places.failed", why)
            }
        }
    }

    /// Asks for "Always" location access (from Settings or the editor), then refreshes.
    public func requestAlways() async {
        guard let monitor else { return }
        authorization = await monitor.requestAlways()
        await refresh()
    }

    /// What Settings (and the editor, under a place rule) says about watching places.
    public var status: AppText {
        if let watchError { return watchError }
        let count = plan.conditions.count + plan.unwatched.count
        guard count > 0 else { return AppText("places.none") }
        switch authorization {
        case .unavailable: return AppText("places.unavailable")
        case .denied: return AppText("places.denied", String(count))
        case .notDetermined: return AppText("places.notDetermined", String(count))
        case .whileUsing: return AppText("places.needsAlways", String(count))
        case .always:
            if !plan.unwatched.isEmpty {
                return AppText("places.overLimit", String(PlacePlan.limit), plan.unwatched.joined(separator: ", "))
            }
            return AppText("places.watching", String(plan.conditions.count))
        }
    }

    /// Whether Settings offers the button that asks for "Always".
    public var canAskForAlways: Bool {
        !plan.isEmpty && (authorization == .notDetermined || authorization == .whileUsing)
    }

    /// One report from the monitor: sends the template when it is a crossing its rule sends on
    /// (and its window is open), and returns the notification to show, if any.
    public func handle(_ report: PlaceReport) async -> PlaceNotice? {
        guard let templateID = PlaceCondition.templateID(in: report.identifier), let side = report.side else { return nil }
        let now = clock.now
        let claim: PlaceClaim
        do {
            guard let found = try workspace.claimPlaceCrossing(templateID: templateID, side: side, happenedAt: report.date, now: now) else {
                logger.debug("place report for a template without a rule", metadata: ["template": "\(templateID)"])
                return nil
            }
            claim = found
        } catch {
            logger.error("place report not recorded", metadata: ["error": "\(error.message)"])
            return nil
        }
        logger.debug("place report", metadata: ["template": "\(templateID)", "side": "\(side.rawValue)", "verdict": "\(claim.verdict)"])
        switch claim.verdict {
        case .send:
            let outcome = await send(templateID)
            return PlaceNotice.sent(claim.template, rule: claim.rule, outcome: outcome)
        case .tooLate(let happenedAt):
            return PlaceNotice.tooLate(claim.template, rule: claim.rule, happenedAt: happenedAt, noticedAt: now, timeZone: timeZone)
        case .firstReport, .noChange, .otherCrossing, .withinWindow:
            return nil
        }
    }
}
