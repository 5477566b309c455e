import Foundation
import TgtTelegram

/// One login step as every face asks it: a stable key (`LoginStep.key`: "phone_number",
/// "code", "qr_code" …), the question in words, and the link a QR code shows.
public struct LoginPrompt: Sendable, Equatable {
    public var key: String
    public var prompt: String
    public var qrLink: String?

    public init(key: String, prompt: String, qrLink: String? = nil) {
        self.key = key
        self.prompt = prompt
        self.qrLink = qrLink
    }

    public init(_ step: LoginStep) {
        var link: String?
        if case .qrCode(let qr) = step { link = qr }
        self.init(key: step.key, prompt: step.prompt, qrLink: link)
    }

    public var isReady: Bool { key == "ready" }
}

/// An answer to a login step.
public enum LoginAnswer: Sendable, Equatable {
    case phoneNumber(String)
    case code(String)
    case password(String)
    case emailAddress(String)
    case emailCode(String)
    case registration(firstName: String, lastName: String)
    /// Log in by scanning a QR code on another device instead of a phone number.
    case qrCode
}

/// Telegram's login, one answer at a time, on whichever session a face has: its own
/// (`SessionLoginSteps`) or a running dashboard's. A refused answer throws an error whose
/// `code` is "login" (its message says why; the step stays).
public protocol LoginSteps: Sendable {
    func current() async throws -> LoginPrompt
    func answer(_ answer: LoginAnswer) async throws -> LoginPrompt
    /// Waits up to `timeout` seconds for the step to move on by itself (TDLib starting, a QR
    /// code scanned); returns the step then.
    func waitForChange(from step: LoginPrompt, timeout: Double) async throws -> LoginPrompt
    /// The account's name once logged in.
    func accountName() async -> String?
}

/// The login on this process's own session (TDLib's state machine through `LoginFlow`).
public struct SessionLoginSteps: LoginSteps {
    let flow: LoginFlow

    init(flow: LoginFlow) {
        self.flow = flow
    }

    public func current() async throws -> LoginPrompt { LoginPrompt(flow.step) }

    public func answer(_ answer: LoginAnswer) async throws -> LoginPrompt {
        LoginPrompt(try await submit(answer))
    }

    /// Submits `answer`; the step it leads to, or the refusal (the step stays).
    public func submit(_ answer: LoginAnswer) async throws(TelegramError) -> LoginStep {
        switch answer {
        case .phoneNumber(let text): try await flow.submitPhoneNumber(text)
        case .code(let text): try await flow.submitCode(text)
        case .password(let text): try await flow.submitPassword(text)
        case .emailAddress(let text): try await flow.submitEmailAddress(text)
        case .emailCode(let text): try await flow.submitEmailCode(text)
        case .registration(let first, let last): try await flow.register(firstName: first, lastName: last)
        case .qrCode: try await flow.requestQRCode()
        }
    }

    public func waitForChange(from step: LoginPrompt, timeout: Double) async throws -> LoginPrompt {
        let now = flow.step
        guard LoginPrompt(now) == step else { return LoginPrompt(now) }
        return LoginPrompt(await flow.waitForChange(from: now, timeout: timeout))
    }

    public func accountName() async -> String? {
        (try? await flow.session.account())?.displayName
    }
}
