import Foundation
import TgtDomain
import TgtStore

/// 10,000 templates: `tgt templates list --json` against `sqlite3 -json` running the
/// equivalent query on the same file, both as fresh processes, with tgt's peak memory.
enum StoreBench {
    static let count = 10_000

    /// What one comparison measured: median wall times and the highest peak memory.
    struct Figures {
        var tgt: Double
        var sqlite: Double
        var tgtRSS: Int
        var sqliteRSS: Int
    }

    static func run(into report: inout BenchReport) {
        let figures: Figures
        do { figures = try measure(count: count, runs: 7) } catch { return report.add("Store", ["\(error)"]) }
        let o = figures.tgt, s = figures.sqlite
        report.add("Store: \(count) templates (2 targets each)", [
            "| command | median wall time (7 runs) | peak memory (max RSS) |",
            "|---|---|---|",
            "| `sqlite3 -json` (equivalent query, same file) | \(ms(s)) | \(figures.sqliteRSS) KiB |",
            "| `tgt templates list --json` | \(ms(o)) | \(figures.tgtRSS) KiB |",
            "",
            "tgt / sqlite3: **\(ratio(o / s))** (target ≤ 3×).",
        ])
    }

    /// A failed measurement, in words.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `tgt templates list --json` and `sqlite3 -json` on a store of `count` templates, `runs` times each.
    static func measure(count: Int, runs: Int) throws -> Figures {
        let tgt = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tgt").path
        guard FileManager.default.isExecutableFile(atPath: tgt) else {
            throw Failure(description: "tgt binary missing at \(tgt): build it with `swift build -c release --product tgt`")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-store-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let db = try AppDatabase.open(in: DataDirectory(url: folder), clock: SystemClock())
            let templates = (0..<count).map { i in
                Template(name: "Template \(i)", icon: TemplateIcon.allCases[i % 36],
                         body: "*Leaving* now 🚗 home by {{eta}} — note \(i)",
                         targets: [Target(chatID: -1_001_000_000_000 - Int64(i % 50), chatTitle: "Group \(i % 50)"),
                                   Target(chatID: -4000 - Int64(i % 7), topicID: i % 3 == 0 ? 11 : nil, chatTitle: "Team", topicTitle: i % 3 == 0 ? "Standups" : nil)],
                         sortOrder: i, createdAt: Date())
            }
            try db.importTemplates(try TemplateArchive(templates: templates, exportedAt: Date()).encoded())
        } catch {
            throw Failure(description: "could not build the database: \(error)")
        }
        let file = DataDirectory(url: folder).databaseFile.path
        let sql = """
            SELECT t.id, t.name, t.icon, t.body, t.location_mode, t.silent, t.sort_order, t.created_at_ms, t.updated_at_ms, \
            (SELECT json_group_array(json_object('chat_id', chat_id, 'topic_id', topic_id, 'title', chat_title)) \
            FROM template_target WHERE template_id = t.id ORDER BY position) AS targets \
            FROM template t ORDER BY t.sort_order, t.name
            """
        var env = ProcessInfo.processInfo.environment
        env["TGT_DATA_DIR"] = folder.path
        // Peak memory comes from GNU time: a child spawned straight from this process would
        // report this process's own high-water mark (Linux keeps it across exec).
        let rssFile = folder.appendingPathComponent("rss.txt").path
        var ours: [Double] = [], theirs: [Double] = [], rss: [Int] = [], sqliteRSS: [Int] = []
        for _ in 0..<runs {
            let a = runMeasured(["/usr/bin/time", "-f", "%M", "-o", rssFile, tgt, "templates", "list", "--json"], environment: env)
            let aRSS = Int((try? String(contentsOfFile: rssFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
            let b = runMeasured(["/usr/bin/time", "-f", "%M", "-o", rssFile, "/usr/bin/sqlite3", "-json", file, sql], environment: env)
            let bRSS = Int((try? String(contentsOfFile: rssFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
            guard a.status == 0, b.status == 0 else {
                throw Failure(description: "a command failed: tgt exit \(a.status), sqlite3 exit \(b.status)")
            }
            ours.append(a.seconds); theirs.append(b.seconds); rss.append(aRSS); sqliteRSS.append(bRSS)
        }
        return Figures(tgt: median(ours), sqlite: median(theirs), tgtRSS: rss.max() ?? 0, sqliteRSS: sqliteRSS.max() ?? 0)
    }
}
