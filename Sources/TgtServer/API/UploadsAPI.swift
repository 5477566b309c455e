import Foundation
import OpenAPIRuntime
import TgtApplication
import TgtWire

/// Files sent from the dashboard: each uploaded on its own (`POST /api/uploads`, with the
/// browser's progress and cancel), then sent together as one message or album
/// (`POST …/files`). Keeping uploads is `UploadStore`'s; the rules of sending are the session's chats' (`SessionChatAccess`).
extension DashboardAPI {
    /// How long a send of files waits for Telegram before it answers with the messages still
    /// pending (well inside a `tgt` command's wait for a dashboard's answer).
    static let filesConfirmTimeout: Double = 120

    func createUpload(_ input: Operations.CreateUpload.Input) async throws -> Operations.CreateUpload.Output {
        guard case .binary(let body) = input.body else { throw APIError.badRequest("The request needs the file's bytes (application/octet-stream).") }
        _ = try await telegram.chats()
        let upload = try await dashboard.uploads.receive(name: input.query.name, body: body, now: telegram.clock.now)
        let kind = Components.Schemas.UploadReply.DataPayload.KindPayload(rawValue: upload.file.kind.rawValue) ?? .document
        return .created(.init(body: .json(.init(success: true, data: .init(uploadId: upload.id, name: upload.file.name, size: upload.file.size, kind: kind)))))
    }

    func deleteUpload(_ input: Operations.DeleteUpload.Input) async throws -> Operations.DeleteUpload.Output {
        guard await dashboard.uploads.delete(input.path.uploadId) else { throw APIError.notFound("There is no upload with that id (it was sent, removed, or older than an hour).") }
        return .noContent(.init())
    }

    func sendFiles(_ input: Operations.SendFiles.Input) async throws -> Operations.SendFiles.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body with “upload_ids”.", code: "invalid_json") }
        guard (1...SessionChatAccess.maxAlbumFiles).contains(body.uploadIds.count) else {
            throw APIError.badRequest("“upload_ids” must list 1 to \(SessionChatAccess.maxAlbumFiles) uploads.")
        }
        let caption = try Self.limited(body.caption, "caption", max: Self.maxMessageInput) ?? ""
        let topic = try body.topicId.map(Self.topicID)
        let service = try await telegram.chats()
        _ = try await chatSummary(input.path.chatId, service: service)
        let uploads = try await dashboard.uploads.take(body.uploadIds, now: telegram.clock.now)
        let sent: [ChatMessageItem]
        do {
            sent = try await service.send(copies: uploads.map(\.folder), paths: uploads.map(\.file.path), chatID: input.path.chatId, caption: caption,
                      replyTo: body.replyTo, topicID: topic, silent: body.silent ?? false, asFiles: body.asFiles ?? false,
                      confirmTimeout: body.wait == false ? 0 : Self.filesConfirmTimeout)
        } catch {
            // Nothing went out: the uploads stay, until their hour is up, so the user can fix
            // the send and press Send again without a duplicate.
            await dashboard.uploads.restore(uploads)
            throw error
        }
        let items = sent.map(ChatModels.message)
        return .ok(.init(body: .json(.init(success: true, data: .init(messages: items)))))
    }
}
