import Foundation
import Logging
import TgtDomain
import TgtStore
import TgtTelegram

extension LiveSession {
    /// Follow-ups while this session runs, until the task is cancelled: the session's reads,
    /// replies and deletions are kept on the follow-ups they concern, and a pass
    /// (`FollowUpRunner`) judges and acts at once, whenever the sends or follow-ups change in any
    /// process (a noted read or reply is such a change), at login, when the connection is
    /// ready, when the next one is due on the clock, and once a minute in case a signal was
    /// missed.
    /// Follow-ups a stopped process left acting are marked failed first.
    public func watchFollowUps() async {
        let host = host
        let store = workspace.store
        let clock = clock
        do { try store.settleInterruptedFollowUps() } catch {
            Logger(label: "tgt.follow-ups").error("could not settle interrupted follow-ups", metadata: ["error": "\(error)"])
        }
        /// The session's facts, on a logged-in session that has caught up with Telegram only
        /// (connection ready: the reads and messages that came while nothing ran have arrived).
        @Sendable func facts() async -> SessionFollowUpFacts? {
            guard let session = await host.session, session.authorizationState == .ready, session.connection.current == .ready else { return nil }
            return SessionFollowUpFacts(session: session, clock: clock)
        }
        let telegram = FollowUpRunner.Telegram(
            kind: { chatID in await facts()?.kind(of: chatID) },
            exists: { record in
                guard let messageID = record.messageID, let facts = await facts() else { return nil }
                return await facts.exists(chatID: record.chatID, messageID: messageID)
            },
            read: { record, kind in
                guard let messageID = record.messageID, let facts = await facts() else { return nil }
                return await facts.read(chatID: record.chatID, messageID: messageID, kind: kind)
            },
            reply: { record in
                guard let messageID = record.messageID, let facts = await facts() else { return nil }
                return await facts.reply(chatID: record.chatID, topicID: record.topicID, after: messageID, due: record.dueAt)
            },
            remind: { text in
                guard let session = await host.session else { throw TelegramError.notLoggedIn }
                let me = try await session.account()
                _ = try await ChatService(session: session, clock: clock).send(chatID: me.id, markdown: Renderer.escapeMarkdown(text))
            })
        let runner = FollowUpRunner(store: store, clock: clock, sending: sending, telegram: telegram, since: clock.now)
        let (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let events = host.events.subscribe(replayingCurrent: false)
        let changes = host.storeChanges.changes()
        let listeners = Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await event in events {
                        switch event {
                        case .chat(let chatEvent):
                            // What it changes on a follow-up moves the store, which signals.
                            runner.note(chatEvent)
                        case .login, .connection(.ready):
                            signal.yield()
                        default:
                            continue
                        }
                    }
                }
                group.addTask {
                    for await areas in changes where areas.contains(.scheduledSends) || areas.contains(.sends) { signal.yield() }
                }
                // Once a minute as well: a session that became ready before this listened, or
                // anything else missed, is caught within a minute.
                group.addTask {
                    while (try? await clock.sleep(for: 60)) != nil { signal.yield() }
                }
                await group.waitForAll()
            }
        }
        var alarm: Task<Void, Never>?
        var looked = Set<UUID>()
        defer {
            alarm?.cancel()
            listeners.cancel()
            signal.finish()
        }
        signal.yield()
        for await _ in signals {
            alarm?.cancel()
            if Task.isCancelled { break }
            guard let due = await runner.pass(looked: &looked) else { continue }
            alarm = Task { [clock] in
                do { try await clock.sleep(until: due) } catch { return }
                signal.yield()
            }
        }
    }
}
