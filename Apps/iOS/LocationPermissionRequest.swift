import CoreLocation

/// Asks Core Location for permission once and waits for the answer: "while using" for a send's
/// location (iOS 17; iOS 18 asks through `CLServiceSession`), "Always" for arriving and leaving.
/// Core Location calls the delegate on the thread that made the manager, here the main thread.
@MainActor
final class LocationPermissionRequest: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()
    private var answer: CheckedContinuation<CLAuthorizationStatus, Never>?

    func whenInUse() async -> CLAuthorizationStatus {
        guard manager.authorizationStatus == .notDetermined else { return manager.authorizationStatus }
        // No prompt can show while the app is in the background: the lookup's time limit
        // cancels the wait, and the request ends instead of waiting forever.
        return await withTaskCancellationHandler {
            await ask { $0.requestWhenInUseAuthorization() }
        } onCancel: {
            Task { @MainActor in self.finish(.notDetermined) }
        }
    }

    /// iOS shows the "Always" prompt only once (from "While using", once): when no answer comes
    /// within a minute, the current status is the answer, and Settings says where to change it.
    func always() async -> CLAuthorizationStatus {
        guard manager.authorizationStatus != .authorizedAlways else { return .authorizedAlways }
        let timeout = Task { @MainActor in
            try? await Task.sleep(for: .seconds(60))
            self.finish(self.manager.authorizationStatus)
        }
        defer { timeout.cancel() }
        return await ask { $0.requestAlwaysAuthorization() }
    }

    private func ask(_ request: (CLLocationManager) -> Void) async -> CLAuthorizationStatus {
        await withCheckedContinuation { continuation in
            answer = continuation
            manager.delegate = self
            request(manager)
        }
    }

    nonisolated func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        let status = manager.authorizationStatus
        guard status != .notDetermined else { return }
        Task { @MainActor in self.finish(status) }
    }

    private func finish(_ status: CLAuthorizationStatus) {
        answer?.resume(returning: status)
        answer = nil
        manager.delegate = nil
    }
}
