import Foundation
import TgtDomain
import TgtTDLib

/// A local file checked before it is sent: what it will be sent as (from its bytes), its size
/// and the name Telegram will show.
public struct CheckedFile: Sendable, Equatable {
    /// The absolute path TDLib will read.
    public var path: String
    /// Its name made safe (a document keeps it).
    public var name: String
    public var size: Int64
    /// What it is sent as, from its bytes.
    public var kind: OutgoingFile.Kind

    public init(path: String, name: String, size: Int64, kind: OutgoingFile.Kind) {
        self.path = path
        self.name = name
        self.size = size
        self.kind = kind
    }
}

extension ChatService {
    /// Telegram's limit for one file on a free account.
    public static let maxFileBytes: Int64 = 2_000 * 1024 * 1024
    /// Photos above this go as files (Telegram refuses bigger photos).
    public static let maxPhotoBytes: Int64 = 10 * 1024 * 1024
    /// The most files one album holds.
    public static let maxAlbumFiles = 10

    /// Checks a local file before anything is uploaded: a readable regular file of 1 byte to
    /// 2,000 MB. Pictures (JPEG, PNG, WebP up to 10 MB whose sides Telegram takes for a photo:
    /// `ImageDimensions.fitsTelegramPhoto`) go as photos, MP4 as video, a GIF as an animation
    /// (one alone: an album cannot hold one, so among others it goes as a file), MP3 and M4A as audio,
    /// anything else (or everything, with `asFiles`) as a document: decided by the bytes, never
    /// by the name.
    public static func check(fileAt path: String, asFiles: Bool = false) throws(ChatError) -> CheckedFile {
        let name = SafeFileName.make(URL(fileURLWithPath: path).lastPathComponent)
        var isFolder: ObjCBool = false
        guard path.hasPrefix("/"), FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .badFile(.missing(name: name)) }
        guard !isFolder.boolValue,
              let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular
        else { throw .badFile(.notAFile(name: name)) }
        let size = Int64(attributes[.size] as? Int ?? 0)
        guard size > 0 else { throw .badFile(.empty(name: name)) }
        guard size <= maxFileBytes else { throw .badFile(.tooLarge(name: name)) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .badFile(.unreadable(name: name)) }
        let head = [UInt8]((try? handle.read(upToCount: ImageDimensions.headLength)) ?? Data())
        try? handle.close()
        let kind: OutgoingFile.Kind = switch asFiles ? nil : MediaSniffer.sniff(Array(head.prefix(MediaSniffer.prefixLength))) {
        // A long screenshot is refused as a photo by Telegram: it goes as a file. Sides that
        // cannot be read are left for Telegram to judge.
        case .jpeg?, .png?, .webp?: size <= maxPhotoBytes && ImageDimensions.read(head)?.fitsTelegramPhoto != false ? .photo : .document
        case .mp4?: .video
        case .gif?: .animation
        case .mpeg?, .m4a?: .audio
        default: .document
        }
        return CheckedFile(path: path, name: name, size: size, kind: kind)
    }

    /// Sends local files into a chat (a forum topic with `topicID`), as a reply, with a caption
    /// in Markdown on the first: one file as one message, 2–10 as one album (photos and videos
    /// together, or documents, or audio; a mix is refused before anything is uploaded). Every
    /// file is checked first (`check(fileAt:)`). Waits up to `confirmTimeout` s for the uploads
    /// (0: not at all) and answers every message: sent, still pending (TDLib keeps uploading it) or failed (with
    /// Telegram's reason in its sending state). It throws only when nothing went out: refused
    /// before TDLib took the files, or every message failed (so sending again cannot repeat one).
    public func sendFiles(chatID: Int64, paths: [String], caption: String = "", topicID: Int32? = nil, replyTo: Int64? = nil, silent: Bool = false,
                          asFiles: Bool = false, confirmTimeout: Double = 600) async throws(ChatError) -> [Message]
    {
        guard !paths.isEmpty else { throw .badFile(.noneGiven) }
        guard paths.count <= Self.maxAlbumFiles else { throw .badFile(.tooManyForAlbum(max: Self.maxAlbumFiles)) }
        var checked: [CheckedFile] = []
        for path in paths { checked.append(try Self.check(fileAt: path, asFiles: asFiles)) }
        if checked.count > 1 {
            // Telegram's albums hold no animation: a GIF among other files goes as a file.
            for index in checked.indices where checked[index].kind == .animation { checked[index].kind = .document }
            let groups = Set(checked.map { $0.kind == .video ? .photo : $0.kind })
            guard groups.count == 1 else {
                throw .badFile(.mixedAlbum)
            }
        }
        let chat = try await writableChat(chatID)
        if let topicID { _ = try await topic(chatID: chatID, topicID: topicID) }
        let text = TelegramText.isEffectivelyEmpty(caption) ? FormattedText(text: "") : try await format(caption)
        if let replyTo { try await checkReply(to: replyTo, in: chat.id) }
        let files = checked.enumerated().map { index, file in OutgoingFile(kind: file.kind, path: file.path, caption: index == 0 ? text : FormattedText(text: "")) }
        let pending: [Message]
        do {
            if files.count == 1, let file = files.first {
                pending = [try await session.send(TDFunctions.SendMessage(chatID: chat.id, forumTopicID: topicID, silent: silent, content: .file(file),
                                                                          replyToMessageID: replyTo), timeout: timeout)]
            } else {
                pending = try await session.send(TDFunctions.SendMessageAlbum(chatID: chat.id, forumTopicID: topicID, replyToMessageID: replyTo,
                                                                              silent: silent, files: files), timeout: timeout).messages
            }
        } catch {
            if case .tdlib(let code, let message, _) = error { throw .sendFailed(SendFailure(code: code, message: message)) }
            throw .request(error)
        }
        logger.debug("files handed to TDLib", metadata: ["chat": "\(chat.id)", "files": "\(files.count)"])
        var answered: [Message] = []
        var failures: [SendFailure] = []
        var cancelled = 0
        let deadline = Date().addingTimeInterval(confirmTimeout)
        for message in pending {
            var failure: TDLibErrorObject?
            if case .failed(let error, _, _)? = message.sendingState {
                failure = error
            } else if confirmTimeout <= 0 {
                answered.append(message)
            } else {
                switch await session.confirmation(chatID: message.chatID, temporaryID: message.id, timeout: max(1, deadline.timeIntervalSinceNow)) {
                case .sent(let id)?:
                    answered.append((try? await ask(TDFunctions.GetMessage(chatID: chat.id, messageID: id))) ?? message)
                case .failed(let code, let reason)?:
                    failure = TDLibErrorObject(code: code, message: reason)
                case .cancelled?:
                    cancelled += 1
                case nil:
                    answered.append(message)
                }
            }
            if let failure {
                failures.append(SendFailure(code: failure.code, message: failure.message))
                var failed = message
                failed.sendingState = .failed(error: failure, canRetry: false, retryAfter: 0)
                answered.append(failed)
            }
        }
        // Cancelled ones are gone: not answered, and not a failure to report.
        if failures.count == pending.count - cancelled, let first = failures.first { throw .sendFailed(first) }
        return answered
    }
}
