import Foundation
import TgtDomain
import TgtTDLib

/// Where a login stands, as a front end shows it.
public enum LoginStep: Sendable, Equatable {
    case starting
    case phoneNumber
    case code(phoneNumber: String, delivery: String, length: Int?)
    case password(hint: String)
    case emailAddress
    case emailCode(pattern: String, length: Int)
    case registration
    case qrCode(link: String)
    /// Telegram wants an in-store Premium purchase first: only official mobile apps can do that.
    case unsupported(String)
    case ready
    case loggingOut
    case closed

    public init(_ state: AuthorizationState?) {
        switch state {
        case nil, .waitTdlibParameters?: self = .starting
        case .waitPhoneNumber?: self = .phoneNumber
        case .waitCode(let info)?:
            self = .code(phoneNumber: info.phoneNumber, delivery: info.type.deliveryDescription, length: info.type.length.map(Int.init))
        case .waitPassword(let hint, _, _)?: self = .password(hint: hint)
        case .waitEmailAddress?: self = .emailAddress
        case .waitEmailCode(_, _, let info)?: self = .emailCode(pattern: info.emailAddressPattern, length: Int(info.length))
        case .waitRegistration?: self = .registration
        case .waitOtherDeviceConfirmation(let link)?: self = .qrCode(link: link)
        case .waitPremiumPurchase?: self = .unsupported("Telegram asks for a Premium purchase to log in with this number; log in once with an official Telegram app first.")
        case .ready?: self = .ready
        case .loggingOut?, .closing?: self = .loggingOut
        case .closed?: self = .closed
        case .unknown(let name)?: self = .unsupported("Telegram asked for a login step this version does not know (\(name)).")
        }
    }

    /// What to ask the person, in one line.
    public var prompt: String {
        switch self {
        case .starting: "Starting Telegram…"
        case .phoneNumber: "Your phone number, in international format (e.g. +39 333 1234567):"
        case .code(_, let delivery, let length): "The login code Telegram sent \(delivery)\(length.map { " (\($0) digits)" } ?? ""):"
        case .password(let hint): hint.isEmpty ? "Your two-step verification password:" : "Your two-step verification password (hint: \(hint)):"
        case .emailAddress: "Telegram needs an email address for logging in:"
        case .emailCode(let pattern, _): "The code Telegram emailed to \(pattern):"
        case .registration: "This number has no Telegram account yet. Your first and last name to create one:"
        case .qrCode: "Scan this QR code with Telegram on your phone: Settings → Devices → Link Desktop Device."
        case .unsupported(let why): why
        case .ready: "Logged in."
        case .loggingOut: "Logging out…"
        case .closed: "The Telegram session is closed."
        }
    }
}

/// Drives TDLib's login state machine one answer at a time, checking input before it is sent
/// and turning TDLib's error codes into sentences.
public struct LoginFlow: Sendable {
    public let session: TelegramSession
    /// How long one step may wait for Telegram before it gives up with a clear message.
    public var timeout: Double

    public init(session: TelegramSession, timeout: Double = 30) {
        self.session = session
        self.timeout = timeout
    }

    public var step: LoginStep { LoginStep(session.authorizationState) }

    public func submitPhoneNumber(_ text: String) async throws(TelegramError) -> LoginStep {
        let phone = try Self.normalizePhone(text)
        return try await perform(TDFunctions.SetAuthenticationPhoneNumber(phone))
    }

    public func submitCode(_ text: String) async throws(TelegramError) -> LoginStep {
        let code = text.filter { !$0.isWhitespace && $0 != "-" }
        guard !code.isEmpty else { throw .login("Type the code Telegram sent you.", next: nil) }
        return try await perform(TDFunctions.CheckAuthenticationCode(code))
    }

    public func submitPassword(_ password: String) async throws(TelegramError) -> LoginStep {
        guard !password.isEmpty else { throw .login("Type your two-step verification password.", next: nil) }
        return try await perform(TDFunctions.CheckAuthenticationPassword(password))
    }

    public func submitEmailAddress(_ text: String) async throws(TelegramError) -> LoginStep {
        let email = text.trimmingCharacters(in: .whitespaces)
        guard email.contains("@"), email.contains("."), !email.contains(" ") else {
            throw .login("“\(email)” does not look like an email address.", next: nil)
        }
        return try await perform(TDFunctions.SetAuthenticationEmailAddress(email))
    }

