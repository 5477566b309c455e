import ArgumentParser
import Foundation
import TgtApplication

/// `tgt chat`: the core of a Telegram client in the terminal — the chat list, reading a
/// conversation (and following it live), sending, replying, editing, deleting, searching.
struct Chat: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat", abstract: "Read and answer your Telegram chats.",
        discussion: """
            CHAT is a chat id, an @username, the exact title, or the start of a title that only \
            one chat has ("Fam" for Family). Text is Markdown, as in templates: *bold*, _italic_, \
            `code`, [link](https://…).

            Examples:
              tgt chat list --unread
              tgt chat read Family --limit 20
              tgt chat read Family --follow --mark-read
              tgt chat follow --json
              tgt chat send Family "Leaving now 🚗" --reply-to 42991616
              tgt chat react Family 42991616 👍
              tgt chat forward Family 42991616 --to Alice
              tgt chat pin Family 42991616
              tgt chat info Family --members
              tgt chat folders
              tgt chat list --folder Friends
              tgt chat contacts --search ali
              tgt chat start @alice_m
              tgt chat add-contact Dmitri --first-name Dmitri --last-name Volkov
              tgt chat search "dinner"
              tgt chat download Family 42991616 --to ~/Downloads
            """,
        subcommands: [ChatList.self, ChatRead.self, ChatFollow.self, ChatSend.self, ChatEdit.self, ChatDelete.self, ChatReact.self, ChatForward.self, ChatPin.self, ChatUnpin.self,
                      ChatPinned.self, ChatDraft.self, ChatInfo.self, ChatFolderList.self, ChatContacts.self, ChatStart.self, ChatAddContact.self, ChatDownload.self, ChatCache.self,
                      ChatSearch.self])
}

struct ChatList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Your chats, most recent first, with unread counts.")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Only chats with unread messages.") var unread = false
    @Option(help: "Only chats whose title or @username contains this text (asks Telegram's servers when no known chat matches).")
    var search: String?
    @Flag(help: "The archive instead of the main list.") var archive = false
    @Option(help: "The chats of this folder (its name or id; `tgt chat folders` lists them).") var folder: String?
    @Option(help: "At most this many chats (default: all).") var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if archive, folder != nil { throw ValidationError("Give --archive or --folder, not both.") }
    }

    func run() async throws {
        try await global.run {
            let chats = try await global.withChats { access in
                var list: ChatListKind = archive ? .archive : .main
                if let folder { list = .folder(try await access.folders().folder(named: folder).id) }
                return Array(try await access.list(list, unreadOnly: unread, search: search).prefix(limit ?? .max))
            }
            if global.json {
                global.console.emit(chats)
                return
            }
            guard !chats.isEmpty else {
                global.console.line(unread ? "No unread chats." : search != nil ? "No chat matches “\(search ?? "")”." : "No chats.")
                return
            }
            var table = Table(headers: ["ID", "CHAT", "UNREAD", "LAST MESSAGE"])
            for chat in chats {
                var title = ChatTerminal.clean(chat.title)
                if chat.isPinned { title = "📌 " + title }
                if chat.isMuted { title += " 🔕" }
                if !chat.canWrite { title += " (read-only)" }
                var unreadText = chat.unreadCount > 0 ? "\(chat.unreadCount)" : (chat.isMarkedAsUnread ? "•" : "")
                if chat.unreadMentionCount > 0 { unreadText += " @\(chat.unreadMentionCount)" }
                var last = ""
                if let typing = chat.typing {
                    last = ChatTerminal.clean(typing)
                } else if let draft = chat.draft {
                    last = "Draft: " + MessageText.shorten(ChatTerminal.clean(draft), to: 60)
                } else if let message = chat.lastMessage {
                    let who = message.isOutgoing ? "You" + (message.isRead ? " ✓✓" : " ✓") : message.senderName
                    last = "\(ChatTerminal.shortDate(message.date, now: global.clock.now))  " + (who.map { "\(ChatTerminal.clean($0)): " } ?? "")
                        + MessageText.shorten(ChatTerminal.clean(message.text), to: 60)
                }
                table.rows.append(["\(chat.id)", title, unreadText, last])
            }
            global.console.line(table.render())
        }
    }
}
