import Foundation
import Testing
import TgtAppModel
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTelegram
import TgtTestSupport

@Suite("The app from first launch to first send", .timeLimit(.minutes(5)))
@MainActor
struct FirstLaunchTests {
    @Test("no credentials → credentials screen → login (code, 2FA) → editor → one tap → ✓ per target")
    func firstLaunchToFirstSend() async throws {
        let fixture = try AppFixture(scenario: SimulatorScenario(account: SimulatedAccount(password: "pw", passwordHint: "the usual")),
                                     credentials: false)
        defer { fixture.remove() }
        let app = try AppModel(services: fixture.services)
        await app.start()
        #expect(app.route == .credentials)

        // Credentials: nothing is marked before a try; then every message; nothing saved on bad input.
        let credentials = app.credentials
        #expect(credentials.idMessage == nil && credentials.hashMessage == nil && !credentials.canSave)
        #expect(await credentials.save() == false)
        #expect(credentials.idMessage?.description == "Enter the API id.")
        #expect(credentials.hashMessage?.description == "Enter the API hash.")
        credentials.apiID = "-5"
        credentials.apiHash = "xyz"
        #expect(credentials.idMessage?.description == "The API id is a positive whole number, like 1234567.")
        #expect(credentials.hashMessage?.description == "The API hash is 32 characters of 0–9 and a–f (you have 3).")
        credentials.apiID = "99999999999"
        #expect(credentials.idMessage != nil, "larger than 32 bits")
        #expect(await credentials.save() == false)
        #expect(try fixture.secrets.credentials() == nil)
        #expect(app.route == .credentials)
        credentials.apiID = " 1234567 "
        credentials.apiHash = String(repeating: "0123456789ABCDEF", count: 2)
        #expect(credentials.idMessage == nil && credentials.hashMessage == nil && credentials.canSave)
        #expect(await credentials.save())
        #expect(try fixture.secrets.credentials()?.apiID == 1234567)
        #expect(credentials.apiHash.isEmpty, "the hash does not linger in the form")

        // Login: phone, a wrong code, the right one, 2FA with its hint.
        try await eventually("the phone step") { app.route == .login && app.login.step == .phoneNumber }
        #expect(app.login.prompt.description.contains("phone number"))
        await app.login.submit()
        #expect(app.login.error?.description == "Type your phone number.")
        app.login.phoneNumber = "12"
        await app.login.submit()
        #expect(app.login.error?.description.contains("is not a phone number") == true)
        app.login.phoneNumber = fixture.simulator.account.phoneNumber
        await app.login.submit()
        #expect(app.login.codeDelivery?.isEmpty == false)
        #expect(app.login.prompt.description.hasPrefix("Enter the 5-digit code Telegram sent"))
        app.login.code = "00000"
        await app.login.submit()
        #expect(app.login.error?.description == "That code is not right.")
        app.login.code = fixture.simulator.account.code
        await app.login.submit()
        #expect(app.login.passwordHint == "the usual")
        #expect(app.login.prompt.description.contains("hint: the usual"))
        app.login.password = "pw"
        await app.login.submit()
        try await eventually("the main screen") { app.route == .main }
        try await eventually("settings show the account") { app.settings.accountName.description == "Demo User" }
        #expect(app.templates.emptyText?.title.description == "No templates yet")

        // Editor: two targets from the picker (one a forum topic, found by search), a variable.
        let editor = app.editor(for: nil)
        #expect(editor.saveBlockedReason?.description == "Fix the marked fields to save.")
        await editor.picker.load()
        #expect(editor.picker.state == .loaded)
        editor.picker.search = "stand"
        let topic = try #require(editor.picker.rows.first { $0.isTopic })
        #expect(topic.target.displayName == "Work › Standups")
        editor.picker.toggle(topic.target)
        editor.picker.search = ""
        let family = try #require(editor.picker.rows.first { $0.target.chatTitle == "Family" && !$0.isTopic })
        #expect(family.detail?.description == "5 members")
        editor.picker.toggle(family.target)
        editor.name = "Standup in 5"
        editor.icon = .clock
        editor.body = "Standup in *{{minutes}}* minutes"
        let saved = try #require(editor.save())
        #expect(saved.targets.map(\.displayName) == ["Work › Standups", "Family"])
        try await eventually("the grid shows it, from the store") { app.templates.templates.map(\.name) == ["Standup in 5"] }
        #expect(fixture.widgets.reloads >= 1)

        // One tap: values asked first, then ✓ for both targets, then back to idle.
        #expect(await app.templates.send(saved) == .needsValues(["minutes"]))
        #expect(app.templates.state(of: saved.id) == .idle)
        #expect(await app.templates.send(saved, values: ["minutes": "5"]) == .queued)
        try await eventually("sent") {
            if case .sent = app.templates.state(of: saved.id) { return true }
            return false
        }
        let delivered = fixture.simulator.deliveredMessages
        #expect(delivered.map(\.chatID) == [-1001000000002, -1001000000001])
        #expect(delivered.first?.topicID == 11)
        #expect(delivered.allSatisfy { $0.content == "Standup in 5 minutes" })
        #expect(app.templates.state(of: saved.id) != .idle, "the ✓ stays until its display time has passed")
        try await eventually("the ✓ goes away once the display time has passed") {
            fixture.clock.advance(by: 0.2)
            return app.templates.state(of: saved.id) == .idle
        }
        let log = try fixture.store.recentSends()
        #expect(log.count == 2 && log.allSatisfy { $0.status == .sent })
        #expect(try fixture.store.sendJobs().map(\.state) == [.sent])
        await app.shutdown()
    }

