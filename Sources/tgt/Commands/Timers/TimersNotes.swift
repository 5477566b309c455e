import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// `tgt timers notes`: shows or replaces a timer's notes (from an argument, a file, standard
/// input, or the user's editor).
struct TimersNotes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes", abstract: "Show or set a timer's notes (up to 10,000 characters).",
        discussion: """
            Examples:
              tgt timers notes Pasta
              tgt timers notes Pasta --set "Al dente: 2 min less than the packet says"
              tgt timers notes Pasta --file notes.md      (--file - reads standard input)
              tgt timers notes Pasta --edit               (opens $VISUAL or $EDITOR)
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String
    @Option(help: "The new notes (an empty string clears them).") var set: String?
    @Option(help: ArgumentHelp("Read the new notes from a file ('-' for standard input).", valueName: "path")) var file: String?
    @Flag(help: "Edit the notes in $VISUAL or $EDITOR.") var edit = false

    func run() async throws {
        try await global.run {
            guard [set != nil, file != nil, edit].filter({ $0 }).count <= 1 else { throw InputError("Give one of --set, --file and --edit.") }
            let workspace = try Timers.workspace(global)
            let t = try workspace.timers().resolve(timer)
            let text: String
            if let set {
                text = set
            } else if let file {
                text = try Self.read(file)
            } else if edit {
                text = try Self.editInEditor(t.notes, name: t.name)
            } else {
                if global.json {
                    global.console.emit(["notes": t.notes])
                } else {
                    global.console.line(t.notes.isEmpty ? "“\(t.name)” has no notes." : t.notes)
                }
                return
            }
            guard text.count <= CountdownTimer.maxNotesLength else {
                throw InputError("The notes are \(text.count) characters long; the most is \(CountdownTimer.maxNotesLength).")
            }
            let changed = try workspace.timers().change(t.id) { $0.notes = text }
            try TimerText.report(changed, global, workspace: workspace, verb: text.isEmpty ? "Cleared the notes of" : "Saved the notes of")
        }
    }

    static func read(_ path: String) throws -> String {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else { throw InputError("Cannot read \(path).") }
            data = contents
        }
        guard let text = String(data: data, encoding: .utf8) else { throw InputError("\(path == "-" ? "Standard input" : path) is not UTF-8 text.") }
        return text
    }

    /// Opens the notes in the user's editor on a private temporary file and reads them back.
    static func editInEditor(_ notes: String, name: String) throws -> String {
        guard Console.isInteractive else { throw InputError("--edit needs a terminal.", next: "Use --set or --file instead.") }
        let environment = ProcessInfo.processInfo.environment
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tgt-notes-\(UUID().uuidString).md")
        guard FileManager.default.createFile(atPath: file.path, contents: Data(notes.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw InputError("A temporary file for the notes could not be made.")
        }
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The editor may carry arguments ("code --wait"); the file is passed as "$1".
        process.arguments = ["-c", editor + " \"$1\"", "tgt-editor", file.path]
        do { try process.run() } catch { throw InputError("The editor (\(editor)) could not be started: \(error.localizedDescription).") }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw InputError("The editor (\(editor)) ended with status \(process.terminationStatus); the notes of “\(name)” were not changed.")
        }
        return try read(file.path)
    }
}
