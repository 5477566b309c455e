import ArgumentParser
import Foundation
import TgtApplication
import TgtQRCode
import TgtServer
import TgtStore
import TgtTDLib
import TgtTelegram

/// `tgt login`: walks through Telegram's login with real TDLib (or the simulator with --demo).
struct Login: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Log in to Telegram: phone number, code, and 2-step verification password (or a QR code).",
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
        if let dashboard = global.dashboard {
            console.note("Logging in through the running dashboard (pid \(dashboard.descriptor.pid)).")
            try await RemoteLogin(client: dashboard, console: console).run(qr: qr, phone: phone)
            if global.json { console.emit(["state": "ready"]) }
            return
        }
        try await SessionScope.with(global, requireLogin: false) { _, session in
            let flow = LoginFlow(session: session, timeout: 30)
            var step = flow.step
            if step == .ready {
                let me = try? await session.account()
                console.line("Already logged in\(me.map { " as \($0.displayName)" } ?? ""). (`tgt logout` to switch accounts.)")
                if global.json { console.emit(["state": "ready"]) }
                return
            }
            if qr, step == .phoneNumber { step = try await flow.requestQRCode() }
            var phoneToUse = phone
            var failures = 0
            while step != .ready {
                do {
                    step = try await answer(step, flow: flow, console: console, phone: &phoneToUse)
                } catch let error as TelegramError {
                    guard case .login = error, failures < 4 else { throw error }
                    failures += 1
                    console.note("\(error.message)\(CLINextStep.forError(error).map { " \($0)" } ?? "")")
                }
            }
            let me = try? await session.account()
            console.line("Logged in\(me.map { " as \($0.displayName)" } ?? ""). Next: `tgt chats`.")
            if global.json { console.emit(["state": "ready"]) }
        }
    }

    /// Asks for what `step` needs and submits it; returns the next step.
    private static func answer(_ step: LoginStep, flow: LoginFlow, console: Console, phone: inout String?) async throws -> LoginStep {
        func ask(_ secret: Bool = false) throws -> String {
            guard let text = console.ask(step.prompt, secret: secret) else { throw InputError("Login was cancelled (no more input).") }
            return text
        }
        switch step {
        case .starting:
            return await flow.waitForChange(from: step, timeout: 30)
        case .phoneNumber:
            let number = try phone ?? ask()
            phone = nil
            return try await flow.submitPhoneNumber(number)
        case .code:
            return try await flow.submitCode(try ask())
        case .password:
            return try await flow.submitPassword(try ask(true))
        case .emailAddress:
            return try await flow.submitEmailAddress(try ask())
        case .emailCode:
            return try await flow.submitEmailCode(try ask())
        case .registration:
            console.note(step.prompt)
            guard let first = console.ask("First name:"), let last = console.ask("Last name (may be empty):") else {
                throw InputError("Login was cancelled (no more input).")
            }
            return try await flow.register(firstName: first, lastName: last)
        case .qrCode(let link):
            console.note(step.prompt)
            if let code = try? QRCode.encode(link) { console.note(TerminalQR.render(code)) }
            console.note("Link: \(link)\nWaiting for you to confirm on your phone (up to 2 minutes)…")
            let next = await flow.waitForChange(from: step, timeout: 120)
            if next == step { throw TelegramError.login("The QR code was not scanned in time.", next: "Run `tgt login --qr` again.") }
            return next
        case .unsupported(let why):
            throw TelegramError.login(why, next: nil)
        case .loggingOut, .closed:
            throw TelegramError.login("The session is logging out.", next: "Run `tgt login` again in a moment.")
        case .ready:
            return step
        }
    }
}

/// `tgt logout`: ends the Telegram session (TDLib forgets it).
struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Log out of Telegram on this computer (templates are kept).",
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
