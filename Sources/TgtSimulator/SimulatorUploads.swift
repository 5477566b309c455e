import Foundation

/// Files sent as TDLib takes them: `inputMessagePhoto` / `Video` / `Audio` / `Document` /
/// `Animation` with an `inputFileLocal` path become `messagePhoto` … whose file's `local.path`
/// is the path given, as TDLib keeps it; Telegram's copy is kept apart in the account's
/// `sent-files` (under an id no other process takes), so the sender may delete theirs once it
/// is sent and `downloadFile` then brings the copy into the client's folder, from any
/// process. A path that is not a readable file is refused as TDLib does. `sendMessageAlbum`
/// sends each content as `sendMessage` does and answers `messages`.
extension TelegramSimulator {
    func sendAlbum(_ id: Int32, _ request: [String: Any]) {
        let contents = request["input_message_contents"] as? [[String: Any]] ?? []
        guard (2 ... 10).contains(contents.count) else { return respond(id, request, Self.error(400, "Invalid number of messages to send in an album")) }
        let types = Set(contents.map { input -> String in
            let type = input["@type"] as? String ?? ""
            return type == "inputMessageVideo" ? "inputMessagePhoto" : type
        })
        guard types.count == 1, let type = types.first, ["inputMessagePhoto", "inputMessageDocument", "inputMessageAudio"].contains(type) else {
            return respond(id, request, Self.error(400, "Invalid message content type in an album"))
        }
        if (request["options"] as? [String: Any])?["scheduling_state"] != nil {
            return respond(id, request, Self.error(400, "Scheduled albums are not supported by the simulator"))
        }
        for input in contents {
            if case .failure(let error) = SimulatorUploads.check(input) { return respond(id, request, Self.error(400, error.message)) }
        }
        var pending: [SimulatorJSON.Fragment] = []
        for input in contents {
            var single = request
            single["@type"] = "sendMessage"
            single["@extra"] = nil
            single["input_message_contents"] = nil
            single["input_message_content"] = input
            var failure: [String: Any]?
            sendMessage(id, single) { message, error in
                if let message { pending.append(message) }
                failure = error
            }
            if let failure, pending.isEmpty { return respond(id, request, failure) }
        }
        respond(id, request, ["@type": "messages", "total_count": pending.count, "messages": pending.map { $0 as Any }])
    }
}

/// What an uploaded file becomes.
enum SimulatorUploads {
    struct Refusal: Error {
        let message: String
    }

    /// The ids sent files take: far from the seeded files', drawn at random so two processes
    /// sending on the same account never take the same one.
    static let sentFileIDs: ClosedRange<Int32> = 1_000_000_000 ... 2_000_000_000