    public func submitEmailCode(_ text: String) async throws(TelegramError) -> LoginStep {
        let code = text.trimmingCharacters(in: .whitespaces)
        guard !code.isEmpty else { throw .login("Type the code from the email.", next: nil) }
        return try await perform(TDFunctions.CheckAuthenticationEmailCode(code))
    }

    public func register(firstName: String, lastName: String) async throws(TelegramError) -> LoginStep {
        let first = firstName.trimmingCharacters(in: .whitespaces)
        guard (1...64).contains(first.count) else { throw .login("The first name must be 1–64 characters.", next: nil) }
        let last = lastName.trimmingCharacters(in: .whitespaces)
        guard last.count <= 64 else { throw .login("The last name must be at most 64 characters.", next: nil) }
        return try await perform(TDFunctions.RegisterUser(firstName: first, lastName: last))
    }

    /// Switches to QR-code login; the step carries the `tg://login?token=…` link to show.
    public func requestQRCode() async throws(TelegramError) -> LoginStep {
        try await perform(TDFunctions.RequestQrCodeAuthentication())
    }

    /// Waits (at most `timeout` seconds) for the login to move on from `current` by itself, as
    /// it does when a QR code is scanned on another device.
    public func waitForChange(from current: LoginStep, timeout: Double) async -> LoginStep {
        let state = await session.waitForAuthorization(timeout: timeout) { LoginStep($0) != current }
        return state.map(LoginStep.init) ?? current
    }

    /// Logs out: TDLib forgets the session and closes.
    public func logOut() async throws(TelegramError) {
        do {
            _ = try await session.send(TDFunctions.LogOut(), timeout: timeout)
        } catch {
            throw Self.describe(error, connection: session.connection.current)
        }
        _ = await session.waitForAuthorization(timeout: timeout) { $0 == .closed }
    }

    private func perform<F: TDFunction>(_ function: F) async throws(TelegramError) -> LoginStep {
        do {
            _ = try await session.send(function, timeout: timeout)
        } catch {
            throw Self.describe(error, connection: session.connection.current)
        }
        return step
    }

    /// "+39 333-123 4567" → "+393331234567"; refuses anything that is not 7–15 digits.
    public static func normalizePhone(_ text: String) throws(TelegramError) -> String {
        let kept = text.filter { !" -().".contains($0) }
        let digits = kept.hasPrefix("+") ? String(kept.dropFirst()) : kept
        guard (7...15).contains(digits.count), digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else {
            throw .login("“\(text)” is not a phone number.", next: "Use the international format with the country code, e.g. +39 333 1234567.")
        }
        return "+" + digits
    }

    /// Turns TDLib's answer into a sentence (timeouts mention the connection state).
    static func describe(_ error: TDError, connection: ConnectionState?) -> TelegramError {
        switch error {
        case .timeout(_, let seconds):
            let state = connection.map { $0.label } ?? "no connection state"
            return .unreachable("no answer in \(Int(seconds)) s; \(state)")
        case .tdlib(let code, let message, _):
            if let retry = error.retryAfter {
                return .login("Too many attempts: Telegram asks to wait \(retry) seconds.", next: "Try again later.")
            }
            switch message {
            case "PHONE_NUMBER_INVALID": return .login("Telegram says that phone number is not valid.", next: "Use the international format, e.g. +39 333 1234567.")
            case "PHONE_NUMBER_BANNED": return .login("This phone number is banned from Telegram.", next: nil)
            case "PHONE_CODE_INVALID": return .login("That code is not right.", next: "Check the code and type it again.")
            case "PHONE_CODE_EXPIRED": return .login("That code has expired.", next: TelegramError.startLoginAgainForNewCode)
            case "PASSWORD_HASH_INVALID": return .login("That password is not right.", next: "Type it again (the hint may help).")
            case "EMAIL_INVALID": return .login("Telegram does not accept that email address.", next: nil)
            case "EMAIL_CODE_INVALID": return .login("That email code is not right.", next: "Check the email and type the code again.")
            case "FIRSTNAME_INVALID": return .login("Telegram does not accept that first name.", next: nil)
            case let m where m.hasPrefix("Call to") && m.hasSuffix("unexpected"):
                return .login("That step does not fit where the login is now.", next: TelegramError.startLoginAgain)
            default: return .login("Telegram said: \(message) (\(code)).", next: nil)
            }
        case .closed: return .login("The Telegram session closed during login.", next: TelegramError.logInAgain)
        default: return .request(error)
        }
    }
}
