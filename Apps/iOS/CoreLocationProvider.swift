import CoreLocation
import TgtAppModel
import TgtDomain

/// One location fix from Core Location (asking for "while using" permission the first time).
/// The 10-second limit is the model's (`LocationResolver`); this only asks and answers.
final class CoreLocationProvider: LocationProviding, @unchecked Sendable {
    func authorization() async -> LocationAuthorization {
        switch CLLocationManager().authorizationStatus {
        case .notDetermined: .notDetermined
        case .denied: .denied
        case .restricted: .restricted
        default: .allowed
        }
    }

    func currentLocation() async throws(LocationFailure) -> Coordinate {
        do {
            let session = CLServiceSession(authorization: .whenInUse)
            defer { session.invalidate() }
            for try await update in CLLocationUpdate.liveUpdates() {
                if update.authorizationDenied || update.authorizationDeniedGlobally { throw LocationFailure.denied }
                if let location = update.location,
                    let coordinate = Coordinate(latitude: location.coordinate.latitude, longitude: location.coordinate.longitude)
                {
                    return coordinate
                }
            }
            throw LocationFailure.unavailable("no fix")
        } catch let failure as LocationFailure {
            throw failure
        } catch {
            throw .unavailable(error.localizedDescription)
        }
    }
}
