import ArgumentParser
import Foundation
import TgtApplication

/// `tgt chat info`: a person's, group's or channel's profile, and a group's members.
struct ChatInfo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "A person's, group's or channel's profile (and a group's members).",
        discussion: """
            Examples:
              tgt chat info Alice
              tgt chat info Family --members
              tgt chat info Work --members --offset 50
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The chat (or a person's user id).") var chat: String
    @Flag(help: "List the group's members too.") var members = false
    @Option(help: "Members from this position (the previous page's next offset).") var offset = 0
    @Option(help: "At most this many members (1–200, default 50).") var limit = 50

    func run() async throws {
        try await global.run {
            let (profile, page) = try await global.withChats { access in
                let id = try await Self.chatID(chat, access: access)
                let profile = try await access.profile(chatID: id)
                return (profile, members ? try await access.members(chatID: id, offset: offset, limit: limit) : nil)
            }
            if global.json {
                struct Info: Encodable {
                    var profile: ChatProfile
                    var members: MemberPage?
                }
                global.console.emit(Info(profile: profile, members: page))
                return
            }
            for line in Self.lines(profile) { global.console.line(line) }
            guard let page else { return }
            global.console.line("")
            global.console.line("Members (\(page.totalCount)):")
            var table = Table(headers: ["ID", "NAME", "ROLE", "LAST SEEN"])
            for member in page.members {
                table.rows.append(["\(member.userID)", ChatTerminal.clean(member.name) + (member.username.map { " @" + ChatTerminal.clean($0) } ?? ""),
                                   member.role, member.status ?? ""])
            }
            global.console.line(table.render())
            if let next = page.nextOffset { global.console.note("More: tgt chat info \(profile.chatID) --members --offset \(next)") }
        }
    }

    /// A chat as `tgt chat` finds it, or a person's user id (a group member without a chat yet).
    static func chatID(_ query: String, access: any ChatAccess) async throws -> Int64 {
        do {
            return try await access.resolve(query).id
        } catch ChatError.chatNotFound(let what) {
            guard let id = Int64(query.trimmingCharacters(in: .whitespaces)), id > 0 else { throw ChatError.chatNotFound(what) }
            return id
        }
    }

    static func lines(_ p: ChatProfile) -> [String] {
        var out = [ChatTerminal.clean(p.title) + (p.username.map { "  @" + ChatTerminal.clean($0) } ?? "")]
        var facts: [String] = [p.kind.rawValue]
        if let status = p.status { facts.append(status) }
        if let count = p.memberCount { facts.append("\(count) \(p.kind == .channel ? "subscribers" : "members")") }
        out.append(facts.joined(separator: " · "))
        if let about = p.about { out.append(""); out.append(contentsOf: ChatTerminal.clean(about).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)) }
        out.append("")
        if let phone = p.phone { out.append("Phone: \(ChatTerminal.clean(phone))") }
        if let groups = p.groupsInCommon, groups > 0 { out.append("Groups in common: \(groups)") }
        out.append("Shared: \(p.media.photosAndVideos) photos and videos · \(p.media.files) files · \(p.media.links) links · \(p.media.voiceMessages) voice messages")
        out.append("ID: \(p.chatID)")
        return out
    }
}
