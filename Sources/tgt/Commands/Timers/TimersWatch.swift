import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tgt timers watch`: a live countdown with a progress bar; rings the terminal bell and says
/// how it ended. Ctrl-C stops watching and leaves the timer running.
struct TimersWatch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "Watch a timer count down (the running one that ends first, if none is named).",
        discussion: """
            The countdown reads the timer from the store every second, so a pause, reset or +1 min \
            made elsewhere shows at once. At the end it rings the terminal bell and prints the \
            outcome; Ctrl-C stops watching and leaves the timer running (exit 130).

            Example:
              tgt timers watch Pasta
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String?

    func run() async throws {
        try await global.run {
            let workspace = try Timers.workspace(global)
            let id: UUID
            if let timer {
                id = try workspace.timers().resolve(timer).id
            } else {
                guard let first = try workspace.timers().all().filter(\.isRunning).min(by: { ($0.endsAt ?? .distantFuture) < ($1.endsAt ?? .distantFuture) }) else {
                    throw InputError("No timer is running.", next: "Start one with `tgt timers start NAME`, or name the timer to watch.")
                }
                id = first.id
            }
            if let first = try workspace.timers().timer(id: id), first.state == .idle {
                throw InputError("“\(first.name)” is not running.", next: "Start it with `tgt timers start \"\(first.name)\"`, then watch it.")
            }
            let interactive = isatty(STDOUT_FILENO) == 1 && !global.json
            let stopWatching = Self.onInterrupt { if interactive { global.console.raw("\n") } }
            defer { stopWatching.cancel() }
            var lastLine = ""
            while true {
                let now = global.clock.now
                try workspace.timers().settle(at: now)
                guard let current = try workspace.timers().timer(id: id) else { throw StoreError.timerNotFound(id.uuidString) }
                switch current.state {
                case .completed(let at):
                    if interactive { global.console.raw("\r\u{1B}[2K") }
                    try finish(current, line: "\u{07}\(current.icon.terminalGlyph)  “\(current.name)” is done (ended at \(TimerText.time(at))).", workspace: workspace)
                    return
                case .idle:
                    if interactive { global.console.raw("\r\u{1B}[2K") }
                    try finish(current, line: "“\(current.name)” was reset.", workspace: workspace)
                    return
                case .running, .paused:
                    let line = Self.bar(current, at: now)
                    if interactive, line != lastLine {
                        global.console.raw("\r\u{1B}[2K" + line)
                        lastLine = line
                    }
                }
                // Wake on the next whole second of the countdown.
                let remaining = current.remaining(at: now)
                let fraction = remaining - remaining.rounded(.down)
                let wait = current.isRunning ? (fraction > 0.001 ? fraction : 1) : 1
                try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000) + 5_000_000)
            }
        }
    }

    private func finish(_ timer: CountdownTimer, line: String, workspace: Workspace) throws {
        if global.json {
            global.console.emit(TimerJSON(timer, position: try workspace.timers().position(of: timer.id), now: workspace.clock.now))
        } else {
            global.console.line(line)
        }
    }

    /// "🍴  Pasta  11:59  [████░░░░░░░░░░░░░░░░]  42%" (PAUSED after the percentage when paused).
    static func bar(_ timer: CountdownTimer, at now: Date, width: Int = 20) -> String {
        let progress = timer.progress(at: now)
        let filled = Int((progress * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let percent = Int((progress * 100).rounded(.down))
        return "\(timer.icon.terminalGlyph)  \(timer.name)  \(timer.clockText(at: now))  [\(bar)]  \(percent)%" + (timer.stateLabel.map { "  \($0)" } ?? "")
    }

    /// Ctrl-C ends the watch quietly (the timer keeps running) with the shell's 130.
    static func onInterrupt(_ cleanup: @escaping @Sendable () -> Void) -> any DispatchSourceSignal {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            cleanup()
            OutputStream.standardError.write(Array("Stopped watching; the timer keeps running.\n".utf8))
            #if canImport(Glibc)
            Glibc.exit(130)
            #else
            Darwin.exit(130)
            #endif
        }
        source.resume()
        return source
    }
}
