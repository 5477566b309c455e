import ArgumentParser
import Foundation
import TgtApplication

/// `tgt chat folders`: the account's chat folders, as Telegram orders them, with unread counts.
struct ChatFolderList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folders", abstract: "Your chat folders with their unread chats.",
        discussion: """
            Open one with `tgt chat list --folder NAME`.

            Examples:
              tgt chat folders
              tgt chat list --folder Friends --unread
            """)
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run {
            let bar = try await global.withChats { access in try await access.folders() }
            if global.json {
                global.console.emit(bar)
                return
            }
            var table = Table(headers: ["ID", "FOLDER", "UNREAD CHATS"])
            var rows = bar.folders.map { ["\($0.id)", ChatTerminal.clean($0.name), Self.unread($0.unreadCount, unmuted: $0.unreadUnmutedCount)] }
            rows.insert(["", "All chats", Self.unread(bar.mainUnreadCount, unmuted: bar.mainUnreadUnmutedCount)], at: min(bar.mainPosition, rows.count))
            table.rows = rows
            global.console.line(table.render())
            if bar.folders.isEmpty { global.console.note("You have no chat folders: make them in a Telegram app.") }
        }
    }

    /// "3" or "3 (1 muted)"; empty for none.
    static func unread(_ count: Int, unmuted: Int) -> String {
        guard count > 0 else { return "" }
        return count == unmuted ? "\(count)" : "\(count) (\(count - unmuted) muted)"
    }
}
