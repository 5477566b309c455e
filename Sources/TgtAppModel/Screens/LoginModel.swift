import Foundation
import TgtApplication
import Observation

/// Telegram login: phone number, code (saying how it was sent), two-step password with its
/// hint, QR code, email address and email code, sign-up; busy and error states, and
/// "start over", which logs the half-done login out so TDLib asks for the phone again.
@Observable @MainActor
public final class LoginModel {
    public private(set) var step: LoginStep = .starting
    public var phoneNumber = ""
    public var code = ""
    public var password = ""
    public var emailAddress = ""
    public var emailCode = ""
    public var firstName = ""
    public var lastName = ""
    public private(set) var isBusy = false
    public private(set) var error: AppText?

    @ObservationIgnored let host: LiveSession

    init(host: LiveSession) {
        self.host = host
    }

    /// What to ask now.
    public var prompt: AppText { AppText.prompt(step) }

    /// The `tg://login?token=…` link to show as a QR code, at the QR step.
    public var qrLink: String? {
        if case .qrCode(let link) = step { return link }
        return nil
    }

    /// How the code was sent ("by SMS", "in Telegram on your other device"), at the code step.
    public var codeDelivery: String? {
        if case .code(_, let delivery, _) = step { return delivery }
        return nil
    }

    /// The 2FA password hint, at the password step.
    public var passwordHint: String? {
        if case .password(let hint) = step, !hint.isEmpty { return hint }
        return nil
    }

    /// Whether the current step takes typed input (the QR step waits for a scan instead).
    public var acceptsInput: Bool {
        switch step {
        case .phoneNumber, .code, .password, .emailAddress, .emailCode, .registration: true
        default: false
        }
    }

    /// Sends what was typed for the current step.
    public func submit() async {
        guard !isBusy else { return }
        if let empty = emptyFieldMessage() {
            error = empty
            return
        }
        await run { steps, step throws(TelegramError) in
            switch step {
            case .phoneNumber: try await steps.submit(.phoneNumber(self.phoneNumber))
            case .code: try await steps.submit(.code(self.code))
            case .password: try await steps.submit(.password(self.password))
            case .emailAddress: try await steps.submit(.emailAddress(self.emailAddress))
            case .emailCode: try await steps.submit(.emailCode(self.emailCode))
            case .registration: try await steps.submit(.registration(firstName: self.firstName, lastName: self.lastName))
            default: step
            }
        }
    }

    /// Logs in by scanning a QR code with another device instead of typing a code.
    public func useQRCode() async {
        guard !isBusy else { return }
        await run { steps, _ throws(TelegramError) in try await steps.submit(.qrCode) }
    }

    /// Throws away the login in progress and starts again from the phone number.
    public func startOver() async {
        guard !isBusy else { return }
        isBusy = true
        error = nil
        defer { isBusy = false }
        do {
            try await host.logOut()
        } catch {
            await host.restart()
        }
        clearFields()
        if let step = await host.state(accountName: false).step { show(step) }
    }

    /// Called as TDLib moves on (also by itself, as when a QR code is scanned).
    func show(_ newStep: LoginStep) {
        guard newStep != step else { return }
        if case .code = newStep {} else { code = "" }
        password = ""
        step = newStep
    }

    private func run(_ action: @escaping (SessionLoginSteps, LoginStep) async throws(TelegramError) -> LoginStep) async {
        isBusy = true
        error = nil
        defer { isBusy = false }
        do {
            show(try await action(try await host.loginSteps(), step))
        } catch {
            // Only the sentence: the login screen itself is the next step.
            self.error = .failure(error)
        }
    }

    private func emptyFieldMessage() -> AppText? {
        func blank(_ text: String) -> Bool { text.trimmingCharacters(in: .whitespaces).isEmpty }
        switch step {
        case .phoneNumber where blank(phoneNumber): return AppText("login.empty.phone")
        case .code where blank(code): return AppText("login.empty.code")
        case .password where password.isEmpty: return AppText("login.empty.password")
        case .emailAddress where blank(emailAddress): return AppText("login.empty.email")
        case .emailCode where blank(emailCode): return AppText("login.empty.code")
        case .registration where blank(firstName): return AppText("login.empty.firstName")
        default: return nil
        }
    }

    private func clearFields() {
        code = ""
        password = ""
        emailCode = ""
    }
}