    /// Telegram's copy of a file this account sent, from any process: `sent-files/ID/` holds it
    /// and `.given`, the path TDLib was given.
    static func sent(_ fileID: Int32, directory: String) -> SimulatorFilePayloads.Payload? {
        guard !directory.isEmpty, sentFileIDs.contains(fileID) else { return nil }
        let folder = "\(directory)/sent-files/\(fileID)"
        guard let given = try? String(contentsOfFile: "\(folder)/.given", encoding: .utf8),
              let name = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).first(where: { !$0.hasPrefix(".") })
        else { return nil }
        return .sent(given: given, server: "\(folder)/\(name)")
    }

    /// The local path an `inputMessage…` names, or why it is refused.
    static func check(_ input: [String: Any]) -> Result<String, Refusal> {
        let keys = ["inputMessagePhoto": "photo", "inputMessageVideo": "video", "inputMessageAudio": "audio", "inputMessageDocument": "document",
                    "inputMessageAnimation": "animation"]
        guard let key = keys[input["@type"] as? String ?? ""],
              let wrapper = input[key] as? [String: Any], let local = wrapper[key] as? [String: Any],
              local["@type"] as? String == "inputFileLocal", let path = local["path"] as? String
        else { return .failure(Refusal(message: "Invalid input file")) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
              FileManager.default.isReadableFile(atPath: path)
        else { return .failure(Refusal(message: "File not found")) }
        return .success(path)
    }

    /// A file message's content, the line describing it for the delivered log, and its file.
    struct Uploaded {
        var content: [String: Any]
        var described: String
        var fileID: Int32
        var size: Int
    }

    /// The `MessageContent` and a line describing it for the delivered log.
    static func content(_ input: [String: Any], chatID: Int64, directory: String) -> Result<Uploaded, Refusal> {
        let path: String
        switch check(input) {
        case .success(let found): path = found
        case .failure(let refusal): return .failure(refusal)
        }
        let name = URL(fileURLWithPath: path).lastPathComponent
        var fileID = Int32.random(in: sentFileIDs)
        var server = path
        if !directory.isEmpty {
            var folder = "\(directory)/sent-files/\(fileID)"
            while FileManager.default.fileExists(atPath: folder) {
                fileID = Int32.random(in: sentFileIDs)
                folder = "\(directory)/sent-files/\(fileID)"
            }
            server = "\(folder)/upload"
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: path, toPath: server)
                try Data(path.utf8).write(to: URL(fileURLWithPath: "\(folder)/.given"))
                SimulatorFileOwners.recordSent(folder: folder, chatID: chatID)
            } catch {
                try? FileManager.default.removeItem(atPath: folder)
                return .failure(Refusal(message: "File not found"))
            }
        }
        SimulatorFilePayloads.register(fileID, .sent(given: path, server: server))
        SimulatorFileOwners.register(fileID...fileID, chatID: chatID)
        let size = (try? FileManager.default.attributesOfItem(atPath: server)[.size] as? Int) ?? 0
        let file = SimulatorMedia.downloadedFile(fileID, path: path, size: size)
        let caption = input["caption"] as? [String: Any] ?? SimulatorMedia.formatted("")
        let captionText = caption["text"] as? String ?? ""
        let type = input["@type"] as? String ?? ""
        let content: [String: Any]
        switch type {
        case "inputMessagePhoto":
            content = ["@type": "messagePhoto", "caption": caption, "show_caption_above_media": false, "has_spoiler": false, "is_secret": false,
                       "photo": ["@type": "photo", "has_stickers": false, "minithumbnail": SimulatorMedia.minithumbnail, "sizes": [
                           ["@type": "photoSize", "type": "y", "photo": file, "width": 1280, "height": 960, "progressive_sizes": [] as [Any]],
                       ]]]
        case "inputMessageVideo":
            content = ["@type": "messageVideo", "caption": caption, "show_caption_above_media": false, "has_spoiler": false, "is_secret": false,
                       "video": ["@type": "video", "duration": 0, "width": 0, "height": 0, "file_name": name, "mime_type": "video/mp4",
                                 "has_stickers": false, "supports_streaming": true, "video": file]]
        case "inputMessageAnimation":
            // Telegram turns a GIF into a silent MP4; the simulator keeps the GIF's bytes.
            content = ["@type": "messageAnimation", "caption": caption, "show_caption_above_media": false, "has_spoiler": false, "is_secret": false,
                       "animation": ["@type": "animation", "duration": 0, "width": 0, "height": 0, "file_name": name, "mime_type": "image/gif",
                                     "has_stickers": false, "animation": file]]
        case "inputMessageAudio":
            content = ["@type": "messageAudio", "caption": caption,
                       "audio": ["@type": "audio", "duration": 0, "title": "", "performer": "", "file_name": name, "mime_type": "audio/mpeg",
                                 "external_album_covers": [] as [Any], "audio": file]]
        default:
            content = ["@type": "messageDocument", "caption": caption,
                       "document": ["@type": "document", "file_name": name, "mime_type": "application/octet-stream", "document": file]]
        }
        let described = "\(type.dropFirst("inputMessage".count).lowercased()):\(name)" + (captionText.isEmpty ? "" : " \(captionText)")
        return .success(Uploaded(content: content, described: described, fileID: fileID, size: size))
    }
}
