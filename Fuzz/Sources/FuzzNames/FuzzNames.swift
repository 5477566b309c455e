import Foundation
import FuzzSupport
import TgtDomain
import TgtMediaSaver

/// Where each input's download folder is made, once per process.
let base: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tgt-fuzz-names-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}()

/// What already holds the wanted name in the folder.
enum Occupant: UInt8, CaseIterable {
    case none, file, danglingLink, folder
}

/// A file named by someone else (the input after its first byte) saved into a folder where its
/// name may already be taken (the first byte: what holds it, and whether the drive has hard
/// links): it lands in that folder, under the safe name or the next free one, whole; what held
/// the name is untouched; no temporary file is left; nothing traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNames(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let hardLinks = data[0] & 1 == 0
    let occupant = Occupant(rawValue: (data[0] >> 1) % UInt8(Occupant.allCases.count)) ?? .none
    let name = text(data + 1, size - 1)
    let fm = FileManager.default
    let folder = base.appendingPathComponent("folder")
    try? fm.removeItem(at: folder)
    guard (try? fm.createDirectory(at: folder, withIntermediateDirectories: false)) != nil else { return 0 }
    let safe = SafeFileName.make(name)
    check(safe.utf8.count <= SafeFileName.maxBytes, "a safe name of \(safe.utf8.count) bytes")
    let held = folder.appendingPathComponent(safe)
    switch occupant {
    case .none: break
    case .file: check((try? Data("old".utf8).write(to: held)) != nil, "could not make the occupant \(escaped(safe))")
    case .danglingLink: check((try? fm.createSymbolicLink(atPath: held.path, withDestinationPath: base.appendingPathComponent("nowhere").path)) != nil, "could not make the link")
    case .folder: check((try? fm.createDirectory(at: held, withIntermediateDirectories: false)) != nil, "could not make the folder")
    }
    let temporary = folder.appendingPathComponent(".tgt-download-fuzz")
    check((try? Data("new".utf8).write(to: temporary)) != nil, "could not write the temporary file")
    let placed: URL
    do {
        placed = try MediaSaver.place(temporary, name: name, in: folder, hardLinks: hardLinks)
    } catch {
        check(false, "\(escaped(name)) refused: \(error.message)")
        return 0
    }
    check(placed.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path, "\(escaped(placed.path)) is outside the folder")
    check((placed.lastPathComponent == safe) == (occupant == .none), "\(escaped(safe)) with \(occupant) became \(escaped(placed.lastPathComponent))")
    check(fm.contents(atPath: placed.path) == Data("new".utf8), "the saved file is not whole")
    let left = (try? fm.contentsOfDirectory(atPath: folder.path)) ?? []
    check(left.count == (occupant == .none ? 1 : 2) && !left.contains(".tgt-download-fuzz"), "the folder holds \(left.map { escaped($0) })")
    switch occupant {
    case .none: break
    case .file: check(fm.contents(atPath: held.path) == Data("old".utf8), "the file under the name was replaced")
    case .danglingLink:
        check((try? fm.destinationOfSymbolicLink(atPath: held.path)) != nil, "the link under the name is gone")
        check(!fm.fileExists(atPath: base.appendingPathComponent("nowhere").path), "the dangling link's target was created")
    case .folder:
        var isFolder: ObjCBool = false
        check(fm.fileExists(atPath: held.path, isDirectory: &isFolder) && isFolder.boolValue, "the folder under the name is gone")
    }
    return 0
}
