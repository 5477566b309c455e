import Foundation

// tgt-bench: the figures in BENCHMARKS.md. Every comparison runs its baseline in the same
// process and run, and reports ratios (this machine is shared and noisy).
//
//   swift run -c release tgt-bench [startup|directory|decode|store|widget|render|timers|timers-list|chats|replies|series|all]   (or: soak [client cycles] [host cycles], or smoke: CI's ratios as JSON)

let which = CommandLine.arguments.dropFirst().first ?? "all"
if which == "widget-child" { exit(WidgetBench.child(Array(CommandLine.arguments.dropFirst(2)))) }
if which == "tdlib-open" { exit(await StartupBench.openChild(CommandLine.arguments.dropFirst(2).first ?? "")) }
if which == "smoke" { exit(await SmokeBench.run()) }
if which == "soak" { exit(await SoakBench.run(Array(CommandLine.arguments.dropFirst(2)))) }
var report = BenchReport()
if which == "all" || which == "startup" { report.add(StartupBench.run()) }
if which == "all" || which == "directory" { report.add(await DirectoryBench.run()) }
if which == "all" || which == "decode" { DecodeBench.run(into: &report) }
if which == "all" || which == "store" { StoreBench.run(into: &report) }
if which == "all" || which == "widget" { WidgetBench.run(into: &report) }
if which == "all" || which == "render" { RenderBench.run(into: &report) }
if which == "all" || which == "timers" { report.sections += await TimerBench.run() }
if which == "all" || which == "chats" { for section in await ChatBench.run() { report.add(section) } }
if which == "all" || which == "series" { report.add(await SeriesBench.run()) }
if which == "replies" { report.add(await ChatBench.repliesSection()) }
if which == "timers-list" { report.sections += TimerBench.runList() }
report.print()
