import ArgumentParser
import Foundation
import TgtApplication

/// `tgt setup`: stores the Telegram API id and hash.
struct Setup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup", abstract: "Save your Telegram API credentials (from https://my.telegram.org).",
        discussion: """
            Log in at https://my.telegram.org, open "API development tools", create an app (any name), \
            and copy "App api_id" and "App api_hash". They are stored in credentials.json (mode 0600) in \
            the data folder. TGT_API_ID and TGT_API_HASH, when both set, take precedence.

            Examples:
              tgt setup
              tgt setup --api-id 1234567 --api-hash 0123456789abcdef0123456789abcdef
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: "The App api_id (a number).") var apiID: String?
    @Option(help: "The App api_hash (32 hexadecimal characters). Prefer the prompt: flags stay in shell history.") var apiHash: String?

    func run() async throws {
        try await global.run {
            if let apiID, let apiHash {
                try Self.save(try APICredentials(apiID: apiID, apiHash: apiHash), global: global)
            } else if apiID != nil || apiHash != nil {
                throw InputError("Give both --api-id and --api-hash, or neither to be asked.")
            } else {
                guard Console.isInteractive else {
                    throw InputError("No terminal to ask for the credentials.", next: "Pass --api-id and --api-hash, or set TGT_API_ID and TGT_API_HASH.")
                }
                try Self.interactive(global: global)
            }
        }
    }

    static func interactive(global: GlobalOptions) throws {
        let console = global.console
        console.note("Get them at https://my.telegram.org → API development tools (\"App api_id\" and \"App api_hash\").")
        for _ in 0..<3 {
            guard let id = console.ask("API id:"), let hash = console.ask("API hash:", secret: true) else {
                throw InputError("Set-up was cancelled.")
            }
            do {
                try save(try APICredentials(apiID: id, apiHash: hash), global: global)
                return
            } catch let error as CredentialsError {
                console.note("\(error.message) \(CLINextStep.forError(error) ?? "")")
            }
        }
        throw InputError("Too many invalid attempts.", next: "Run `tgt setup` again.")
    }

    static func save(_ credentials: APICredentials, global: GlobalOptions) throws {
        try APICredentialsAccess(directory: global.directory).save(credentials)
        if global.json {
            global.console.emit(["api_id": "\(credentials.apiID)", "api_hash": credentials.maskedHash, "file": global.directory.credentialsFile.path])
        } else {
            global.console.line("Saved API id \(credentials.apiID) and hash \(credentials.maskedHash) to \(global.directory.credentialsFile.path).")
            global.console.line("Next: `tgt login`.")
        }
    }
}
