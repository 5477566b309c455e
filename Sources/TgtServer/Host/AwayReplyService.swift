import Foundation
import Logging
import ServiceLifecycle
import TgtApplication
import TgtTelegram

extension Dashboard {
    /// Sending through the dashboard's Telegram session, now and on Telegram's schedule.
    var sending: SendService {
        SendService(workspace: workspace, onSession: { [host] request, work in try await host.withSender(request, work) },
                    schedule: { [host] request, date in
                        guard let keeper = await host.scheduleKeeper else { throw TelegramError.notLoggedIn }
                        return try await keeper.scheduleLater(request, at: date)
                    })
    }
}

/// Away replies while `tgt serve` runs: every new message the session sees goes to the
/// `AwayResponder`, one at a time, in order; once a minute while logged in it notes that it is
/// looking (Settings shows when it last did), and it tells TDLib that this client is not the
/// person being online, so "only while no app of yours is online" sees the person's own apps.
struct AwayReplyService: Service {
    let dashboard: Dashboard
    private let logger = Logger(label: "tgt.away")

    init(dashboard: Dashboard) {
        self.dashboard = dashboard
    }

    func run() async throws {
        let host = dashboard.host
        let workspace = dashboard.workspace
        let clock = host.clock
        let responder = AwayResponder(
            workspace: workspace, sending: dashboard.sending,
            facts: { message in
                guard let session = await host.session else { return nil }
                return await SessionAwayFacts(session: session, clock: clock).incoming(message)
            },
            ownAppsOnline: { now in
                guard let session = await host.session else { return false }
                return await SessionAwayFacts(session: session, clock: clock).ownAppsOnline(now: now)
            })
        let events = host.events.subscribe(replayingCurrent: false)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in events {
                    guard case .chat(.newMessage(let message)) = event else { continue }
                    _ = await responder.handle(message)
                }
            }
            group.addTask {
                var marked: ObjectIdentifier?
                while !Task.isCancelled {
                    if let session = await host.session, session.authorizationState == .ready {
                        if marked != ObjectIdentifier(session) {
                            marked = ObjectIdentifier(session)
                            await SessionAwayFacts(session: session, clock: clock).stayOffline()
                        }
                        try? workspace.away.noteCheck()
                    }
                    guard (try? await clock.sleep(for: 60)) != nil else { return }
                }
            }
            try? await gracefulShutdown()
            group.cancelAll()
        }
    }
}
