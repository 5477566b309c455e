import ArgumentParser
import Foundation
import TgtDomain
import TgtApplication

/// `tgt chat cache`: what downloaded media takes, and deleting it.
struct ChatCache: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache", abstract: "What downloaded photos, videos, voice messages and files take; --clear deletes them.",
        discussion: """
            Media is kept after it is opened or downloaded, up to a limit (the least recently
            opened go first). Deleted media downloads again when it is next opened.

            Examples:
              tgt chat cache
              tgt chat cache --clear
            """)
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Delete the downloaded media.") var clear = false

    func run() async throws {
        try await global.run {
            let usage = try await global.withChats { access in try await access.mediaCache(clear: clear) }
            if global.json {
                global.console.emit(usage)
                return
            }
            let now = "\(ByteSize.describe(usage.bytes)) in \(usage.files) \(usage.files == 1 ? "file" : "files")"
            if clear {
                global.console.line("✓ Downloaded media deleted (\(now) now); it downloads again when you open it. Chat photos and stickers stay.")
            } else {
                global.console.line("Downloaded media: \(now), at most \(ByteSize.describe(usage.limitBytes)) (the least recently opened go first).")
                if usage.bytes > 0 { global.console.line("Next: `tgt chat cache --clear` deletes it.") }
            }
        }
    }
}
