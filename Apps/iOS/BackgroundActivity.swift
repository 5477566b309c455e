import TgtApplication
import UIKit

/// Keeps the app running while sends started by an intent finish in the background, and owns
/// when the shared store lets go of its file locks: only when the app is in the background, no
/// such send runs and CarPlay is not on the car's screen (iOS kills a suspended app that holds
/// locks in an App Group). SwiftUI's scene phase does not count the CarPlay scene: with the
/// phone locked in a pocket the app's window is in the background while CarPlay works.
@MainActor
final class BackgroundActivity: BackgroundWork {
    private var task: UIBackgroundTaskIdentifier = .invalid
    private var holders = 0
    private var inBackground = false
    private var carPlay = false

    /// A send starts: the store works, and iOS gives the app background time for it.
    func begin() {
        holders += 1
        Workspace.resumeSharedStores()
        guard task == .invalid else { return }
        task = UIApplication.shared.beginBackgroundTask(withName: "Send templates") { [weak self] in
            MainActor.assumeIsolated { self?.expire() }
        }
    }

    /// A send is over; the last one lets the app be suspended.
    func end() {
        holders = max(0, holders - 1)
        if holders == 0 { finish() }
    }

    /// The app's scenes went to the background.
    func appWentToBackground() {
        inBackground = true
        if holders == 0 && !carPlay { Workspace.suspendSharedStores() }
    }

    /// The CarPlay scene connected: the app works for the car whatever the phone shows.
    func carPlayConnected() {
        carPlay = true
        Workspace.resumeSharedStores()
    }

    /// The CarPlay scene went away.
    func carPlayDisconnected() {
        carPlay = false
        if holders == 0 && (inBackground || UIApplication.shared.applicationState == .background) {
            Workspace.suspendSharedStores()
        }
    }

    /// A scene came to the screen.
    func appBecameActive() {
        inBackground = false
        Workspace.resumeSharedStores()
    }

    /// iOS ends the background time: let go of the locks now; the queue keeps the rest.
    private func expire() {
        holders = 0
        finish()
    }

    private func finish() {
        if !carPlay && (inBackground || UIApplication.shared.applicationState == .background) {
            Workspace.suspendSharedStores()
        }
        if task != .invalid {
            UIApplication.shared.endBackgroundTask(task)
            task = .invalid
        }
    }
}
