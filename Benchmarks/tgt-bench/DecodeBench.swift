import Foundation
import TgtTDLib

/// Update decoding: the receive loop's typed decoding (`TDIncoming`) against a bare
/// JSONSerialization parse of the same bytes.
enum DecodeBench {
    static func run(into report: inout BenchReport) {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures/tdlib-updates.jsonl")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            report.add("Update decoding", ["fixture missing: \(file.path) (scripts/record-tdlib-updates.py makes it)"])
            return
        }
        let recorded = text.split(separator: "\n").map { Data($0.utf8) }
        var lines: [String] = [
            "| stream | objects × rounds | bare JSONSerialization | typed TDIncoming | typed / bare |",
            "|---|---|---|---|---|",
        ]
        for (label, stream, rounds) in [("real libtdjson recording (start, options, auth, close)", recorded, 400),
                                        ("simulated chat list (updateNewChat, updateSupergroup, positions)", chatStream(), 40)] {
            let (b, t) = measure(stream, rounds: rounds, runs: 5)
            lines.append("| \(label) | \(stream.count) × \(rounds) | \(ms(b)) | \(ms(t)) | **\(ratio(t / b))** |")
        }
        lines.append("")
        lines.append("Target: typed decoding costs at most 2× the bare parse. Median of 5 runs each.")
        report.add("Update decoding", lines)
    }

    /// Median seconds of the bare parse and of the typed decoding of `stream`, `rounds` times.
    static func measure(_ stream: [Data], rounds: Int, runs: Int) -> (bare: Double, typed: Double) {
        var bare: [Double] = []
        var typed: [Double] = []
        for _ in 0..<runs {
            bare.append(seconds {
                for _ in 0..<rounds { for data in stream { _ = try? JSONSerialization.jsonObject(with: data) } }
            })
            let decoder = JSONDecoder()
            typed.append(seconds {
                for _ in 0..<rounds { for data in stream { _ = try? TDIncoming.decode(data, using: decoder) } }
            })
        }
        return (median(bare), median(typed))
    }

    /// Chat-list updates in the simulator's JSON (held to td_api.tl's names by the contract tests).
    static func chatStream() -> [Data] {
        var out: [Data] = []
        for i in 0..<1000 {
            let sg = 2_000_000_000 + i
            out.append(Data(#"{"@type":"updateSupergroup","supergroup":{"@type":"supergroup","id":\#(sg),"date":1700000000,"status":{"@type":"chatMemberStatusMember"},"member_count":\#(20 + i),"is_channel":false,"is_forum":\#(i % 10 == 0),"is_broadcast_group":false},"@client_id":1}"#.utf8))
            out.append(Data(#"{"@type":"updateNewChat","chat":{"@type":"chat","id":\#(-1_000_000_000_000 - sg),"type":{"@type":"chatTypeSupergroup","supergroup_id":\#(sg),"is_channel":false},"title":"Group \#(i) ✈️","positions":[],"unread_count":0,"view_as_topics":false},"@client_id":1}"#.utf8))
            out.append(Data(#"{"@type":"updateChatPosition","chat_id":\#(-1_000_000_000_000 - sg),"position":{"@type":"chatPosition","list":{"@type":"chatListMain"},"order":"\#(9_000_000 - i)","is_pinned":false},"@client_id":1}"#.utf8))
        }
        return out
    }
}
