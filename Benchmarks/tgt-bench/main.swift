import Foundation

// tgt-bench: the figures in BENCHMARKS.md. Every comparison runs its baseline in the same
// process and run, and reports ratios (this machine is shared and noisy).
//
//   swift run -c release tgt-bench [directory|decode|store|all]

let which = CommandLine.arguments.dropFirst().first ?? "all"
var report = BenchReport()
if which == "all" || which == "directory" { report.add(await DirectoryBench.run()) }
if which == "all" || which == "decode" { DecodeBench.run(into: &report) }
if which == "all" || which == "store" { StoreBench.run(into: &report) }
report.print()
