import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

struct TemplatesRemove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Delete a template (its send history is kept).",
        discussion: "Example:\n  tgt templates rm \"Old template\" --yes")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Template name or id.") var template: String
    @Flag(help: "Do not ask for confirmation.") var yes = false

    func run() async throws {
        try await global.run {
            let workspace = try global.workspace()
            let t = try workspace.templates().resolve(template)
            if !yes {
                guard Console.isInteractive else { throw InputError("Refusing to delete “\(t.name)” without confirmation.", next: "Add --yes.") }
                guard global.console.ask("Delete “\(t.name)”? [y/N]")?.lowercased().hasPrefix("y") == true else {
                    global.console.line("Kept “\(t.name)”.")
                    return
                }
            }
            try global.templates(workspace).delete(t.id)
            if global.json { global.console.emit(["deleted": t.id.uuidString]) } else { global.console.line("Deleted “\(t.name)”.") }
        }
    }
}

struct TemplatesDuplicate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "duplicate", abstract: "Copy a template (the copy goes right after it).",
                                                    discussion: "Example:\n  tgt templates duplicate \"Leaving work\"")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Template name or id.") var template: String

    func run() async throws {
        try await global.run {
            let workspace = try global.workspace()
            let copy = try global.templates(workspace).duplicate(try workspace.templates().resolve(template).id)
            if global.json { global.console.emit(TemplateJSON(copy, position: try workspace.templates().position(of: copy.id))) } else { global.console.line("Created “\(copy.name)”.") }
        }
    }
}

struct TemplatesMove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: "Move a template to a position in the grid (1 is first).",
                                                    discussion: "Example:\n  tgt templates move \"Leaving work\" --to 1")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Template name or id.") var template: String
    @Option(help: "New position, from 1.") var to: Int

    func validate() throws {
        guard to >= 1 else { throw ArgumentParser.ValidationError("--to must be 1 or more.") }
    }

    func run() async throws {
        try await global.run {
            let workspace = try global.workspace()
            let t = try workspace.templates().resolve(template)
            let position = try global.templates(workspace).move(t.id, to: to - 1)
            if global.json { global.console.emit(["id": t.id.uuidString, "position": "\(position)"]) } else {
                global.console.line("“\(t.name)” is now at position \(position).")
            }
        }
    }
}

struct TemplatesExport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export all templates as JSON (to a file or standard output).",
        discussion: "Examples:\n  tgt templates export backup.json\n  tgt templates export > backup.json")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Destination file (standard output when omitted).") var file: String?

    func run() async throws {
        try await global.run {
            let destination = try file.map(Self.checkedDestination)
            let workspace = try global.workspace()
            let archive = try workspace.templates().exportArchive()
            let data = try archive.encoded()
            if let file, let destination {
                do {
                    try TemplateService.write(data, to: destination)
                } catch {
                    throw StoreError.exportFailed("\(file) could not be written (\((error as? any UserFacingError)?.message ?? "\(error)"))")
                }
                let timers = archive.timers?.count ?? 0
                global.console.note("Exported \(archive.templates.count) templates\(timers > 0 ? " and \(timers) timers" : "") to \(file).")
            } else {
                global.console.raw(String(decoding: data, as: UTF8.self) + "\n")
            }
        }
    }
}

extension TemplatesExport {
    /// The export file, refused up front when it is a folder or its folder does not exist
    /// (otherwise the error would speak of the data folder).
    static func checkedDestination(_ path: String) throws -> URL {
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw InputError("The export destination \(path) is a folder.", next: "Give a file name, e.g. \(url.appendingPathComponent("templates.json").path).")
        }
        let parent = url.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw InputError("The folder for the export, \(parent.path), does not exist.", next: "Create it first, or export somewhere else.")
        }
        return url
    }
}

struct TemplatesImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import templates from an export file (all or nothing).",
        discussion: """
            Templates whose id already exists are replaced; the others are added. If any template in \
            the file is invalid, nothing is imported.

            Example:
              tgt templates import backup.json
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The export file ('-' for standard input).") var file: String

    func run() async throws {
        try await global.run {
            let data: Data
            if file == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                guard let read = FileManager.default.contents(atPath: file) else {
                    throw InputError("Cannot read \(file).", next: "Check the path and permissions.")
                }
                data = read
            }
            let workspace = try global.workspace()
            let summary = try workspace.templates().importArchive(data)
            if global.json { global.console.emit(summary) } else {
                let timers = summary.timersAdded + summary.timersUpdated > 0
                    ? "; timers: \(summary.timersAdded) added, \(summary.timersUpdated) replaced" : ""
                global.console.line("Imported: \(summary.added) added, \(summary.updated) replaced\(timers).")
            }
        }
    }
}
