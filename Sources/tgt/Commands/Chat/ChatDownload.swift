import ArgumentParser
import Foundation
import TgtDomain
import TgtApplication

/// `tgt chat download`: saves a message's photo, video, voice message, audio, file or sticker.
struct ChatDownload: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download", abstract: "Save a message's photo, video, voice message, audio, file or sticker.",
        discussion: """
            The file goes into the folder (the current one by default) under the sender's name,
            made safe (no folders in it, no control characters); a name already taken gets
            " (1)", " (2)" …, so nothing there is replaced.

            Examples:
              tgt chat download Family 42991616
              tgt chat download Work 42991700 --to ~/Downloads
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The chat.") var chat: String
    @Argument(help: "The message id (as `tgt chat read` shows it).") var messageID: Int64
    @Option(name: .customLong("to"), help: "The folder to save into (default: the current folder).") var folder: String?

    func validate() throws {
        guard messageID > 0 else { throw ValidationError("The message id must be a positive number.") }
        if let folder, folder.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--to needs a folder.") }
    }

    func run() async throws {
        try await global.run {
            let target = URL(fileURLWithPath: (folder.map { NSString(string: $0).expandingTildeInPath }) ?? FileManager.default.currentDirectoryPath)
            // On a terminal, how far the download is, rewritten in place.
            let console = global.console
            let terminal = !global.json && isatty(STDERR_FILENO) == 1
            let saved = try await global.withChats { access in
                defer { if terminal { console.status(nil) } }
                return try await access.download(chatID: try await access.resolve(chat).id, messageID: messageID, into: target) { done, size in
                    guard terminal, size > 0 else { return }
                    console.status("⬇ \(ByteSize.describe(done)) of \(ByteSize.describe(size)) (\(min(100, done * 100 / size))%)")
                }
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: saved.path)[.size] as? Int) ?? 0
            if global.json {
                struct Saved: Encodable {
                    var path: String
                    var bytes: Int
                }
                global.console.emit(Saved(path: saved.path, bytes: size))
            } else {
                global.console.line("✓ Saved \(ChatTerminal.clean(saved.path)) (\(ByteSize.describe(Int64(size)))).")
            }
        }
    }
}
