import Foundation
import TgtDomain
import TgtTelegram

extension LiveSession {
    /// Snippets while this session runs, until the task is cancelled: each message that arrives
    /// already sent (typed in another Telegram app, on any of the person's devices) goes to the
    /// `SnippetExpander`, one at a time, in order. Messages this process sends itself (a
    /// template's text, a trigger link's values, the dashboard's composer) never do: a value
    /// someone gave a trigger link must not become another template; once a minute while logged in and snippets are on, it notes that it is
    /// looking (Settings shows when it last did).
    public func watchForSnippets() async {
        let host = host
        let workspace = workspace
        let preview = preview
        let expander = SnippetExpander(
            store: workspace.store, clock: clock,
            render: { order in
                let messages = try preview.messages(for: order).messages
                guard let first = messages.first else { throw RenderError.noTargets }
                return first.formatted
            },
            place: { message in
                guard let session = await host.session else { return nil }
                return await SessionSnippetEdits(session: session).place(of: message)
            },
            edit: { chatID, messageID, text in
                guard let session = await host.session else { throw TelegramError.notLoggedIn }
                try await SessionSnippetEdits(session: session).edit(chatID: chatID, messageID: messageID, text: text)
            })
        let events = host.events.subscribe(replayingCurrent: false)
        let clock = clock
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in events {
                    guard case .chat(.newMessage(let message)) = event else { continue }
                    _ = await expander.handle(message)
                }
            }
            group.addTask {
                while !Task.isCancelled {
                    if let session = await host.session, session.authorizationState == .ready, (try? workspace.snippets.settings().isOn) == true {
                        try? workspace.snippets.noteCheck()
                    }
                    guard (try? await clock.sleep(for: 60)) != nil else { return }
                }
            }
            await group.next()
            group.cancelAll()
        }
    }
}
