import Foundation
import Testing
@testable import TgtApplication
import TgtDomain
import TgtStore
import TgtTestSupport

/// Names and titles from other people (file names, chat titles, template names) through every
/// operation that compares, searches, sorts or cleans them: generated from many scripts and
/// hostile shapes (combining marks, scripts without case, right-to-left text, emoji sequences,
/// direction overrides, decomposed and unnormalised sequences, full-width letters), with a
/// fixed seed so a failure repeats. Each property must hold for every name, on Linux as on
/// macOS (none of these operations may reach what Foundation lacks on Linux).
@Suite("Hostile names and titles", .timeLimit(.minutes(2)))
struct HostileTextPropertyTests {
    /// Pieces names are made of: each a shape seen in real titles and file names.
    static let pieces: [String] = [
        "Élodie", "e\u{301}cole", "\u{301}start", "Ångström", "İstanbul", "ılık", "Straße", "STRASSE", "ǅemal",
        "Σίσυφος", "ΣΊΣΥΦΟΣ", "Москва", "МОСКВА", "ქართული", "日本語", "한국어", "中文文件", "עברית", "العربية",
        "\u{202E}gpj.exe", "\u{200F}rtl\u{200E}", "हिन्दी", "ภาษาไทย", "👨‍👩‍👧", "👍🏽", "🏳️‍🌈", "ｆｕｌｌｗｉｄｔｈ",
        "a\u{0}b", "tab\there", "new\nline", "..", ".", "/", "a/b", "\\", "~", "con", "  ", "%2F", "\u{FEFF}bom",
        "ﬁle", "Ⅻ", "x\u{336}\u{336}\u{336}", "\u{1F1EE}\u{1F1F9}", "z\u{200D}", "ß", "ǈ", "ﻻ", "Ꭰ",
    ]

    static func names(count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { index in
            let parts = (0..<Int.random(in: 1...4, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }
            return parts.joined(separator: Bool.random(using: &random) ? " " : "") + (index % 7 == 0 ? ".pdf" : "")
        }
    }

    @Test("a file name made safe: never empty, at most 200 bytes, no separator or NUL, never . or .., the same when made safe again")
    func safeFileNames() {
        for name in Self.names(count: 2_000, seed: 1) {
            let safe = SafeFileName.make(name, fallback: "file")
            #expect(!safe.isEmpty && safe.utf8.count <= SafeFileName.maxBytes, "\(name.debugDescription) → \(safe.debugDescription)")
            #expect(!safe.contains("/") && !safe.unicodeScalars.contains("\u{0}") && safe != "." && safe != "..", "\(name.debugDescription)")
            #expect(SafeFileName.make(safe, fallback: "file") == safe, "\(name.debugDescription) → \(safe.debugDescription)")
        }
    }

    @Test("search: every template is found by its own name and by its name's first characters; no needle crashes")
    func templateSearch() {
        let names = Self.names(count: 200, seed: 2)
        let templates = names.enumerated().map { Template(name: "\($0.offset) \($0.element)", body: $0.element, targets: []) }
        for template in templates {
            #expect(template.matches(search: template.name), "\(template.name.debugDescription)")
            let start = String(template.name.prefix(3))
            #expect(template.matches(search: start), "\(template.name.debugDescription) by \(start.debugDescription)")
        }
        // Every name against every template: only that nothing traps.
        var found = 0
        for needle in names.prefix(60) { found += templates.filter { $0.matches(search: needle) }.count }
        #expect(found >= 60)
    }

    @Test("sort: chat groups come out in one order whatever the input order, and the order is consistent")
    func groupSort() {
        let names = Self.names(count: 300, seed: 3)
        let templates = names.enumerated().map { index, title in
            Template(name: "T\(index)", body: "x", targets: [Target(chatID: -1_000_000 - Int64(index), chatTitle: title)])
        }
        var random = SeededRandom(seed: 4)
        let sorted = TemplateGroup.groups(of: templates)
        #expect(sorted.count == templates.count)
        for _ in 0..<5 { #expect(TemplateGroup.groups(of: templates.shuffled(using: &random)) == sorted) }
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            #expect(a.title.localizedStandardCompare(b.title) != .orderedDescending, "\(a.title.debugDescription) before \(b.title.debugDescription)")
        }
    }

    @Test("the chat directory: a search by a chat's own title finds it; a typed title picks the chat, or says it is ambiguous")
    func chatTitles() throws {
        let folder = try TestDirectory("hostile-titles")
        defer { folder.remove() }
        let workspace = try Workspace.open(DataDirectory(url: folder.url), clock: TestClock())
        let titles = Array(Set(Self.names(count: 150, seed: 5).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }))
        let chats = titles.enumerated().map { CachedChat(id: -2_000_000 - Int64($0.offset), kind: .basicGroup, title: $0.element, memberCount: 3) }
        try workspace.database.replaceChatDirectory(chats)
        for chat in chats {
            // A NUL is dropped as the title is kept (SQLite's text, read back, ends at one); the
            // rest of the title is kept whole and found by a search for it, NUL or not.
            let stored = try workspace.cachedChats().first { $0.id == chat.id }?.title
            let kept = chat.title.replacingOccurrences(of: "\u{0}", with: "")
            #expect(stored == kept, "\(chat.title.debugDescription): stored as \(stored.debugDescription)")
            #expect(try workspace.cachedChats(search: kept).contains { $0.id == chat.id }, "\(chat.title.debugDescription)")
        }
        let among = chats.map { (id: $0.id, title: $0.title) }
        for chat in chats {
            do {
                let picked = try ChatLookup.pick(chat.title, among: among)
                let title = try #require(chats.first { $0.id == picked }?.title)
                #expect(picked == chat.id || title.compare(chat.title, options: [.caseInsensitive]) == .orderedSame,
                        "\(chat.title.debugDescription) picked \(title.debugDescription)")
            } catch ChatError.ambiguous(_, let candidates) {
                #expect(candidates.count > 1, "\(chat.title.debugDescription)")
            }
        }
    }
}
