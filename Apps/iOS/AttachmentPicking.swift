import CoreTransferable
import Foundation
import UniformTypeIdentifiers

/// A photo or video from the photo library, as the picker hands it over: the file it offers
/// exists only while it is being received, so it is copied into a folder of its own in the
/// app's temporary directory, and the composer then moves it into its staging folder.
struct PickedFile: Transferable {
    let url: URL

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(importedContentType: .movie) { received in try PickedFile(copying: received.file) }
        FileRepresentation(importedContentType: .image) { received in try PickedFile(copying: received.file) }
    }

    init(copying file: URL) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appendingPathComponent(file.lastPathComponent)
        try FileManager.default.copyItem(at: file, to: url)
    }

    /// Deletes the folder the copy was received into (the copy itself has moved on).
    func removeFolder() {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }
}
