import ArgumentParser
import Foundation
import TgtApplication
import Logging

/// `tgt`: send prepared Telegram messages from your own account, from the command line.
@main
struct TGT: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tgt",
        abstract: "Send saved message templates to Telegram groups from your own account.",
        discussion: """
            Run `tgt` with no command the first time: it walks you through API credentials and login.

            Examples:
              tgt setup                      # API id and hash from https://my.telegram.org
              tgt login                      # phone, code, 2FA password (or --qr)
              tgt chats --search family      # find chat ids and forum topics
              tgt templates add --name "Leaving work" --icon car.fill --body "Leaving now 🚗" --target -1001234567890
              tgt send "Leaving work"

            \(ExitStatus.help)
            """,
        version: versionLine,
        subcommands: [Setup.self, Login.self, Logout.self, Status.self, Chats.self, Chat.self, Templates.self, Timers.self, Send.self, Scheduled.self, Triggers.self, Away.self, Snippets.self, Webhooks.self, FollowUps.self, Settings.self, Serve.self, Service.self],
        defaultSubcommand: nil)

    @OptionGroup var global: GlobalOptions

    /// `tgt --version`: one line that names the program, as GNU tools do (`ls (GNU coreutils)
    /// 9.1`), so it is not taken for the Rust Telegram client also installed as `tgt`.
    static let versionLine = "tgt (TgTemplates) \(TelegramConnection.applicationVersion) - one-tap Telegram message templates"

    static func main() async {
        OutputStream.guardStandardDescriptors()
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            let env = ProcessInfo.processInfo.environment["TGT_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:))
            handler.logLevel = env ?? .warning
            return handler
        }
        var status: Int32
        do {
            var command = try parseAsRoot(ArgumentSplitting.normalize(Array(CommandLine.arguments.dropFirst())))
            if var async = command as? any AsyncParsableCommand {
                try await async.run()
            } else {
                try command.run()
            }
            status = 0
        } catch {
            // Help, version and usage errors are written here (not by the parser's `print`) so
            // that a failed write is noticed like any other.
            status = exitCode(for: error).rawValue
            let text = fullMessage(for: error)
            if !text.isEmpty {
                (status == 0 ? OutputStream.standardOutput : .standardError).write(Array((text + "\n").utf8))
            }
        }
        Foundation.exit(finalStatus(status))
    }

    /// The exit status once output is accounted for: a command that otherwise succeeded but
    /// could not write its output exits 7, saying so on standard error when that still works.
    static func finalStatus(_ status: Int32) -> Int32 {
        let failed = [OutputStream.standardOutput, .standardError].compactMap { stream in stream.failure.map { (stream, $0) } }
        guard let (stream, code) = failed.first else { return status }
        // A reader that went away (`tgt … | head`) ends the command quietly, as SIGPIPE does when
        // it is not ignored: no message, and the status a shell shows for SIGPIPE.
        if code == EPIPE { return status == 0 ? 128 + SIGPIPE : status }
        let which = stream == .standardOutput ? "standard output" : "standard error"
        OutputStream.standardError.write(Array("error: tgt could not write its output to \(which) (\(OutputStream.describe(code))).\n".utf8))
        return status == 0 ? ExitStatus.outputFailed.rawValue : status
    }

    /// With no command: the first-run walk-through, or a short status.
    func run() async throws {
        try await global.run {
            let secrets = APICredentialsAccess(directory: global.directory)
            let configured = global.demo || (try? secrets.current()) != nil
            guard Console.isInteractive else {
                global.console.line(TGT.helpMessage())
                return
            }
            if !configured {
                global.console.note("Welcome to TgTemplates! First, your Telegram API credentials.")
                try Setup.interactive(global: global)
            }
            try await Login.interactiveLogin(global: global, qr: false)
            global.console.note("Next: `tgt chats` to see your groups, then `tgt templates add` to make a template.")
        }
    }
}
