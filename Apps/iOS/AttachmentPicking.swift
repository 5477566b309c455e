import CoreTransferable
import Foundation
import UniformTypeIdentifiers

/// A photo or video from the photo library, as the picker hands it over, or a file chosen in
/// Files: the file offered exists only while it is being received (or read), so it is copied
/// into a folder of its own in the app's temporary directory, and the composer then moves it
/// into its staging folder.
struct PickedFile: Transferable {
    let url: URL

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(importedContentType: .movie) { received in try PickedFile(copying: received.file) }
        FileRepresentation(importedContentType: .image) { received in try PickedFile(copying: received.file) }
    }

    /// Copies `file` into a folder of its own in the temporary directory, under `name` (the
    /// file's own by default: a coordinator's snapshot may carry another).
    init(copying file: URL, named name: String? = nil) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appendingPathComponent(name ?? file.lastPathComponent)
        try FileManager.default.copyItem(at: file, to: url)
    }

    /// A copy of a file chosen in Files, read through a file coordinator: a file kept in iCloud
    /// Drive or by another provider may not be on the phone yet, and the coordinated read brings
    /// it first (a snapshot for uploading, copied before the read ends). Blocks while it
    /// downloads: call it off the main actor, holding the URL's security scope.
    static func coordinatedCopy(of url: URL) -> PickedFile? {
        var coordination: NSError?
        var picked: PickedFile?
        NSFileCoordinator(filePresenter: nil).coordinate(readingItemAt: url, options: .forUploading, error: &coordination) { readable in
            picked = try? PickedFile(copying: readable, named: url.lastPathComponent)
        }
        return coordination == nil ? picked : nil
    }

    /// Deletes the folder the copy was received into (the copy itself has moved on).
    func removeFolder() {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }
}
