import Foundation
import TgtAppModel
import TgtApplication
import TgtDomain
import TgtStore

/// A widget extension's work: open the shared store and build the small, medium and large
/// snapshots, with 10,000 templates in the store. Peak memory of a fresh process doing that,
/// against the same binary only opening the store (the floor), and iOS's ~30 MB limit.
enum WidgetBench {
    static let count = 10_000

    /// The child process: `tgt-bench widget-child FILE snapshot|open`.
    static func child(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2 else { return 64 }
        do {
            let file = URL(fileURLWithPath: arguments[0])
            let workspace = try Workspace.openShared(at: file, in: DataDirectory(url: file.deletingLastPathComponent()), clock: SystemClock())
            if arguments[1] == "snapshot" {
                var items = 0
                for family in WidgetSnapshot.Family.allCases { items += try WidgetSnapshot.make(from: workspace, family: family, now: workspace.clock.now).items.count }
                return items == 13 ? 0 : 1
            }
            return try workspace.templatesRevision() > 0 ? 0 : 1
        } catch {
            return 2
        }
    }

    static func run(into report: inout BenchReport) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-widget-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("shared.sqlite")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let db = try AppDatabase.open(at: file, clock: SystemClock(), shared: true)
            let templates = (0..<count).map { i in
                Template(name: "Template \(i)", icon: TemplateIcon.allCases[i % 36], body: "Leaving now 🚗 note \(i)",
                         targets: [Target(chatID: -1_001_000_000_000 - Int64(i % 50), chatTitle: "Group \(i % 50)")], sortOrder: i, createdAt: Date())
            }
            try db.importTemplates(try TemplateArchive(templates: templates, exportedAt: Date()).encoded())
        } catch {
            report.add("Widget snapshot", ["could not build the database: \(error)"])
            return
        }
        let rssFile = folder.appendingPathComponent("rss.txt").path
        let me = CommandLine.arguments[0]
        func measure(_ mode: String) -> (Double, Int, Int32) {
            let run = runMeasured(["/usr/bin/time", "-f", "%M", "-o", rssFile, me, "widget-child", file.path, mode], environment: [:])
            let rss = Int((try? String(contentsOfFile: rssFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
            return (run.seconds, rss, run.status)
        }
        var snapshot: [(Double, Int)] = [], floor: [(Double, Int)] = []
        for _ in 0..<7 {
            let a = measure("snapshot"), b = measure("open")
            guard a.2 == 0, b.2 == 0 else {
                report.add("Widget snapshot", ["a child failed: snapshot exit \(a.2), open exit \(b.2)"])
                return
            }
            snapshot.append((a.0, a.1))
            floor.append((b.0, b.1))
        }
        let rss = snapshot.map(\.1).max() ?? 0, floorRSS = floor.map(\.1).max() ?? 0
        let time = median(snapshot.map(\.0)), floorTime = median(floor.map(\.0))
        report.add("Widget snapshot: \(count) templates in the shared store", [
            "| process | median wall time (7 runs) | peak memory (max RSS) |",
            "|---|---|---|",
            "| open the store only (floor) | \(ms(floorTime)) | \(floorRSS) KiB |",
            "| open + small, medium and large snapshots | \(ms(time)) | \(rss) KiB |",
            "",
            "Snapshots add \(rss - floorRSS) KiB over the floor (\(ratio(Double(rss) / Double(max(floorRSS, 1))))); "
                + "the whole process peaks at \(String(format: "%.1f", Double(rss) / 1024)) MiB against the ~30 MB widget limit.",
        ])
    }
}
