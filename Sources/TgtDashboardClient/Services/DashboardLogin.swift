import Foundation
import TgtApplication

/// The login of the running dashboard's session, through its login API: the same steps as a
/// session of our own, so `tgt login` does not know which it has.
public struct DashboardLoginSteps: LoginSteps {
    public let client: DashboardClient

    public init(client: DashboardClient) {
        self.client = client
    }

    public func current() async throws -> LoginPrompt {
        Self.prompt(try await client.loginStep())
    }

    public func answer(_ answer: LoginAnswer) async throws -> LoginPrompt {
        let reply = switch answer {
        case .phoneNumber(let text): try await client.answerLogin("phone_number", ["phone_number": text])
        case .code(let text): try await client.answerLogin("code", ["code": text])
        case .password(let text): try await client.answerLogin("password", ["password": text])
        case .emailAddress(let text): try await client.answerLogin("email_address", ["email_address": text])
        case .emailCode(let text): try await client.answerLogin("email_code", ["code": text])
        case .registration(let first, let last): try await client.answerLogin("registration", ["first_name": first, "last_name": last])
        case .qrCode: try await client.answerLogin("qr", [:])
        }
        return Self.prompt(reply)
    }

    /// Asks the dashboard again once a second (its login API has no stream of its own).
    public func waitForChange(from step: LoginPrompt, timeout: Double) async throws -> LoginPrompt {
        var waited = 0.0
        while waited < timeout {
            try await Task.sleep(nanoseconds: 1_000_000_000)
            waited += 1
            let next = try await current()
            if next != step { return next }
        }
        return step
    }

    public func accountName() async -> String? {
        try? await client.status().accountName
    }

    private static func prompt(_ reply: DashboardClient.LoginStepReply) -> LoginPrompt {
        LoginPrompt(key: reply.step, prompt: reply.prompt, qrLink: reply.qrLink)
    }
}
