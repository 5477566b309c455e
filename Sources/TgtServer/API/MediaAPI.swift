import Foundation
import TgtApplication
import HTTPTypes
import OpenAPIRuntime
import TgtDomain
import TgtWire

/// A message's file (photo full size, video, voice message, audio, document, sticker) and the
/// media cache. Downloading is the session's chats' (`SessionChatAccess.downloadMedia`); what is served and how is `MessageFiles`'.
extension DashboardAPI {
    func getMessageFile(_ input: Operations.GetMessageFile.Input) async throws -> Operations.GetMessageFile.Output {
        let service = try await telegram.chats()
        _ = try await chatSummary(input.path.chatId, service: service)
        // A voice note as Safari plays it.
        if input.query.format == .caf { return try await opusAsCAF(input, service: service) }
        let forceDownload = Self.forceDownload(input)
        // A file still downloading is answered as it arrives; one found complete meanwhile is
        // served from where it is, without asking TDLib for it again.
        let download: MediaDownload
        switch try await streamed(input, service: service, forceDownload: forceDownload) {
        case .answered(let output)?:
            return output
        case .complete(let media)?:
            await service.trimMediaCache(sparing: input.path.chatId)
            download = media
        case nil:
            // What is looked at first (a photo opened, a note played) comes before a download.
            download = try await service.downloadMedia(chatID: input.path.chatId, messageID: input.path.messageId, priority: forceDownload ? 8 : 24)
        }
        let file = try MessageFiles(telegram: telegram).open(download, forceDownload: forceDownload)
        switch ByteRange.parse(input.headers.range, size: file.size) {
        case .unsatisfiable:
            throw APIError(.rangeNotSatisfiable, code: "range_not_satisfiable", message: "The range asked for is past the end of the file.",
                           headers: [.contentRange: "bytes */\(file.size)"])
        case .whole:
            return Self.whole(file, HTTPBody(file.reader.stream(start: 0, end: file.size - 1), length: .known(file.size), iterationBehavior: .single))
        case .part(let start, let end):
            return Self.part(file, HTTPBody(file.reader.stream(start: start, end: end), length: .known(end - start + 1), iterationBehavior: .single),
                             start: start, end: end, total: file.size)
        }
    }

    /// Whether `?download=true` (or `1`) asks for an attachment whatever the file is.
    static func forceDownload(_ input: Operations.GetMessageFile.Input) -> Bool {
        input.query.download == ._true || input.query.download == ._1
    }

    /// A file's 200: all of it, its headers (cache, disposition, sandbox) and sniffed type.
    static func whole(_ file: MessageFiles.Opened, _ body: HTTPBody) -> Operations.GetMessageFile.Output {
        whole(type: file.inlineType, disposition: file.disposition, body)
    }

    static func whole(type: MediaSniffer.InlineType?, disposition: String, _ body: HTTPBody) -> Operations.GetMessageFile.Output {
        .ok(.init(headers: .init(cacheControl: MessageFiles.cacheControl, contentDisposition: disposition, acceptRanges: "bytes",
                                 contentSecurityPolicy: MessageFiles.contentSecurityPolicy),
                  body: Self.body(type, body)))
    }

    /// A file's 206: bytes `start...end` of `total`.
    static func part(_ file: MessageFiles.Opened, _ body: HTTPBody, start: Int64, end: Int64, total: Int64) -> Operations.GetMessageFile.Output {
        part(type: file.inlineType, disposition: file.disposition, body, start: start, end: end, total: total)
    }

    static func part(type: MediaSniffer.InlineType?, disposition: String, _ body: HTTPBody, start: Int64, end: Int64,
                     total: Int64) -> Operations.GetMessageFile.Output
    {
        .partialContent(.init(headers: .init(cacheControl: MessageFiles.cacheControl, contentDisposition: disposition, acceptRanges: "bytes",
                                             contentSecurityPolicy: MessageFiles.contentSecurityPolicy, contentRange: "bytes \(start)-\(end)/\(total)"),
                              body: Self.body(type, body)))
    }

    func getMediaCache(_ input: Operations.GetMediaCache.Input) async throws -> Operations.GetMediaCache.Output {
        let usage = try await telegram.chats().mediaCache(clear: false)
        return .ok(.init(body: .json(.init(success: true, data: Self.cache(usage)))))
    }

    func clearMediaCache(_ input: Operations.ClearMediaCache.Input) async throws -> Operations.ClearMediaCache.Output {
        let usage = try await telegram.chats().mediaCache(clear: true)
        return .ok(.init(body: .json(.init(success: true, data: Self.cache(usage)))))
    }

    static func cache(_ usage: MediaCacheUsage) -> Components.Schemas.MediaCacheReply.DataPayload {
        .init(bytes: usage.bytes, files: usage.files, limitBytes: usage.limitBytes)
    }

    /// A file's body under its sniffed type (unknown: `application/octet-stream`), for the
    /// whole file and for a range alike.
    static func body<Body: SniffedFileBody>(_ type: MediaSniffer.InlineType?, _ body: HTTPBody) -> Body {
        switch type {
        case .jpeg?: .jpeg(body)
        case .png?: .png(body)
        case .gif?: .imageGif(body)
        case .webp?: .imageWebp(body)
        case .mp4?: .videoMp4(body)
        case .webm?: .videoWebm(body)
        case .ogg?: .audioOgg(body)
        case .mpeg?: .audioMpeg(body)
        case .m4a?: .audioMp4(body)
        case .wav?: .audioWav(body)
        case .caf?: .audioXCaf(body)
        case nil: .binary(body)
        }
    }
}

/// The bodies `GET …/file` answers with (its 200 and its 206 are two generated types with the
/// same cases, one per content type of the spec).
protocol SniffedFileBody {
    static func jpeg(_ body: HTTPBody) -> Self
    static func png(_ body: HTTPBody) -> Self
    static func imageGif(_ body: HTTPBody) -> Self
    static func imageWebp(_ body: HTTPBody) -> Self
    static func videoMp4(_ body: HTTPBody) -> Self
    static func videoWebm(_ body: HTTPBody) -> Self
    static func audioOgg(_ body: HTTPBody) -> Self
    static func audioMpeg(_ body: HTTPBody) -> Self
    static func audioMp4(_ body: HTTPBody) -> Self
    static func audioWav(_ body: HTTPBody) -> Self
    static func audioXCaf(_ body: HTTPBody) -> Self
    static func binary(_ body: HTTPBody) -> Self
}

extension Operations.GetMessageFile.Output.Ok.Body: SniffedFileBody {}
extension Operations.GetMessageFile.Output.PartialContent.Body: SniffedFileBody {}
