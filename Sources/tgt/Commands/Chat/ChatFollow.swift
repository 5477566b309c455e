import ArgumentParser
import Foundation
import TgtApplication

/// `tgt chat follow`: new messages from every chat as they arrive, for a terminal or a script.
struct ChatFollow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follow", abstract: "Print new messages from all your chats as they arrive.",
        discussion: """
            Prints each message other people send, in any chat, until Ctrl-C: "Family › Mum: …". \
            Muted chats are left out (Telegram's own settings: the chat's, else the default for \
            its kind) unless --include-muted. With --json each message is a line of JSON \
            (chat_id, chat_title, is_muted, message).
            """)
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Also print messages from muted chats.") var includeMuted = false

    func run() async throws {
        try await global.run {
            // Ctrl-C ends following with the shell's 130 (a session of our own is closed first).
            let interrupts = InterruptHandler(message: "Stopped following.") {}
            defer { interrupts.cancel() }
            try await global.withChats { access in
                // Said (on stderr, with --json too) once nothing arriving from then on is missed:
                // a script may wait for it before it sends.
                let console = global.console
                let note = "Following all chats\(includeMuted ? "" : " (muted ones left out)"); Ctrl-C to stop."
                do {
                    for try await item in access.followAll(includeMuted: includeMuted, ready: { console.note(note) }) {
                        if global.json {
                            JSONLine.write(item, global)
                        } else {
                            let lines = ChatTerminal.lines(for: item.message)
                            for (index, line) in lines.enumerated() {
                                global.console.line(index == lines.count - 1 ? "\(ChatTerminal.clean(item.chatTitle)) › \(line)" : line)
                            }
                        }
                    }
                } catch {
                    // Stopping for Ctrl-C closes the session under the loop: wait for the exit.
                    if InterruptHandler.isInterrupting { try? await Task.sleep(nanoseconds: 30_000_000_000) }
                    throw error
                }
            }
        }
    }
}
