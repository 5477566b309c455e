import Foundation
import Testing
import TgtDomain
import TgtStore
import TgtTestSupport

/// Arriving and leaving through the real `tgt` binary: `--place` sets the rule the iPhone app
/// watches, `show` and `--json` say it, `--no-place` removes it, and bad rules change nothing.
@Suite("tgt templates --place")
struct PlaceCLITests {
    let dir: TestDirectory
    init() throws { dir = try TestDirectory("cli-place") }

    func tgt(_ args: String...) async throws -> TgtBinary.Result { try await TgtBinary.run(args, dataDir: dir.path) }

    @Test("add with a place, show it, change radius and window alone, list --json matches show --json, remove it")
    func lifecycle() async throws {
        defer { dir.remove() }
        let added = try await tgt("templates", "add", "--name", "Arrived", "--body", "Home 🏠", "--place", "arrive:Home@45.4642,9.19")
        #expect(added.status == 0, "\(added.stderr)")
        await #expect(try tgt("templates", "show", "Arrived").stdout.contains(
            "place:     Arriving at Home (150 m), at most once an hour, at 45.464200,9.190000 (the iPhone app sends it)"))
        await #expect(try tgt("templates", "edit", "Arrived", "--place-radius", "300", "--place-window", "720").status == 0)
        let shown = try await JSONSerialization.jsonObject(with: Data(tgt("templates", "show", "Arrived", "--json").stdout.utf8)) as? NSDictionary
        let place = shown?["place"] as? [String: Any]
        #expect(place?["radius"] as? Int == 300 && place?["window_minutes"] as? Int == 720)
        #expect(place?["summary"] as? String == "Arriving at Home (300 m), at most once every 12 hours")
        let listed = try await JSONSerialization.jsonObject(with: Data(tgt("templates", "list", "--json").stdout.utf8)) as? [NSDictionary]
        #expect(listed?.first == shown, "the list's hand-written JSON says what show's encoder says")
        await #expect(try tgt("templates", "edit", "Arrived", "--place", "leave:Office@45.4781,9.2252").status == 0)
        let store = try AppDatabase.open(in: DataDirectory(url: dir.url), clock: TestClock())
        #expect(try store.templates().first?.place == PlaceRule(crossing: .leave, center: try #require(Coordinate(latitude: 45.4781, longitude: 9.2252)),
                                                                radius: 300, placeName: "Office", windowMinutes: 720))
        await #expect(try tgt("templates", "edit", "Arrived", "--no-place").status == 0)
        #expect(try store.templates().first?.place == nil)
        await #expect(!(try tgt("templates", "show", "Arrived").stdout.contains("place:")))
    }

    @Test("bad rules exit 2 with a reason and change nothing", arguments: [
        (["--place", "arrive:Home"], "--place is arrive:NAME@LAT,LON"),
        (["--place", "teleport:Home@45,9"], "--place is arrive:NAME@LAT,LON"),
        (["--place", "arrive:Home@95,9"], "is not a place"),
        (["--place", "arrive:Home@45,9", "--place-radius", "20"], "The radius is 20 m"),
        (["--place", "arrive:@45,9"], "Name the place"),
        (["--place-window", "30"], "need a place"),
        (["--place", "arrive:Home@45,9", "--no-place"], "not both"),
    ])
    func refused(arguments: [String], message: String) async throws {
        defer { dir.remove() }
        await #expect(try tgt("templates", "add", "--name", "Arrived", "--body", "Home").status == 0)
        let before = try await tgt("templates", "export").stdout.split(separator: "\n").filter { !$0.contains("exported_at") }
        let result = try await TgtBinary.run(["templates", "edit", "Arrived"] + arguments, dataDir: dir.path)
        #expect(result.status == 2)
        #expect((result.stderr + result.stdout).contains(message), "\(result.stderr)")
        await #expect(try tgt("templates", "export").stdout.split(separator: "\n").filter { !$0.contains("exported_at") } == before)
    }
}
