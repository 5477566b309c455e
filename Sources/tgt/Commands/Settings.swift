import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain
import TgtStore

/// `tgt settings`: preferences kept in the database.
struct Settings: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show or change settings (the default location used when a send needs one).",
        discussion: """
            Examples:
              tgt settings
              tgt settings --default-location 45.4642,9.19
              tgt settings --clear-default-location
            """)

    @OptionGroup var global: GlobalOptions
    @Option(parsing: .unconditional, help: ArgumentHelp("Location used when a send needs one and none is given.", valueName: "lat,lon"))
    var defaultLocation: String?
    @Flag(help: "Forget the default location.") var clearDefaultLocation = false

    func run() async throws {
        try await global.run {
            let store = try global.openStore()
            if defaultLocation != nil, clearDefaultLocation {
                throw InputError("Give either --default-location or --clear-default-location.")
            }
            let settings = SettingsService(store: store)
            if let defaultLocation {
                guard !defaultLocation.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw InputError("--default-location needs a location.", next: "Write LAT,LON, e.g. 45.4642,9.19; --clear-default-location forgets it.")
                }
                try settings.setDefaultLocation(typed: defaultLocation)
            }
            if clearDefaultLocation { try settings.setDefaultLocation(typed: "") }
            let location = try store.defaultLocation()
            if global.json {
                global.console.emit(["default_location": location?.description])
            } else {
                global.console.line("Default location: \(location.map { "\($0) (\($0.mapLink))" } ?? "none")")
            }
        }
    }
}
