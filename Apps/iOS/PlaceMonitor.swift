import CoreLocation
import TgtAppModel
import TgtDomain
import UserNotifications

/// Core Location's `CLMonitor` behind the app model's `PlaceMonitoring`: keeps the monitored
/// circles to the model's plan, asks for "Always" location access, and forwards every event
/// to `PlacesModel.handle(_:)`, posting the notification it returns. Which crossings send, the
/// window and the words are the model's; this only registers circles and passes events on.
///
/// The system relaunches the app in the background for a crossing: `AppDelegate` starts
/// `run(model:)` at every launch, which reopens the monitor under the same name, as Core
/// Location requires to deliver the waiting event.
final class CoreLocationPlaceMonitor: PlaceMonitoring, Sendable {
    static let shared = CoreLocationPlaceMonitor()
    private static let name = "tgt.places"
    private let opened = MonitorHolder()

    func authorization() async -> PlaceWatchAuthorization {
        Self.authorization(CLLocationManager().authorizationStatus)
    }

    func requestAlways() async -> PlaceWatchAuthorization {
        Self.authorization(await LocationPermissionRequest().always())
    }

    func watch(_ conditions: [PlaceCondition]) async throws(PlaceWatchFailure) {
        let monitor = await opened.monitor(named: Self.name)
        let wanted = Set(conditions.map(\.id))
        for identifier in await monitor.identifiers where PlaceCondition.templateID(in: identifier) != nil && !wanted.contains(identifier) {
            await monitor.remove(identifier)
        }
        for condition in conditions {
            // An unchanged circle keeps its record (and so its last known side).
            if let record = await monitor.record(for: condition.id),
               let circle = record.condition as? CLMonitor.CircularGeographicCondition,
               circle.center.latitude == condition.center.latitude, circle.center.longitude == condition.center.longitude,
               circle.radius == Double(condition.radius)
            {
                continue
            }
            let center = CLLocationCoordinate2D(latitude: condition.center.latitude, longitude: condition.center.longitude)
            await monitor.add(CLMonitor.CircularGeographicCondition(center: center, radius: Double(condition.radius)), identifier: condition.id)
        }
    }

    /// Passes every event of the monitor to the model for as long as the app runs, each under
    /// background time (`work`), and shows what the model says about it.
    func run(places: PlacesModel, work: BackgroundWork) async {
        let monitor = await opened.monitor(named: Self.name)
        do {
            for try await event in await monitor.events {
                await MainActor.run { work.begin() }
                let report = PlaceReport(identifier: event.identifier, side: Self.side(event.state), date: event.date)
                if let notice = await places.handle(report) { await Self.post(notice) }
                await MainActor.run { work.end() }
            }
        } catch {
            // The sequence ends only when the monitor does; the next launch opens it again.
        }
    }

    private static func side(_ state: CLMonitor.Event.State) -> PlaceSide? {
        switch state {
        case .satisfied: .inside
        case .unsatisfied: .outside
        case .unknown, .unmonitored: nil
        @unknown default: nil
        }
    }

    private static func post(_ notice: PlaceNotice) async {
        let content = UNMutableNotificationContent()
        content.title = notice.title.localized
        content.body = notice.body.localized
        content.sound = .default
        let request = UNNotificationRequest(identifier: "place.\(notice.templateID.uuidString).\(UUID().uuidString)", content: content, trigger: nil)
        try? await UNUserNotificationCenter.current().add(request)
    }

    static func authorization(_ status: CLAuthorizationStatus) -> PlaceWatchAuthorization {
        switch status {
        case .notDetermined: .notDetermined
        case .authorizedAlways: .always
        case .authorizedWhenInUse: .whileUsing
        case .denied, .restricted: .denied
        @unknown default: .denied
        }
    }
}

/// The one `CLMonitor` of the app, opened on first use (Core Location allows one monitor per name).
private actor MonitorHolder {
    private var opened: CLMonitor?

    func monitor(named name: String) async -> CLMonitor {
        if let opened { return opened }
        let monitor = await CLMonitor(name)
        opened = monitor
        return monitor
    }
}
