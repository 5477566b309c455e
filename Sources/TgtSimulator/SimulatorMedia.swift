import Foundation

/// `MessageContent` objects as TDLib sends them, for seeded and simulated messages.
enum SimulatorMedia {
    static func formatted(_ text: String, entities: [[String: Any]] = []) -> [String: Any] {
        ["@type": "formattedText", "text": text, "entities": entities]
    }

    static func entity(_ offset: Int, _ length: Int, _ type: [String: Any]) -> [String: Any] {
        ["@type": "textEntity", "offset": offset, "length": length, "type": type]
    }

    static func text(_ text: String, boldPrefix: Bool = false, link: String? = nil) -> [String: Any] {
        var entities: [[String: Any]] = []
        if boldPrefix, let space = text.firstIndex(of: " ") {
            entities.append(entity(0, text[..<space].utf16.count, ["@type": "textEntityTypeBold"]))
        }
        var body = text
        if let link {
            let offset = (body + " ").utf16.count
            body += " " + link
            entities.append(entity(offset, link.utf16.count, ["@type": "textEntityTypeUrl"]))
        }
        return ["@type": "messageText", "text": formatted(body, entities: entities)]
    }

    static func textURL(_ text: String, url: String) -> [String: Any] {
        ["@type": "messageText", "text": formatted(text, entities: [entity(0, text.utf16.count, ["@type": "textEntityTypeTextUrl", "url": url])])]
    }

    static func file(_ id: Int32, size: Int) -> [String: Any] {
        ["@type": "file", "id": id, "size": size, "expected_size": size,
         "local": ["@type": "localFile", "path": "", "can_be_downloaded": true, "can_be_deleted": false, "is_downloading_active": false,
                   "is_downloading_completed": false, "download_offset": 0, "downloaded_prefix_size": 0, "downloaded_size": 0],
         "remote": remote(id, uploaded: size, size: size)]
    }

    /// `remoteFile`: all of it on Telegram's servers once `uploaded` reaches `size`, else an
    /// upload under way (no remote id yet).
    static func remote(_ id: Int32, uploaded: Int, size: Int) -> [String: Any] {
        let done = uploaded >= size
        return ["@type": "remoteFile", "id": done ? "sim-\(id)" : "", "unique_id": done ? "sim\(id)" : "",
                "is_uploading_active": !done, "is_uploading_completed": done, "uploaded_size": uploaded]
    }

    /// A `file` whose copy is complete at `path` (after `downloadFile`, or one sent from here).
    static func downloadedFile(_ id: Int32, path: String, size: Int) -> [String: Any] {
        var object = file(id, size: size)
        object["local"] = ["@type": "localFile", "path": path, "can_be_downloaded": true, "can_be_deleted": true, "is_downloading_active": false,
                           "is_downloading_completed": true, "download_offset": 0, "downloaded_prefix_size": size, "downloaded_size": size]
        return object
    }

    static var minithumbnail: [String: Any] {
        ["@type": "minithumbnail", "width": 40, "height": 30, "data": SimulatorPictures.minithumbnail]
    }

    static var thumbnailSize: Int { Data(base64Encoded: SimulatorPictures.thumbnail)?.count ?? 0 }

    static func photo(fileID: Int32, caption: String) -> [String: Any] {
        ["@type": "messagePhoto", "caption": formatted(caption), "show_caption_above_media": false, "has_spoiler": false, "is_secret": false,
         "photo": ["@type": "photo", "has_stickers": false, "minithumbnail": minithumbnail, "sizes": [
             ["@type": "photoSize", "type": "m", "photo": file(fileID, size: thumbnailSize), "width": 160, "height": 120, "progressive_sizes": [] as [Any]],
             ["@type": "photoSize", "type": "y", "photo": file(fileID + 1, size: thumbnailSize), "width": 1280, "height": 960, "progressive_sizes": [] as [Any]],
         ]]]
    }

    /// A voice note whose file is `seconds` of Opus in Ogg, as Telegram's are (`SimulatorVoice`).
    static func voiceNote(fileID: Int32, seconds: Int) -> [String: Any] {
        let payload = SimulatorFilePayloads.Payload.voice(seconds: seconds)
        SimulatorFilePayloads.register(fileID, payload)
        return ["@type": "messageVoiceNote", "caption": formatted(""), "is_listened": false,
                "voice_note": ["@type": "voiceNote", "duration": seconds, "waveform": "", "mime_type": "audio/ogg", "voice": file(fileID, size: payload.bytes.count)]]
    }

    static func sticker(fileID: Int32, emoji: String) -> [String: Any] {
        SimulatorFilePayloads.register(fileID, .webp)
        return ["@type": "messageSticker", "is_premium": false,
                "sticker": ["@type": "sticker", "id": "1", "set_id": "1", "width": 512, "height": 512, "emoji": emoji,
                            "format": ["@type": "stickerFormatWebp"], "full_type": ["@type": "stickerFullTypeRegular"],
                            "sticker": file(fileID, size: SimulatorFilePayloads.Payload.webp.bytes.count)]]
    }

    static func location(latitude: Double, longitude: Double) -> [String: Any] {
        ["@type": "messageLocation", "location": ["@type": "location", "latitude": latitude, "longitude": longitude, "horizontal_accuracy": 0]]
    }

    /// A document whose bytes follow its name (a PDF, or an HTML page or SVG with script in it).
    static func document(fileID: Int32, name: String, caption: String, mimeType: String = "application/pdf") -> [String: Any] {
        let payload = SimulatorFilePayloads.document(named: name)
        SimulatorFilePayloads.register(fileID, payload)
        return ["@type": "messageDocument", "caption": formatted(caption),
                "document": ["@type": "document", "file_name": name, "mime_type": mimeType, "document": file(fileID, size: payload.bytes.count)]]
    }

    static func poll(_ question: String) -> [String: Any] {
        ["@type": "messagePoll", "poll": ["@type": "poll", "id": "1", "question": formatted(question), "options": [] as [Any],
                                          "total_voter_count": 3, "is_anonymous": true, "is_closed": false]]
    }

    static func contact(firstName: String, lastName: String) -> [String: Any] {
        ["@type": "messageContact", "contact": ["@type": "contact", "phone_number": "", "first_name": firstName, "last_name": lastName,
                                                "vcard": "", "user_id": 0]]
    }
}
