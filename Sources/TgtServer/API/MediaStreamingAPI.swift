import Foundation
import TgtApplication
import OpenAPIRuntime
import Synchronization
import TgtWire

/// A message's file served while TDLib downloads it (`SessionChatAccess.mediaPart`): a byte range as
/// soon as its bytes are there, and the whole file as its bytes arrive.
extension DashboardAPI {
    /// What asking for a file as it downloads came to: the answer, or the file, found complete.
    enum Streamed {
        case answered(Operations.GetMessageFile.Output)
        case complete(MediaDownload)
    }

    /// A range (not for `?download=true`) or the whole of a file still downloading, answered as
    /// its bytes arrive. Nil when its size is not known exactly, the range cannot be met, or the
    /// part's file is gone by the time it is opened (moved into place): the whole-file path
    /// answers.
    func streamed(_ input: Operations.GetMessageFile.Input, service: SessionChatAccess, forceDownload: Bool) async throws -> Streamed? {
        if let header = input.headers.range {
            return forceDownload ? nil : try await streamedPart(input, header: header, service: service)
        }
        return try await streamedWhole(input, service: service, forceDownload: forceDownload)
    }

    /// A range of a file still downloading, answered as soon as its first bytes are there (a
    /// video plays while the rest arrives): at most `streamedChunk` bytes, which a browser
    /// follows with the next range.
    func streamedPart(_ input: Operations.GetMessageFile.Input, header: String, service: SessionChatAccess) async throws -> Streamed? {
        let total = try await service.mediaSize(chatID: input.path.chatId, messageID: input.path.messageId)
        guard total > 0, case .part(let start, let end) = ByteRange.parse(header, size: total) else { return nil }
        let part = try await service.mediaPart(chatID: input.path.chatId, messageID: input.path.messageId, offset: start,
                                               wanted: min(end - start + 1, Self.streamedChunk))
        if part.isComplete { return .complete(part.media) }
        guard let file = try? MessageFiles(telegram: telegram).open(part.media, forceDownload: false, part: part) else { return nil }
        let last = start + min(part.available, end - start + 1, Self.streamedLimit) - 1
        let body = HTTPBody(file.reader.stream(start: start, end: last), length: .known(last - start + 1), iterationBehavior: .single)
        return .answered(Self.part(file, body, start: start, end: last, total: total))
    }

    /// What a streamed range waits for (Telegram's web apps ask in parts of 512 KB), and the
    /// most it answers when more is already there.
    static let streamedChunk: Int64 = 512 * 1024
    static let streamedLimit: Int64 = 4 << 20

    func openMessageContent(_ input: Operations.OpenMessageContent.Input) async throws -> Operations.OpenMessageContent.Output {
        let service = try await telegram.chats()
        _ = try await chatSummary(input.path.chatId, service: service)
        let message = try await service.openContent(chatID: input.path.chatId, messageID: input.path.messageId)
        return .ok(.init(body: .json(.init(success: true, data: ChatModels.message(message)))))
    }

    /// The whole of a file still downloading, sent as its bytes arrive (a big document's
    /// download shows its progress in the browser from the start, and a player without ranges
    /// starts at once): 200 with the file's exact size, each part read when TDLib has it.
    func streamedWhole(_ input: Operations.GetMessageFile.Input, service: SessionChatAccess, forceDownload: Bool) async throws -> Streamed? {
        let chatID = input.path.chatId, messageID = input.path.messageId
        let total = try await service.mediaSize(chatID: chatID, messageID: messageID)
        guard total > 0 else { return nil }
        let priority: Int32 = forceDownload ? 8 : 24
        let first = try await service.mediaPart(chatID: chatID, messageID: messageID, offset: 0, wanted: min(total, Self.streamedChunk), priority: priority)
        if first.isComplete { return .complete(first.media) }
        let files = MessageFiles(telegram: telegram)
        guard let opened = try? files.open(first.media, forceDownload: forceDownload, part: first) else { return nil }
        let position = Mutex<(offset: Int64, part: MediaPart?)>((0, first))
        let stream = AsyncThrowingStream<ArraySlice<UInt8>, any Error>(unfolding: {
            let (offset, ready) = position.withLock { $0 }
            guard offset < total else { return nil }
            func fetch() async throws -> MediaPart {
                try await service.mediaPart(chatID: chatID, messageID: messageID, offset: offset, wanted: min(total - offset, Self.streamedChunk), priority: priority)
            }
            var part = if let ready { ready } else { try await fetch() }
            // Opened again for each part: TDLib moves the file into place when it is complete,
            // perhaps between the answer and the opening (asked again then: the new place).
            let file: MessageFiles.Opened
            if let opened = try? files.open(part.media, forceDownload: true, part: part) {
                file = opened
            } else {
                part = try await fetch()
                file = try files.open(part.media, forceDownload: true, part: part)
            }
            // The same file throughout (an edited message's new file is another size), and never
            // an empty part: the length promised is the length sent, or the response is cut.
            guard part.media.size == total else { throw MessageFiles.notFound }
            let bytes = try file.reader.read(offset: offset, count: Int(min(part.available, total - offset, Self.streamedLimit)))
            guard !bytes.isEmpty else { throw MessageFiles.notFound }
            position.withLock { $0 = (offset + Int64(bytes.count), nil) }
            if offset + Int64(bytes.count) >= total { await service.trimMediaCache(sparing: chatID) }
            return bytes[...]
        })
        return .answered(Self.whole(opened, HTTPBody(stream, length: .known(total), iterationBehavior: .single)))
    }
}
