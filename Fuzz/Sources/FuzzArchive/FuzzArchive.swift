import Foundation
import FuzzSupport
import TgtDomain
import TgtStore

/// A template the store already holds when the fuzzed archive arrives, so imports meet both
/// replaced ids and name clashes with templates that stay.
let resident = Template(
    id: UUID(uuid: (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)), name: "Arrived",
    body: "Here {{location}}", targets: [Target(chatID: -5, chatTitle: "Family")],
    locationMode: .mapLink, createdAt: Date(timeIntervalSince1970: 1_700_000_000))

/// A second archive imported after a successful one: one new template, so the store has to
/// place it after whatever sort order the fuzzed archive left.
let followerID = UUID(uuid: (2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2))
let follower: Data = {
    let t = Template(id: followerID, name: "Follower zz9",
                     body: "Later", createdAt: Date(timeIntervalSince1970: 1_700_000_000))
    do { return try TemplateArchive(templates: [t], exportedAt: FixedClock().now).encoded() } catch { fatalError("cannot encode the follower archive: \(error)") }
}()

/// The fuzz run's clock: a fixed moment, so no row a run writes depends on the wall clock.
struct FixedClock: AppClock {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    func sleep(until deadline: Date) async throws {}
}

/// The stores, made (and migrated) once and emptied for each input: a fresh in-memory
/// database per input would spend most of the time in migrations.
let mainStore = makeStore()
let copyStore = makeStore()

func makeStore() -> AppDatabase {
    do { return try AppDatabase.inMemory(clock: FixedClock()) } catch { fatalError("cannot open an in-memory store: \(error)") }
}

/// `db` emptied, then holding `resident` or nothing.
func reset(_ db: AppDatabase, withResident: Bool) -> AppDatabase {
    do {
        for t in try db.templates() { try db.deleteTemplate(id: t.id) }
        if withResident { _ = try db.insert(resident) }
    } catch {
        fatalError("cannot reset the in-memory store: \(error)")
    }
    return db
}

func templates(_ db: AppDatabase) -> [Template] {
    do { return try db.templates() } catch {
        check(false, "templates() failed: \(error)")
        return []
    }
}

/// The pure decoder: what it accepts re-encodes to an archive that decodes to the same templates.
func checkDecode(_ data: Data) {
    guard let (_, decoded) = try? TemplateArchive.decode(data) else { return }
    do {
        let again = try TemplateArchive.decode(try TemplateArchive(templates: decoded, exportedAt: FixedClock().now).encoded()).1
        check(again == decoded, "decode → encode → decode changed the templates")
    } catch {
        check(false, "a decoded archive does not re-encode and decode: \(error)")
    }
}

/// Either it imports, or it throws a StoreError (typed throws) and changes nothing.
/// An archive of even length goes into an empty store (where the archive sets the order), one
/// of odd length into a store holding `resident`.
func checkImport(_ data: Data) {
    let db = reset(mainStore, withResident: data.count % 2 == 1)
    let before = templates(db)
    let summary: ImportSummary
    do {
        summary = try db.importTemplates(data)
    } catch {
        check(!error.message.isEmpty, "an import error without a message")
        check(templates(db) == before, "a failed import (\(error.message)) changed the store")
        return
    }
    let after = templates(db)
    check(after.count == before.count + summary.added, "\(after.count) templates after adding \(summary.added) to \(before.count)")
    check(summary.updated <= before.count, "updated \(summary.updated) of \(before.count)")

    // What was imported exports and imports into an empty store as the same templates.
    do {
        let exported = try db.exportTemplates().encoded()
        let copy = reset(copyStore, withResident: false)
        try copy.importTemplates(exported)
        check(templates(copy) == after, "export → import into an empty store changed the templates")
    } catch {
        check(false, "an imported store does not round-trip: \(error)")
    }

    // A later insert and a later import of one more template still work.
    do {
        _ = try db.insert(Template(name: "Inserted zz8", body: "Later", createdAt: FixedClock().now))
    } catch {
        check(after.contains { TemplateValidator.fold($0.name) == TemplateValidator.fold("Inserted zz8") },
              "an insert after the import failed: \(error.message)")
    }
    let afterInsert = templates(db)
    let known = after.contains { $0.id == followerID }
    do {
        let next = try db.importTemplates(follower)
        check(next == (known ? ImportSummary(added: 0, updated: 1) : ImportSummary(added: 1, updated: 0)),
              "the follower import did \(next)")
        check(templates(db).count == afterInsert.count + (known ? 0 : 1), "the follower was not added")
    } catch {
        // Only a name clash with what the fuzzed archive brought in is a reason to refuse it.
        check(afterInsert.contains { TemplateValidator.fold($0.name) == TemplateValidator.fold("Follower zz9") },
              "a follow-up import failed: \(error.message)")
        check(templates(db) == afterInsert, "a failed follow-up import changed the store")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchive(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    checkDecode(bytes)
    checkImport(bytes)
    return 0
}
