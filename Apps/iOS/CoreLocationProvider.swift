import CoreLocation
import TgtAppModel
import TgtDomain

/// One location fix from Core Location, asking for "while using" permission the first time.
/// On iOS 18 a `CLServiceSession` asks; on iOS 17 live updates never ask by themselves (every
/// lookup would wait out its limit), so `CLLocationManager` asks first. The 10-second limit is
/// the model's (`LocationResolver`); this only asks and answers.
final class CoreLocationProvider: LocationProviding, Sendable {
    func authorization() async -> LocationAuthorization {
        Self.authorization(CLLocationManager().authorizationStatus)
    }

    func currentLocation() async throws(LocationFailure) -> Coordinate {
        do {
            if #available(iOS 18.0, *) {
                let session = CLServiceSession(authorization: .whenInUse)
                defer { session.invalidate() }
                return try await Self.firstFix()
            }
            switch Self.authorization(await LocationPermissionRequest().whenInUse()) {
            case .denied, .restricted: throw LocationFailure.denied
            case .notDetermined, .allowed: return try await Self.firstFix()
            }
        } catch let failure as LocationFailure {
            throw failure
        } catch {
            throw .unavailable(error.localizedDescription)
        }
    }

    private static func firstFix() async throws -> Coordinate {
        for try await update in CLLocationUpdate.liveUpdates() {
            if #available(iOS 18.0, *) {
                if update.authorizationDenied || update.authorizationDeniedGlobally || update.authorizationRestricted {
                    throw LocationFailure.denied
                }
                // "While using" permission and the app in the background: no fix will come.
                if update.insufficientlyInUse { throw LocationFailure.unavailable("the app is not in use") }
            }
            if let location = update.location,
                let coordinate = Coordinate(latitude: location.coordinate.latitude, longitude: location.coordinate.longitude)
            {
                return coordinate
            }
        }
        throw LocationFailure.unavailable("no fix")
    }

    private static func authorization(_ status: CLAuthorizationStatus) -> LocationAuthorization {
        switch status {
        case .notDetermined: .notDetermined
        case .denied: .denied
        case .restricted: .restricted
        default: .allowed
        }
    }
}
