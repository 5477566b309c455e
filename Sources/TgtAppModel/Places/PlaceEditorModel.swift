import Foundation
import Observation
import TgtDomain

/// The editor's "Send on arriving or leaving" section: on or off, which crossing, the place
/// (from the map, or where the phone is now), its name, the circle's radius and the window.
/// `rule` is what the template saves; `problem` says what is missing while it is on.
@Observable @MainActor
public final class PlaceEditorModel {
    /// The radii offered, in metres.
    public static let radiusChoices = [100, 150, 200, 300, 500, 1_000, 2_000, 5_000]

    public var isOn: Bool
    public var crossing: PlaceRule.Crossing
    public var placeName: String
    public var radius: Int
    public var windowMinutes: Int
    /// Looking up where the phone is.
    public private(set) var isLocating = false
    /// Why "Use where I am" found nothing.
    public private(set) var locationError: AppText?
    /// The place as typed or pasted (from Maps: "45.4642, 9.19"), or as "Use where I am" found it.
    public var coordinates: String

    @ObservationIgnored let location: (any LocationProviding)?

    init(rule: PlaceRule?, location: (any LocationProviding)?) {
        isOn = rule != nil
        crossing = rule?.crossing ?? .arrive
        placeName = rule?.placeName ?? ""
        radius = rule?.radius ?? PlaceRule.defaultRadius
        windowMinutes = rule?.windowMinutes ?? PlaceRule.defaultWindowMinutes
        coordinates = rule.map { "\($0.center.latitude), \($0.center.longitude)" } ?? ""
        self.location = location
    }

    /// The rule the fields describe: nil when off, or while no place is chosen.
    public var rule: PlaceRule? {
        guard isOn, let center else { return nil }
        return PlaceRule(crossing: crossing, center: center, radius: radius, placeName: placeName, windowMinutes: windowMinutes)
    }

    /// The place the coordinates name (nil while they name none).
    public var center: Coordinate? { Coordinate(parsing: coordinates) }

    /// What stops saving that the template's own rules cannot see (no place, or coordinates
    /// that are not one).
    public var problem: ValidationIssue? {
        guard isOn, center == nil else { return nil }
        let blank = coordinates.trimmingCharacters(in: .whitespaces).isEmpty
        return ValidationIssue(field: .place, message: blank
            ? "Choose the place: use where you are now, or paste its coordinates from Maps."
            : AppText("place.coordinates.invalid").description)
    }

    /// A place found by "Use where I am" (or picked on a map).
    public func setCenter(_ coordinate: Coordinate) {
        coordinates = "\(coordinate.latitude), \(coordinate.longitude)"
        locationError = nil
    }

    /// "Use where I am": the phone's location becomes the place.
    public func useCurrentLocation() async {
        guard let location else {
            locationError = AppText("location.unavailable", "no location on this device")
            return
        }
        isLocating = true
        defer { isLocating = false }
        do throws(LocationFailure) {
            setCenter(try await location.currentLocation())
        } catch {
            switch error {
            case .denied: locationError = AppText("location.denied")
            case .timedOut: locationError = AppText("location.timeout")
            case .unavailable(let detail): locationError = AppText("location.unavailable", detail)
            }
        }
    }

    /// The windows to pick from (the rule's own first when it is not one of them).
    public var windows: [Int] {
        PlaceRule.windowOptions(keeping: windowMinutes)
    }

    /// The radii to pick from (the rule's own first when it is not one of them).
    public var radii: [Int] {
        Self.radiusChoices.contains(radius) ? Self.radiusChoices : [radius] + Self.radiusChoices
    }

    /// "150 m".
    public func radiusLabel(_ metres: Int) -> AppText { AppText("place.radius", String(metres)) }

    /// "once an hour", "once every 30 minutes".
    public func windowLabel(_ minutes: Int) -> AppText {
        switch PlaceRule.WindowUnit(minutes: minutes) {
        case .hour: AppText("place.window.hour")
        case .day: AppText("place.window.day")
        case .week: AppText("place.window.week")
        case .days(let n): AppText("place.window.days", String(n))
        case .hours(let n): AppText("place.window.hours", String(n))
        case .minutes(let n): AppText("place.window.minutes", String(n))
        }
    }

    /// The place as text ("45.464200,9.190000") and a link that shows it in a map app.
    public var centerText: String? { center?.description }
    public var mapLink: URL? { center.flatMap { URL(string: $0.mapLink) } }
}
