import ArgumentParser
import Foundation
import TgtStore
import TgtTelegram

/// `tgt chats`: the groups and forum topics templates can target.
struct Chats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List your groups and forum topics (ids to use as template targets).",
        discussion: """
            Loads the chat list from Telegram and caches it; --cached shows the cache without \
            connecting. Channels and private chats are left out: templates post to groups.

            Examples:
              tgt chats
              tgt chats --search work
              tgt chats --cached --json
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: "Only chats (or topics) whose title contains this text.") var search: String?
    @Flag(help: "Show the cached list without connecting to Telegram.") var cached = false

    func run() async throws {
        try await global.run {
            let store = try global.openStore()
            if !cached, let dashboard = global.dashboard {
                global.console.note("Loading your chats from Telegram through the running dashboard (pid \(dashboard.descriptor.pid))…")
                try await dashboard.refreshChats()
            } else if !cached {
                try await SessionScope.with(global) { _, session in
                    global.console.note("Loading your chats from Telegram…")
                    try await ChatDirectory(session: session).refresh(into: store)
                }
            }
            let chats = try store.cachedChats(search: search)
            if global.json {
                global.console.emit(chats.map(ChatJSON.init))
                return
            }
            guard !chats.isEmpty else {
                global.console.line(search == nil ? "No groups found. (Only groups and non-channel supergroups can be targets.)" : "No chats match “\(search ?? "")”.")
                return
            }
            var table = Table(headers: ["TARGET", "TITLE", "MEMBERS"])
            for chat in chats {
                table.rows.append(["\(chat.id)", chat.title + (chat.isForum ? " (forum)" : ""), chat.memberCount > 0 ? "\(chat.memberCount)" : "?"])
                for topic in chat.topics { table.rows.append(["\(chat.id)/\(topic.id)", "  › \(topic.title)", ""]) }
            }
            global.console.line(table.render())
            global.console.line("\nUse a TARGET with `tgt templates add … --target TARGET`.")
        }
    }
}

/// A cached chat as `--json` prints it.
struct ChatJSON: Encodable {
    var id: Int64
    var kind: String
    var title: String
    var memberCount: Int
    var isForum: Bool
    var topics: [Topic]

    struct Topic: Encodable {
        var id: Int32
        var title: String
        var target: String
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, title, topics
        case memberCount = "member_count"
        case isForum = "is_forum"
    }

    init(_ chat: CachedChat) {
        id = chat.id
        kind = chat.kind.rawValue
        title = chat.title
        memberCount = chat.memberCount
        isForum = chat.isForum
        topics = chat.topics.map { Topic(id: $0.id, title: $0.title, target: "\(chat.id)/\($0.id)") }
    }
}
