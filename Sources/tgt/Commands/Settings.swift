import ArgumentParser
import Foundation
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
            if let defaultLocation {
                guard let coordinate = Coordinate(parsing: defaultLocation) else {
                    throw InputError("“\(defaultLocation)” is not a location.", next: "Write LAT,LON, e.g. 45.4642,9.19.")
                }
                try store.setDefaultLocation(coordinate)
            }
            if clearDefaultLocation { try store.setDefaultLocation(nil) }
            let location = try store.defaultLocation()
            if global.json {
                global.console.emit(["default_location": location?.description])
            } else {
                global.console.line("Default location: \(location.map { "\($0) (\($0.mapLink))" } ?? "none")")
            }
        }
    }
}
