import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// The text of `tgt chat send` / `edit`: the argument, or a file's contents (`-` for stdin).
struct MessageTextInput: ParsableArguments {
    @Argument(help: "The text (Markdown). Omit it to use --file.") var text: String?
    @Option(help: "Read the text from this file (- for standard input); to send a file itself, use --attach.") var file: String?

    /// Whether any text was given (`tgt chat send --attach` may go without).
    var isGiven: Bool { text != nil || file != nil }

    func validate() throws {
        if text != nil && file != nil { throw ValidationError("Give the text or --file, not both.") }
    }

    func markdown() throws -> String {
        if let text { return text }
        guard let file else { throw InputError("No text given.", next: "Add the text, or --file FILE.") }
        let data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: file) else {
                throw InputError("The file \(file) cannot be read.", next: "Check the path and its permissions.")
            }
            data = contents
        }
        guard data.count <= 64 * 1024, let text = String(data: data, encoding: .utf8) else {
            throw InputError("The file \(file) is not UTF-8 text of at most 64 KB.", next: "Save it as UTF-8 text, or send the file itself with --attach \(file).")
        }
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}

struct ChatSend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send", abstract: "Send a message to a chat (optionally as a reply).",
        discussion: """
            With --attach, files are sent (photos, videos, GIFs, audio and documents, told apart
            by their bytes; several become one album, where a GIF goes as a file) and the text,
            if any, is their caption.

            Examples:
              tgt chat send Family "On my way 🚗"
              tgt chat send Family "Yes!" --reply-to 42991616
              echo "*Standup* notes" | tgt chat send Work --topic 11 --file -
              tgt chat send Family --attach beach.jpg --attach sunset.jpg "Saturday 🌅"
              tgt chat send Work --attach report.pdf --topic 11
              tgt chat send Alice --attach notes.txt --caption "The *notes*"
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The chat: id, @username, title, or a unique start of a title.") var chat: String
    @OptionGroup var input: MessageTextInput
    @Option(help: "Reply to this message id.") var replyTo: Int64?
    @Option(help: "Post in this forum topic.") var topic: Int32?
    @Flag(help: "Send without a notification sound.") var silent = false
    @Option(name: .customLong("attach"), help: "Send this file (repeat for an album of up to 10); the text becomes the caption.") var attachments: [String] = []
    @Flag(help: "Send the attached files as documents (no photo compression; any mix in one album).") var asFiles = false
    @Option(help: "The caption of the attached files (Markdown), instead of giving it as the text.") var caption: String?

    func validate() throws {
        if caption != nil, attachments.isEmpty { throw ValidationError("--caption goes with --attach; a message on its own is the text.") }
        if attachments.isEmpty, !input.isGiven { throw ValidationError("Give the text to send (or --file FILE, or --attach PATH).") }
        if attachments.count > 10 { throw ValidationError("An album holds at most 10 files; send them in parts.") }
        if asFiles, attachments.isEmpty { throw ValidationError("--as-files goes with --attach.") }
        if caption != nil, input.isGiven { throw ValidationError("Give the caption once: as --caption or as the text, not both.") }
    }

    func run() async throws {
        if !attachments.isEmpty { return try await sendFiles() }
        try await global.run {
            let markdown = try input.markdown()
            let (item, title) = try await global.withChats { access in
                let target = try await access.resolve(chat)
                guard target.canWrite else { throw ChatError.cannotWrite(title: target.title, refusal: target.cannotWrite ?? .other) }
                return (try await access.send(chatID: target.id, markdown: markdown, replyTo: replyTo, topicID: topic, silent: silent), target.title)
            }
            if global.json {
                global.console.emit(item)
            } else if item.sendingState == "pending" {
                global.console.line("… Handed to Telegram for \(ChatTerminal.clean(title)); it goes out as soon as Telegram confirms (message #\(item.id) for now).")
            } else {
                global.console.line("✓ Sent to \(ChatTerminal.clean(title)) (message #\(item.id)).")
            }
        }
    }
}

extension ChatSend {
    /// `--attach`: the files (absolute paths, checked before anything is uploaded) as one
    /// message or album, the text as caption.
    func sendFiles() async throws {
        try await global.run {
            let caption = try self.caption ?? (input.isGiven ? try input.markdown() : "")
            let paths = attachments.map { URL(fileURLWithPath: NSString(string: $0).expandingTildeInPath).standardizedFileURL.path }
            for path in paths { _ = try ChatLookup.check(fileAt: path, asFiles: asFiles) }
            if !global.json { global.console.note("Uploading \(paths.count == 1 ? "1 file" : "\(paths.count) files")…") }
            // On a terminal, how far the upload is, rewritten in place.
            let console = global.console
            let terminal = !global.json && isatty(STDERR_FILENO) == 1
            let (items, title) = try await global.withChats { access in
                let target = try await access.resolve(chat)
                guard target.canWrite else { throw ChatError.cannotWrite(title: target.title, refusal: target.cannotWrite ?? .other) }
                defer { if terminal { console.status(nil) } }
                let items = try await access.sendFiles(chatID: target.id, paths: paths, caption: caption, replyTo: replyTo, topicID: topic,
                                                       silent: silent, asFiles: asFiles) { part in
                    guard terminal else { return }
                    console.status("⬆ \(ByteSize.describe(part.sentBytes)) of \(ByteSize.describe(part.totalBytes)) (\(part.sentBytes * 100 / part.totalBytes)%)")
                }
                return (items, target.title)
            }
            if global.json {
                global.console.emit(items)
            } else if items.contains(where: { $0.sendingState == "pending" }) {
                global.console.line("… Handed to Telegram for \(ChatTerminal.clean(title)), not confirmed yet: the files go out when the upload is done "
                    + "(if tgt serve is not running, the next time tgt or tgt serve opens the session).")
            } else if let failed = items.first(where: { $0.sendingState == "failed" }) {
                global.console.line("⚠ \(items.count - items.filter { $0.sendingState == "failed" }.count) of \(items.count) files went to \(ChatTerminal.clean(title)); "
                    + "Telegram refused the others: \(ChatTerminal.clean(failed.failureReason ?? "no reason given"))")
            } else {
                let ids = items.map { "#\($0.id)" }.joined(separator: ", ")
                global.console.line("✓ Sent \(items.count == 1 ? "1 file" : "\(items.count) files") to \(ChatTerminal.clean(title)) (message\(items.count == 1 ? "" : "s") \(ids)).")
            }
        }
    }
}

struct ChatEdit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Replace the text of one of your messages.",
        discussion: """
            Example:
              tgt chat edit Family 42991616 "On my way — 10 min late"
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The chat.") var chat: String
    @Argument(help: "The message id (as `tgt chat read` shows it).") var messageID: Int64
    @OptionGroup var input: MessageTextInput

    func validate() throws {
        if !input.isGiven { throw ValidationError("Give the new text (or --file FILE).") }
    }

    func run() async throws {
        try await global.run {
            let markdown = try input.markdown()
            let item = try await global.withChats { access in
                try await access.edit(chatID: try await access.resolve(chat).id, messageID: messageID, markdown: markdown)
            }
            if global.json { global.console.emit(item) } else { global.console.line("✎ Edited message #\(item.id).") }
        }
    }
}

