import Foundation
import Testing
import TgtSimulator
import TgtStore
import TgtTDLib
import TgtTelegram
import TgtTestSupport

@Suite("Login against the simulator")
struct LoginTests {
    @Test("phone, code and 2FA password, with wrong answers on the way; the session survives a restart")
    func twoFactorLogin() async throws {
        let t = try SimulatedTelegram(scenario: SimulatorScenario(account: SimulatedAccount(password: "hunter2", passwordHint: "the usual")))
        defer { t.remove() }
        let open = try await t.environment.openSession()
        let flow = LoginFlow(session: open.session, timeout: 30)
        #expect(flow.step == .phoneNumber)
        await #expect(throws: TelegramError.self) { try await flow.submitPhoneNumber("12") }
        var step = try await flow.submitPhoneNumber("+1 (555) 555-0123")
        #expect(step == .code(phoneNumber: "+15555550123", delivery: "in a Telegram message on your other devices", length: 5))
        await #expect(throws: TelegramError.login("That code is not right.", next: "Check the code and type it again.")) {
            try await flow.submitCode("00000")
        }
        step = try await flow.submitCode("12345")
        #expect(step == .password(hint: "the usual"))
        #expect(step.prompt.contains("hint: the usual"))
        await #expect(throws: TelegramError.self) { try await flow.submitPassword("wrong") }
        step = try await flow.submitPassword("hunter2")
        #expect(step == .ready)
        #expect(try await open.session.account().displayName == "Demo User")
        await open.close()

        let again = try await t.environment.openSession()
        #expect(LoginFlow(session: again.session).step == .ready)
        try await LoginFlow(session: again.session, timeout: 30).logOut()
        await again.close()
        let third = try await t.environment.openSession()
        #expect(LoginFlow(session: third.session).step == .phoneNumber)
        await third.close()
    }

    @Test("QR login shows a tg://login link and finishes when another device confirms")
    func qrLogin() async throws {
        let t = try SimulatedTelegram()
        defer { t.remove() }
        let open = try await t.environment.openSession()
        let flow = LoginFlow(session: open.session, timeout: 30)
        let step = try await flow.requestQRCode()
        guard case .qrCode(let link) = step else {
            Issue.record("expected a QR step, got \(step)")
            return
        }
        #expect(link.hasPrefix("tg://login?token="))
        t.simulator.confirmQRLogin()
        #expect(await flow.waitForChange(from: step, timeout: 30) == .ready)
        await open.close()
    }

    @Test("email address, email code and registration steps are handled, not stuck")
    func emailAndRegistration() async throws {
        let t = try SimulatedTelegram(scenario: SimulatorScenario(account: SimulatedAccount(requiresEmail: true, isNewUser: true)))
        defer { t.remove() }
        let open = try await t.environment.openSession()
        let flow = LoginFlow(session: open.session, timeout: 30)
        #expect(try await flow.submitPhoneNumber("+15555550123") == .emailAddress)
        await #expect(throws: TelegramError.self) { try await flow.submitEmailAddress("not-an-email") }
        #expect(try await flow.submitEmailAddress("ada@example.com") == .emailCode(pattern: "d***@example.com", length: 6))
        guard case .code = try await flow.submitEmailCode("654321") else {
            Issue.record("expected the phone code step")
            return
        }
        #expect(try await flow.submitCode("12345") == .registration)
        await #expect(throws: TelegramError.self) { try await flow.register(firstName: " ", lastName: "") }
        #expect(try await flow.register(firstName: "Ada", lastName: "Lovelace") == .ready)
        await open.close()
    }

    @Test("with no network a login step ends with a clear message instead of hanging")
    func outage() async throws {
        let t = try SimulatedTelegram()
        defer { t.remove() }
        t.simulator.setOutage(true)
        let open = try await t.environment.openSession()
        let flow = LoginFlow(session: open.session, timeout: 0.5)
        await #expect {
            _ = try await flow.submitPhoneNumber("+15555550123")
        } throws: { error in
            guard let error = error as? TelegramError, case .unreachable(let what) = error else { return false }
            return what.contains("waiting for network")
        }
        await open.close()
    }

    @Test("a second session on the same folder is refused and names the holder")
    func oneOwnerPerFolder() async throws {
        let t = try SimulatedTelegram()
        defer { t.remove() }
        let open = try await t.environment.openSession()
        await #expect(throws: TelegramError.sessionInUse(pid: ProcessInfo.processInfo.processIdentifier, folder: t.folder.url.standardizedFileURL.path)) {
            _ = try await t.environment.openSession()
        }
        await open.close()
        let reopened = try await t.environment.openSession()
        await reopened.close()
    }
}
