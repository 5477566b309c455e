import Foundation
import TgtTimerSync
import WatchConnectivity

/// The WatchConnectivity side of the timer sync, the same on the phone and the watch: carries
/// `SyncMessage`s as bytes and hands the ones that arrive to `receive`. The protocol (absolute
/// dates, last writer per field, tombstones) makes every way of carrying them safe: a change
/// goes at once when the other side is reachable and is queued by the system otherwise
/// (`transferUserInfo`, delivered later even if this app has quit); the whole state goes as the
/// application context whenever the session activates — the anti-entropy pass that repairs
/// anything lost.
@MainActor
final class TimerSyncLink: NSObject, WCSessionDelegate {
    nonisolated static let key = "timerSync"

    private let session: WCSession?
    private let receive: @MainActor (SyncMessage) -> Void
    private let fullState: @MainActor () -> SyncMessage
    /// Why the last message could not be sent or read (shown by the timers screen).
    private(set) var lastError: String?

    init(receive: @escaping @MainActor (SyncMessage) -> Void, fullState: @escaping @MainActor () -> SyncMessage) {
        session = WCSession.isSupported() ? WCSession.default : nil
        self.receive = receive
        self.fullState = fullState
        super.init()
        session?.delegate = self
        session?.activate()
    }

    /// Sends one change.
    func send(_ message: SyncMessage) {
        guard let session, canReach(session) else { return }
        let data: Data
        do { data = try message.encoded() } catch {
            lastError = error.message
            return
        }
        if session.isReachable {
            // WatchConnectivity calls the error handler on its own queue: a closure made here
            // would be main-actor isolated and trap there, so it is @Sendable.
            session.sendMessageData(data, replyHandler: nil) { @Sendable _ in
                // Not delivered after all: let the system queue it.
                WCSession.default.transferUserInfo([TimerSyncLink.key: data])
            }
        } else {
            session.transferUserInfo([Self.key: data])
        }
    }

    /// Sends everything this side knows (tombstones included) as the application context.
    func sendFullState() {
        guard let session, canReach(session) else { return }
        let data: Data
        do { data = try fullState().encoded() } catch {
            lastError = error.message
            return
        }
        do {
            try session.updateApplicationContext([Self.key: data])
        } catch {
            // Refused (too large, say): the queued transfer takes any size.
            session.transferUserInfo([Self.key: data])
        }
    }

    private func canReach(_ session: WCSession) -> Bool {
        guard session.activationState == .activated else { return false }
        #if os(iOS)
        return session.isPaired && session.isWatchAppInstalled
        #else
        return true
        #endif
    }

    // MARK: WCSessionDelegate (called on a background queue)

    nonisolated func session(_ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState, error: (any Error)?) {
        guard activationState == .activated else { return }
        Task { @MainActor in self.sendFullState() }
    }

    nonisolated func session(_ session: WCSession, didReceiveMessageData messageData: Data) {
        deliver(messageData)
    }

    nonisolated func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any] = [:]) {
        deliver(userInfo[Self.key] as? Data)
    }

    nonisolated func session(_ session: WCSession, didReceiveApplicationContext applicationContext: [String: Any]) {
        deliver(applicationContext[Self.key] as? Data)
    }

    #if os(iOS)
    nonisolated func sessionDidBecomeInactive(_ session: WCSession) {}

    /// After the person switched to another watch: activate again for the new one.
    nonisolated func sessionDidDeactivate(_ session: WCSession) {
        session.activate()
    }
    #endif

    private nonisolated func deliver(_ data: Data?) {
        guard let data else { return }
        Task { @MainActor in
            // Inside a closure a plain `do` catches `any Error` (typed throws are not inferred
            // there): say the type, so `error.message` is SyncError's.
            do throws(SyncError) {
                self.receive(try SyncMessage(data: data))
                self.lastError = nil
            } catch {
                self.lastError = error.message
            }
        }
    }
}
