import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// `tgt settings`: preferences kept in the database.
struct Settings: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "Show or change settings (the default location used when a send needs one, the undo hold).",
        discussion: """
            Examples:
              tgt settings
              tgt settings --default-location 45.4642,9.19
              tgt settings --clear-default-location
              tgt settings --undo-hold 10
              tgt settings --undo-hold 0
            """)

    @OptionGroup var global: GlobalOptions
    @Option(parsing: .unconditional, help: ArgumentHelp("Location used when a send needs one and none is given.", valueName: "lat,lon"))
    var defaultLocation: String?
    @Flag(help: "Forget the default location.") var clearDefaultLocation = false
    @Option(help: ArgumentHelp("Seconds a send from a terminal or a tap waits, undoable, before it goes out (0–30; 0 sends at once).", valueName: "seconds"))
    var undoHold: String?

    struct SettingsJSON: Encodable {
        var defaultLocation: String?
        var undoHold: Int
        enum CodingKeys: String, CodingKey {
            case defaultLocation = "default_location", undoHold = "undo_hold"
        }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(defaultLocation, forKey: .defaultLocation)
            try c.encode(undoHold, forKey: .undoHold)
        }
    }

    func run() async throws {
        try await global.run {
            let workspace = try global.workspace()
            if defaultLocation != nil, clearDefaultLocation {
                throw InputError("Give either --default-location or --clear-default-location.")
            }
            let settings = workspace.settings
            if let defaultLocation {
                guard !defaultLocation.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw InputError("--default-location needs a location.", next: "Write LAT,LON, e.g. 45.4642,9.19; --clear-default-location forgets it.")
                }
                try settings.setDefaultLocation(typed: defaultLocation)
            }
            if clearDefaultLocation { try settings.setDefaultLocation(typed: "") }
            if let undoHold { try settings.setUndoHold(typed: undoHold) }
            let location = try workspace.settings.defaultLocation()
            let hold = try settings.undoHold()
            if global.json {
                global.console.emit(SettingsJSON(defaultLocation: location?.description, undoHold: hold.seconds))
            } else {
                global.console.line("Default location: \(location.map { "\($0) (\($0.mapLink))" } ?? "none")")
                global.console.line("Undo hold: \(hold.isOff ? "off (sends go out at once)" : "\(hold.seconds) s")")
            }
        }
    }
}
