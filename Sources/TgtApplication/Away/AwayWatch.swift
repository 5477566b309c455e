import Foundation
import TgtDomain
import TgtTelegram

extension LiveSession {
    /// Away replies while this session runs, until the task is cancelled: every new message
    /// the session sees goes to the `AwayResponder`, one at a time, in order; at the login and
    /// once a minute while logged in it notes that it is looking (Settings shows when it last
    /// did), and it tells TDLib that this client is not the person being online, so "only while
    /// no app of yours is online" sees the person's own apps.
    public func watchForAwayReplies() async {
        let host = host
        let workspace = workspace
        let clock = clock
        let responder = AwayResponder(
            workspace: workspace, sending: sending,
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
                    switch event {
                    case .chat(.newMessage(let message)):
                        _ = await responder.handle(message)
                    case .login(.ready):
                        // Logged in: it looks from now on, so Settings says so at once rather
                        // than at the next minute's mark.
                        try? workspace.away.noteCheck()
                    default:
                        continue
                    }
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
            // Both run until cancelled (the events end only at shutdown).
            await group.next()
            group.cancelAll()
        }
    }
}
