import Foundation
import TgtDomain

/// Which chat each file the simulator hands out belongs to, and which TDLib's storage
/// optimizer never deletes: what `optimizeStorage` needs to honour `chat_ids` and
/// `exclude_chat_ids` and to keep profile photos and stickers (TDLib's immune file types) as
/// TDLib does. Seeded files are registered as their messages are made (ids are deterministic,
/// so every simulator in the process agrees); a sent file's chat is kept beside Telegram's copy
/// (`sent-files/ID/.chat`), so another process knows it too.
enum SimulatorFileOwners {
    private static let chats = Locked<[Int32: Int64]>([:])
    private static let profilePhotos = Locked<Set<Int32>>([])

    /// Files `ids` belong to `chatID`'s messages.
    static func register(_ ids: ClosedRange<Int32>, chatID: Int64) {
        chats.withLock { owners in for id in ids { owners[id] = chatID } }
    }

    /// Files `ids` are a chat's photo (TDLib's `FileType::ProfilePhoto`).
    static func registerProfilePhoto(_ ids: ClosedRange<Int32>, chatID: Int64) {
        register(ids, chatID: chatID)
        profilePhotos.withLock { $0.formUnion(ids) }
    }

    /// Remembers the chat a sent file went to, beside Telegram's copy in `folder`.
    static func recordSent(folder: String, chatID: Int64) {
        try? Data(String(chatID).utf8).write(to: URL(fileURLWithPath: "\(folder)/.chat"))
    }

    /// The chat the file belongs to (nil: not known).
    static func chat(of fileID: Int32, directory: String) -> Int64? {
        if let known = chats.withLock({ $0[fileID] }) { return known }
        guard !directory.isEmpty, let text = try? String(contentsOfFile: "\(directory)/sent-files/\(fileID)/.chat", encoding: .utf8) else { return nil }
        return Int64(text)
    }

    /// Whether TDLib keeps it whatever the limits: a profile photo or a sticker (by default;
    /// `file_types` naming its type makes it deletable).
    static func isImmune(_ fileID: Int32, directory: String, fileTypes: [String]) -> Bool {
        let type = fileType(fileID, directory: directory)
        if !fileTypes.isEmpty { return !fileTypes.contains(type) }
        return type == "fileTypeProfilePhoto" || type == "fileTypeSticker"
    }

    /// TDLib's name for the file's type, as `optimizeStorage`'s `file_types` takes it.
    static func fileType(_ fileID: Int32, directory: String) -> String {
        if profilePhotos.withLock({ $0.contains(fileID) }) { return "fileTypeProfilePhoto" }
        switch SimulatorFilePayloads.payload(fileID, directory: directory) {
        case .jpeg: return "fileTypePhoto"
        case .voice: return "fileTypeVoiceNote"
        case .webp: return "fileTypeSticker"
        case .pdf, .html, .svg, .sent: return "fileTypeDocument"
        }
    }
}
