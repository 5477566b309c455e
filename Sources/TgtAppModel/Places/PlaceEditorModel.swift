import Foundation
import Observation
import TgtDomain

/// The editor's "Send on arriving or leaving" section: on or off, which crossing, the place
/// (from the map, or where the phone is now), its name, the circle's radius and the window.
/// `rule` is what the template saves; `problem` says what is missing while it is on.
@Observable @MainActor
public final class PlaceEditorModel {
    /// The windows offered, in minutes (15 minutes to a week).
    public static let windowChoices = [15, 30, 60, 120, 240, 480, 720, 1_440, 10_080]
    /// The radius slider's step, in metres.
    public static let radiusStep = 50

    public var isOn: Bool
    public var crossing: PlaceRule.Crossing
    public var placeName: String
    public private(set) var center: Coordinate?
    public var radius: Int
    public var windowMinutes: Int
    /// Looking up where the phone is.
    public private(set) var isLocating = false
    /// Why "Use where I am" found nothing.
    public private(set) var locationError: AppText?

    @ObservationIgnored let location: (any LocationProviding)?

    init(rule: PlaceRule?, location: (any LocationProviding)?) {
        isOn = rule != nil
        crossing = rule?.crossing ?? .arrive
        placeName = rule?.placeName ?? ""
        center = rule?.center
        radius = rule?.radius ?? PlaceRule.defaultRadius
        windowMinutes = rule?.windowMinutes ?? PlaceRule.defaultWindowMinutes
        self.location = location
    }

    /// The rule the fields describe: nil when off, or while no place is chosen.
    public var rule: PlaceRule? {
        guard isOn, let center else { return nil }
        return PlaceRule(crossing: crossing, center: center, radius: radius, placeName: placeName, windowMinutes: windowMinutes)
    }

    /// What stops saving that the template's own rules cannot see (no place chosen yet).
    public var problem: ValidationIssue? {
        guard isOn, center == nil else { return nil }
        return ValidationIssue(field: .place, message: "Choose the place: tap it on the map, or use where you are now.")
    }

    /// A place tapped on the map.
    public func setCenter(_ coordinate: Coordinate) {
        center = coordinate
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
        Self.windowChoices.contains(windowMinutes) ? Self.windowChoices : [windowMinutes] + Self.windowChoices
    }

    /// "at most once an hour".
    public func windowLabel(_ minutes: Int) -> String { "at most once " + PlaceRule.windowText(minutes) }

    /// The coordinates as text ("45.464200,9.190000"), for the place's line under the map.
    public var centerText: String? { center?.description }
}
