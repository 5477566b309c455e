import Foundation
import TgtApplication

/// How a tap from each place runs: whether the app comes to the screen, whether the phone may be
/// locked, and how long the surface waits for Telegram before it reports the tap as queued.
///
/// TDLib lives only in the app's process, so every surface sends there. The widget's buttons,
/// Siri and Shortcuts run their App Intents in the app's process in the background
/// (`LiveActivityIntent`); CarPlay runs in the app's CarPlay scene; a `tgtemplates://` link and a
/// tap in the grid are the app on the screen. The Apple shells read these values; the Linux
/// tests hold them to what the product promises.
public struct SendSurfacePolicy: Sendable, Equatable {
    /// How an App Intent may run on a locked phone (`IntentAuthenticationPolicy`).
    public enum LockedPhone: String, Sendable, Equatable {
        /// Runs while the phone is locked (`.alwaysAllowed`): Siri in the car.
        case allowed
        /// The system asks for the passcode first (`.requiresLocalDeviceAuthentication`).
        case requiresUnlock
    }

    /// Whether the tap brings the app to the screen.
    public var opensApp: Bool
    /// Whether the phone may be locked when it runs.
    public var lockedPhone: LockedPhone
    /// How long the surface waits for Telegram's answer before it says "queued" (the job stays
    /// in the queue and goes out later). Zero: the surface shows progress as it comes.
    public var answerDeadline: Double

    public init(opensApp: Bool, lockedPhone: LockedPhone, answerDeadline: Double) {
        self.opensApp = opensApp
        self.lockedPhone = lockedPhone
        self.answerDeadline = answerDeadline
    }

    /// Whether the tap is sent without the app coming to the screen.
    public var sendsInBackground: Bool { !opensApp }
}

extension SendJobSource {
    /// How a tap from this surface runs.
    public var policy: SendSurfacePolicy {
        switch self {
        // The grid is the app itself: progress shows on the button as it comes.
        case .app: SendSurfacePolicy(opensApp: true, lockedPhone: .requiresUnlock, answerDeadline: 0)
        // iOS keeps widget buttons inactive on a locked phone whatever the intent says; the
        // intent waits for the send so the app's background run lasts until Telegram answers.
        case .widget: SendSurfacePolicy(opensApp: false, lockedPhone: .requiresUnlock, answerDeadline: 25)
        // "Hey Siri, send Leaving work" in the car: the phone is often locked in a pocket. Siri
        // waits a few seconds for Telegram (SiriKit asks for an answer "within a few seconds"),
        // then says the message is queued and goes out by itself.
        case .siri: SendSurfacePolicy(opensApp: false, lockedPhone: .allowed, answerDeadline: 10)
        // The CarPlay scene is on the car's screen while the phone stays locked.
        case .carPlay: SendSurfacePolicy(opensApp: false, lockedPhone: .allowed, answerDeadline: 30)
        // A link is opened by the system, which brings the app to the screen.
        case .deepLink: SendSurfacePolicy(opensApp: true, lockedPhone: .requiresUnlock, answerDeadline: 120)
        // Core Location wakes the app in the background, phone usually locked in a pocket;
        // the shell holds a background task while it waits, then a notification says how it went.
        case .place: SendSurfacePolicy(opensApp: false, lockedPhone: .allowed, answerDeadline: 25)
        }
    }
}
