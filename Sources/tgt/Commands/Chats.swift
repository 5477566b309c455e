import ArgumentParser
import Foundation
import TgtApplication

/// `tgt chats`: the chats and forum topics templates can target.
struct Chats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chats", abstract: "List the chats and forum topics templates can post to (ids to use as targets).",
        discussion: """
            Loads the chat list from Telegram and caches it; --cached shows the cache without \
            connecting. Your Saved Messages come first, then private chats, groups (with their \
            forum topics) and channels in Telegram's order. Chats you cannot post in are listed \
            with the reason, and refused as targets.

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
            let workspace = try global.workspace()
            if !cached { try await global.chatDirectory(workspace).refresh() }
            let chats = try workspace.cachedChats(search: search)
            if global.json {
                global.console.emit(chats.map(ChatJSON.init))
                return
            }
            guard !chats.isEmpty else {
                global.console.line(search == nil ? "No chats found." : "No chats match “\(search ?? "")”.")
                return
            }
            var table = Table(headers: ["TARGET", "TITLE", "ABOUT"])
            for chat in chats {
                table.rows.append([chat.canPost ? "\(chat.id)" : "—", chat.title, chat.summary])
                for topic in chat.topics { table.rows.append([chat.canPost ? "\(chat.id)/\(topic.id)" : "—", "  › \(topic.title)", "topic"]) }
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
    var canPost: Bool
    var cannotPostCode: String?
    var cannotPostReason: String?
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
        case canPost = "can_post"
        case cannotPostCode = "cannot_post_code"
        case cannotPostReason = "cannot_post_reason"
    }

    init(_ chat: CachedChat) {
        id = chat.id
        kind = chat.kind.rawValue
        title = chat.title
        memberCount = chat.memberCount
        isForum = chat.isForum
        canPost = chat.canPost
        cannotPostCode = chat.cannotPost?.rawValue
        cannotPostReason = chat.cannotPostReason
        topics = chat.topics.map { Topic(id: $0.id, title: $0.title, target: "\(chat.id)/\($0.id)") }
    }
}