    @Test("real libtdjson: saved credentials take the app from the credentials screen to the phone step; one TDLib owner")
    func realTDLib() async throws {
        let root = try TestDirectory("app-real")
        defer { root.remove() }
        let containers = try AppContainers(shared: root.url.appendingPathComponent("group"), privateFolder: root.url.appendingPathComponent("private"))
        let services = try AppServices.app(
            containers: containers, clock: TestClock(), backend: .tdlib(try OfflineTDLib.library()), secrets: MemorySecretStore(),
            location: ScriptedLocation(), widgets: WidgetCounter(), appVersion: "1.0")
        let app = try AppModel(services: services)
        await app.start()
        #expect(app.route == .credentials)
        // A second app (or the widget process by mistake) cannot open the same TDLib folder.
        do {
            _ = try AppModel(services: services)
            Issue.record("a second owner was allowed")
        } catch {
            #expect(AppModel.startupFailure(error).description.contains("process \(getpid())"))
        }
        app.credentials.apiID = "94575"
        app.credentials.apiHash = "a3406de8d171bb422bb6ddf3bbd800e2"
        #expect(await app.credentials.save())
        try await eventually("TDLib asks for the phone number") { app.route == .login && app.login.step == .phoneNumber }
        // TDLib's database is in the private folder, never in the shared one.
        #expect(FileManager.default.fileExists(atPath: containers.privateFolder.appendingPathComponent("tdlib").path))
        let shared = try FileManager.default.contentsOfDirectory(atPath: containers.shared.path)
        #expect(shared.allSatisfy { $0.hasPrefix("tgtemplates.sqlite") }, "shared container holds only the store: \(shared)")
        await app.shutdown()
        #expect(await app.host.sessionHost.session == nil)
        // Closed cleanly: the folder can be opened again.
        let again = try AppModel(services: services)
        await again.shutdown()
    }

    @Test("the private TDLib folder may not sit inside the shared container")
    func containersApart() throws {
        let base = URL(fileURLWithPath: "/tmp/tgt-containers")
        #expect(throws: AppSetupError.overlappingContainers) {
            try AppContainers(shared: base, privateFolder: base.appendingPathComponent("tdlib"))
        }
        #expect(throws: AppSetupError.overlappingContainers) {
            try AppContainers(shared: base.appendingPathComponent("x"), privateFolder: base)
        }
        #expect(throws: Never.self) {
            try AppContainers(shared: base.appendingPathComponent("group"), privateFolder: base.appendingPathComponent("group-private"))
        }
    }
}
