import Foundation

/// `tgt-bench smoke`: the ratios CI guards against regressions, small enough to take seconds on
/// a debug build: update decoding against the bare parse, `tgt templates list --json` against
/// `sqlite3`, and the chat directory against its floor. Prints one JSON object of ratios;
/// `Benchmarks/smoke.py` adds the one-tap send against `/api/status` and compares every ratio
/// with the figure recorded in `Benchmarks/smoke-figures.json`.
enum SmokeBench {
    static func run() async -> Int32 {
        var ratios: [String: Double] = [:]
        let (bare, typed) = DecodeBench.measure(DecodeBench.chatStream(), rounds: 3, runs: 5)
        ratios["decode_vs_bare_parse"] = typed / bare
        do {
            let store = try StoreBench.measure(count: 2_000, runs: 5)
            ratios["list_vs_sqlite3"] = store.tgt / store.sqlite
            let directory = try await DirectoryBench.oursAndFloor(chatCount: 200, runs: 3)
            ratios["directory_vs_floor"] = directory.ours / directory.floor
        } catch {
            note("tgt-bench smoke: \(error)")
            return 1
        }
        guard let data = try? JSONSerialization.data(withJSONObject: ratios, options: [.sortedKeys]) else { return 1 }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
        return 0
    }
}
