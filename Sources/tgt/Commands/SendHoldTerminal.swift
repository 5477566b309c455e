import Foundation
import TgtApplication
import TgtDomain
#if canImport(Glibc)
import Glibc
#endif

/// `tgt send`'s undo hold on the terminal: which hold applies, the countdown while the send
/// waits (in place on a terminal, one line otherwise), and Ctrl-C taking it back.
struct SendHoldTerminal: Sendable {
    let global: GlobalOptions
    let templateName: String
    let targets: [String]

    /// Where this `tgt send` comes from: an interactive terminal (someone is there to press
    /// Ctrl-C), or a pipe, a script or `--json` (nobody is). `SendRules.hold(for:asked:)`
    /// decides the hold from it.
    static func source(_ global: GlobalOptions) -> SendSource {
        !global.json && isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 ? .terminal : .script
    }

    /// Whether the countdown is redrawn in place.
    var interactive: Bool { !global.json && isatty(STDERR_FILENO) == 1 }

    /// Makes a Ctrl-C that stops the command before the hold's countdown starts take back the
    /// send of `batch` too (its rows may be written as the command stops), so it is never left
    /// held for the next run to send.
    func arm(batch: UUID, sending: any TemplateSending) {
        HoldInterrupt.beforeExit { await undo(batch: batch, sending: sending, quiet: true) }
    }

    /// Shows a hold step; from the first on, Ctrl-C undoes the send instead of stopping.
    func show(batchID: String, secondsLeft: Int, first: Bool, sending: any TemplateSending) {
        let console = global.console
        let to = targets.joined(separator: ", ")
        if first, let batch = UUID(uuidString: batchID) {
            HoldInterrupt.set { await undo(batch: batch, sending: sending, quiet: false) }
            if !interactive { console.note("Holding “\(templateName)” for \(secondsLeft) s before sending to \(to): Ctrl-C (SIGINT) undoes it.") }
        }
        if interactive { console.status("⏳ Sending “\(templateName)” to \(to) in \(secondsLeft) s · Ctrl-C to undo") }
    }

    /// Takes the send back; `quiet`: as the command stops (nothing held is not worth a word).
    private func undo(batch: UUID, sending: any TemplateSending, quiet: Bool) async {
        let console = global.console
        do {
            switch try await sending.undo(batchID: batch) {
            case .undone, .alreadyUndone: break
            case .tooLate: console.note(interactive ? "\nToo late to undo: it is on its way to Telegram." : "Too late to undo: it is on its way to Telegram.")
            }
        } catch {
            if quiet { return }
            console.note("Could not undo: \((error as? any UserFacingError)?.message ?? "\(error)")")
        }
    }

    /// The hold is over (sent, undone or failed): Ctrl-C stops the command again.
    func end(wasShown: Bool) {
        HoldInterrupt.set(nil)
        HoldInterrupt.beforeExit(nil)
        if wasShown, interactive { global.console.status(nil) }
    }
}
