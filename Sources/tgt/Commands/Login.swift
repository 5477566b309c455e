import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain
import TgtQRCode

/// `tgt login`: walks through Telegram's login with real TDLib (or the simulator with --demo).
struct Login: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Log in to Telegram: phone number, code, and 2-step verification password (or a QR code).",
        discussion: """
            The session is kept by TDLib in the data folder and survives restarts: log in once.

            Examples:
              tgt login
              tgt login --qr          # scan a QR code with Telegram on your phone instead
              tgt --demo login        # try it with the simulator (code 12345, password demo)
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Log in by scanning a QR code with Telegram on your phone.") var qr = false
    @Option(help: "Your phone number in international format (asked when not given).") var phone: String?

    func run() async throws {
        try await global.run {
            try await Self.interactiveLogin(global: global, qr: qr, phone: phone)
        }
    }

    static func interactiveLogin(global: GlobalOptions, qr: Bool, phone: String? = nil) async throws {
        let console = global.console
        try await global.withLogin { steps in
            var step = try await steps.current()
            if step.isReady {
                let name = await steps.accountName()
                console.line("Already logged in\(name.map { " as \($0)" } ?? ""). (`tgt logout` to switch accounts.)")
                if global.json { console.emit(["state": "ready"]) }
                return
            }
            if qr, step.key == "phone_number" { step = try await steps.answer(.qrCode) }
            var phoneToUse = phone
            var failures = 0
            while !step.isReady {
                do {
                    step = try await answer(step, steps: steps, console: console, phone: &phoneToUse)
                } catch let error as any UserFacingError where error.code == "login" && failures < 4 {
                    // A refused answer: say why and ask again.
                    failures += 1
                    console.note("\(error.message)\(CLINextStep.forError(error).map { " \($0)" } ?? "")")
                    step = try await steps.current()
                }
            }
            let name = await steps.accountName()
            console.line("Logged in\(name.map { " as \($0)" } ?? ""). Next: `tgt chats`.")
            if global.json { console.emit(["state": "ready"]) }
        }
    }

    /// Asks for what `step` needs and submits it; returns the next step.
    private static func answer(_ step: LoginPrompt, steps: any LoginSteps, console: Console, phone: inout String?) async throws -> LoginPrompt {
        func ask(_ secret: Bool = false) throws -> String {
            guard let text = console.ask(step.prompt, secret: secret) else { throw InputError("Login was cancelled (no more input).") }
            return text
        }
        switch step.key {
        case "starting", "logging_out", "closed":
            let next = try await steps.waitForChange(from: step, timeout: 30)
            if next == step, step.key != "starting" {
                throw TelegramError.login("The session is logging out.", next: "Run `tgt login` again in a moment.")
            }
            return next
        case "phone_number":
            let number = try phone ?? ask()
            phone = nil
            return try await steps.answer(.phoneNumber(number))
        case "code":
            return try await steps.answer(.code(try ask()))
        case "password":
            return try await steps.answer(.password(try ask(true)))
        case "email_address":
            return try await steps.answer(.emailAddress(try ask()))
        case "email_code":
            return try await steps.answer(.emailCode(try ask()))
        case "registration":
            console.note(step.prompt)
            guard let first = console.ask("First name:"), let last = console.ask("Last name (may be empty):") else {
                throw InputError("Login was cancelled (no more input).")
            }
            return try await steps.answer(.registration(firstName: first, lastName: last))
        case "qr_code":
            let link = step.qrLink ?? ""
            console.note(step.prompt)
            if let code = try? QRCode.encode(link) { console.note(TerminalQR.render(code)) }
            console.note("Link: \(link)\nWaiting for you to confirm on your phone (up to 2 minutes)…")
            let next = try await steps.waitForChange(from: step, timeout: 120)
            if next == step { throw TelegramError.login("The QR code was not scanned in time.", next: "Run `tgt login --qr` again.") }
            return next
        default:
            throw TelegramError.login(step.prompt.isEmpty ? "Telegram asked for a login step this version does not know." : step.prompt, next: nil)
        }
    }
}

/// `tgt logout`: ends the Telegram session (TDLib forgets it).
struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Log out of Telegram on this computer (templates are kept).",
        discussion: "Example:\n  tgt logout --yes")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Do not ask for confirmation.") var yes = false

    func run() async throws {
        try await global.run {
            if !yes {
                guard Console.isInteractive else { throw InputError("Refusing to log out without confirmation.", next: "Add --yes.") }
                guard global.console.ask("Log out of Telegram on this computer? [y/N]")?.lowercased().hasPrefix("y") == true else {
                    global.console.line("Not logged out.")
                    return
                }
            }
            try await global.account().logOut()
            if global.json { global.console.emit(["state": "logged_out"]) } else { global.console.line("Logged out. Your templates are still here.") }
        }
    }
}
