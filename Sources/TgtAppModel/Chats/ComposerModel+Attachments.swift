import Foundation
import TgtApplication
import TgtDomain

/// A file picked in the app to send: a copy staged in the app's own folder (the picker's file
/// is the system's, and may go), checked (`SessionChatAccess.check`) when it is picked, so the tray
/// shows what it will be sent as.
public struct Attachment: Sendable, Equatable, Identifiable {
    /// Its staged folder's name.
    public var id: String
    /// The staged copy TDLib will read (the tray's thumbnail too).
    public var url: URL
    /// Its name made safe (a document keeps it).
    public var name: String
    public var size: Int64
    /// What its bytes make it (a GIF among other files, or any file with "send as files", goes as a file).
    public var kind: OutgoingFileKind

    /// "Photo · 2.1 MB", as the tray shows it; `asFile` when everything goes as files.
    public func label(asFile: Bool) -> AppText {
        let kind: AppLabel = switch asFile ? .document : kind {
        case .photo: .attachmentPhoto
        case .video: .attachmentVideo
        case .animation: .attachmentGIF
        case .audio: .attachmentAudio
        case .document: .attachmentFile
        }
        return AppText("composer.attachmentLabel", AppText.label(kind).description, ByteSize.describe(size))
    }

    /// The SF Symbol the tray shows for it.
    public func symbolName(asFile: Bool) -> String {
        switch asFile ? .document : kind {
        case .photo: "photo"
        case .video: "video"
        case .animation: "sparkles.tv"
        case .audio: "music.note"
        case .document: "doc"
        }
    }
}

extension ComposerModel {
    /// Where picked files are staged: `outgoing/<id>/<name>` in the app's data folder.
    var outgoingFolder: URL { host.directory.outgoingFolder }

    /// Adds a picked file to the next send: copied (or, with `move`, moved: a picker's own
    /// temporary copy) into the app's folder and checked there (`LiveSession.stageOutgoing`). False,
    /// with `error` saying why (empty, too large, not a file, an eleventh), when it was not
    /// added; nothing is kept then.
    @discardableResult
    public func attach(fileAt url: URL, move: Bool = false) async -> Bool {
        guard roomForFiles > 0 else {
            if move { try? FileManager.default.removeItem(at: url) }
            return refuseFull()
        }
        let result = await host.stageOutgoing(url, move: move, keeping: Set(staged.withLock { $0 }))
        switch result {
        case .success(let staged) where roomForFiles == 0:
            // Another pick filled the tray while this one was copied.
            try? FileManager.default.removeItem(at: staged.folder)
            return refuseFull()
        case .success(let staged):
            self.staged.withLock { $0.append(staged.folder) }
            let file = staged.file
            attachments.append(Attachment(id: staged.folder.lastPathComponent, url: URL(fileURLWithPath: file.path), name: file.name, size: file.size,
                                          kind: file.kind))
            error = nil
            return true
        case .failure(let refusal):
            error = .failure(refusal)
            return false
        }
    }

    /// Adds a picture (or any bytes) handed over in memory (a pasted image) to the next send,
    /// under `name`, as `attach(fileAt:)` does with a file.
    @discardableResult
    public func attach(data: Data, name: String) async -> Bool {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
        let file = folder.appendingPathComponent(SafeFileName.make(name, fallback: "file"))
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            reportUnreadablePick()
            return false
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        return await attach(fileAt: file, move: true)
    }

    /// Says the tray is full (an album holds 10); false, for `attach` to answer.
    private func refuseFull() -> Bool {
        error = AppText("composer.tooManyFiles", String(SessionChatAccess.maxAlbumFiles))
        return false
    }

    /// How many more files the next send can take (an album holds 10).
    public var roomForFiles: Int {
        max(0, SessionChatAccess.maxAlbumFiles - attachments.count)
    }

    /// Whether files can be picked now, or taken back: not while a send is going (TDLib may be
    /// reading them) or a message is being edited.
    public var canAttach: Bool {
        !isEditing && !isSending
    }

    /// A picker could not hand over what was chosen (a photo still in iCloud that did not
    /// download, a file that could not be opened): `error` says so.
    public func reportUnreadablePick() {
        error = AppText("composer.pickFailed")
    }

    /// Takes a picked file back out of the next send (its copy is deleted); not while a send
    /// is going, which may be reading it.
    public func removeAttachment(_ attachment: Attachment) {
        guard !isSending else { return }
        attachments.removeAll { $0.id == attachment.id }
        let folder = outgoingFolder.appendingPathComponent(attachment.id, isDirectory: true)
        staged.withLock { $0.removeAll { $0 == folder } }
        try? FileManager.default.removeItem(at: folder)
        error = nil
    }

    /// Sends the attachments with the text as the caption of the first, as a reply when
    /// replying: one file as a message, several as an album (`SessionChatAccess.send(copies:…)`). The
    /// messages show in the conversation at once, with their upload's progress and a cancel;
    /// the staged copies go when every message has its verdict. On a refusal (a mix that
    /// cannot share an album, a chat that cannot take files) the attachments and text stay.
    func sendAttachments() async -> Bool {
        isSending = true
        defer { isSending = false }
        let sending = attachments
        let folders = sending.map { outgoingFolder.appendingPathComponent($0.id, isDirectory: true) }
        var replyTo: Int64?
        if case .reply(let item) = mode { replyTo = item.id }
        do {
            _ = try await host.chats().send(copies: folders, paths: sending.map(\.url.path), chatID: chatID, caption: text, replyTo: replyTo, topicID: topicID,
                      silent: silent, asFiles: sendAsFiles, confirmTimeout: 0)
            // The send owns the copies now: they go when its messages settle, not with the composer.
            staged.withLock { $0.removeAll { folders.contains($0) } }
            attachments.removeAll { item in sending.contains { $0.id == item.id } }
            sendAsFiles = false
            text = ""
            mode = .new
            lastTypingSent = nil
            error = nil
            // A send of files does not clear the chat's draft by itself.
            await saveDraft()
            return true
        } catch {
            self.error = .failure(error)
            return false
        }
    }
}