struct ChatDelete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete messages, for you or (--for-all) for everyone.",
        discussion: """
            Nothing is deleted unless every message may be: your own messages can be deleted for \
            everyone; others' only for you, outside supergroups and channels.

            Example:
              tgt chat delete Family 42991616 --for-all
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The chat.") var chat: String
    @Argument(help: ArgumentHelp("Message ids.", valueName: "message-id")) var messageIDs: [Int64]
    @Flag(help: "Delete for everyone in the chat.") var forAll = false

    func validate() throws {
        guard !messageIDs.isEmpty, messageIDs.allSatisfy({ $0 > 0 }) else { throw ValidationError("Give at least one message id.") }
        guard Set(messageIDs).count <= ChatLookup.maxDelete else { throw ValidationError("At most \(ChatLookup.maxDelete) messages go in one deletion.") }
    }

    func run() async throws {
        try await global.run {
            try await global.withChats { access in
                try await access.delete(chatID: try await access.resolve(chat).id, messageIDs: messageIDs, forEveryone: forAll)
            }
            struct Deleted: Encodable {
                var deleted: [Int64]
                var forEveryone: Bool
                enum CodingKeys: String, CodingKey {
                    case deleted
                    case forEveryone = "for_everyone"
                }
            }
            if global.json {
                global.console.emit(Deleted(deleted: messageIDs, forEveryone: forAll))
            } else {
                global.console.line("✗ Deleted \(messageIDs.count) message\(messageIDs.count == 1 ? "" : "s")\(forAll ? " for everyone" : " for you").")
            }
        }
    }
}

struct ChatSearch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Find messages by text, in one chat or in all of them.",
        discussion: """
            Examples:
              tgt chat search dinner
              tgt chat search "release notes" --chat Work
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The text to look for.") var query: String
    @Option(help: "Only in this chat.") var chat: String?
    @Option(help: "At most this many results (1–100, default 20).") var limit = 20

    func validate() throws {
        guard (1...100).contains(limit) else { throw ValidationError("--limit must be between 1 and 100.") }
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("Give some text to search for.") }
    }

    func run() async throws {
        try await global.run {
            let (items, titles) = try await global.withChats { access in
                var chatID: Int64?
                if let chat { chatID = try await access.resolve(chat).id }
                let items = try await access.searchMessages(query, chatID: chatID, limit: limit)
                var titles: [Int64: String] = [:]
                for chat in try await access.list(.main, unreadOnly: false, search: nil) + access.list(.archive, unreadOnly: false, search: nil) {
                    titles[chat.id] = chat.title
                }
                return (items, titles)
            }
            if global.json {
                global.console.emit(items)
                return
            }
            guard !items.isEmpty else {
                global.console.line("No messages contain “\(query)”.")
                return
            }
            for item in items {
                let title = ChatTerminal.clean(titles[item.chatID] ?? "\(item.chatID)")
                let who = item.isOutgoing ? "You" : ChatTerminal.clean(item.sender.name)
                let text = MessageText.shorten(ChatTerminal.clean(item.media.map { $0.label + " " } ?? "") + ChatTerminal.clean(item.text), to: 80)
                global.console.line("\(ChatTerminal.shortDate(item.date, now: global.clock.now))  \(title) › \(who): \(text)  #\(item.id)")
            }
        }
    }
}
