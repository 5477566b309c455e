import Foundation
import Testing
import TgtAppModel
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTelegram
import TgtTestSupport

@Suite("Login, settings and location", .timeLimit(.minutes(5)))
@MainActor
struct LoginSettingsLocationTests {
    @Test("start over really restarts the login; QR login moves on by itself when scanned")
    func startOverAndQR() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try AppModel(services: fixture.services)
        await app.start()
        try await eventually("phone step") { app.login.step == .phoneNumber }
        app.login.phoneNumber = fixture.simulator.account.phoneNumber
        await app.login.submit()
        #expect(app.login.codeDelivery != nil)
        await app.login.startOver()
        try await eventually("back at the phone step") { app.login.step == .phoneNumber && app.route == .login }
        #expect(!app.login.isBusy)

        await app.login.useQRCode()
        let link = try #require(app.login.qrLink)
        #expect(link.hasPrefix("tg://login?token="))
        #expect(!app.login.acceptsInput)
        fixture.simulator.confirmQRLogin()
        try await eventually("logged in by the scan") { app.route == .main }
        await app.shutdown()
    }

    @Test("logout only after confirming; the app goes back to login and queued taps wait")
    func logout() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let template = try fixture.addTemplates(["Hi"])[0]
        let app = try AppModel(services: fixture.services)
        await app.start()
        try await logIn(app, fixture.simulator)
        try await eventually("account shown") { app.settings.accountName.description == "Demo User" }
        #expect(app.settings.version.description == "Version 1.0 (7)")
        await app.settings.confirmLogout()
        #expect(app.route == .main, "no logout without the confirmation")
        app.settings.requestLogout()
        #expect(app.settings.logoutConfirmation.title.description == "Log out of Telegram?")
        app.settings.cancelLogout()
        await app.settings.confirmLogout()
        #expect(app.route == .main)
        app.settings.requestLogout()
        await app.settings.confirmLogout()
        try await eventually("login screen") { app.route == .login && app.login.step == .phoneNumber }
        #expect(app.settings.accountName.description == "Not logged in")
        #expect(await app.tap(templateID: template.id, source: .widget).description == "queued(pending, notLoggedIn)")
        try await logIn(app, fixture.simulator)
        try await eventually("the queued tap went out after the new login") { fixture.simulator.deliveredMessages.count == 1 }
        await app.shutdown()
    }

    @Test("settings: location permission in words, default location validated and saved")
    func settings() async throws {
        let location = ScriptedLocation(.fails(.denied), permission: .denied)
        let fixture = try AppFixture(location: location)
        defer { fixture.remove() }
        let app = try AppModel(services: fixture.services)
        await app.settings.reload()
        #expect(app.settings.locationText.description.hasPrefix("Off: allow it in Settings"))
        location.set(.fails(.denied), permission: .allowed)
        await app.settings.reload()
        #expect(app.settings.locationText.description == "Allowed while using the app")
        app.settings.defaultLocation = "north pole"
        #expect(!app.settings.saveDefaultLocation())
        #expect(app.settings.defaultLocationError?.description.hasPrefix("Write the location as latitude, longitude") == true)
        #expect(try fixture.store.defaultLocation() == nil)
        app.settings.defaultLocation = "45.4642, 9.19"
        #expect(app.settings.saveDefaultLocation())
        #expect(try fixture.store.defaultLocation() == Coordinate(latitude: 45.4642, longitude: 9.19))
        app.settings.defaultLocation = ""
        #expect(app.settings.saveDefaultLocation())
        #expect(try fixture.store.defaultLocation() == nil)
        await app.shutdown()
    }

    @Test("location: a fix, a timeout (provider never answers), refusal with and without a default, per template")
    func locationResolver() async throws {
        let location = ScriptedLocation(.never, permission: .allowed)
        let fixture = try AppFixture(location: location)
        defer { fixture.remove() }
        let milan = try #require(Coordinate(latitude: 45.4642, longitude: 9.19))
        let native = Template(name: "Here", body: "I am here", targets: [AppFixture.family], locationMode: .native)
        let link = Template(name: "Link", body: "On my way", targets: [AppFixture.family], locationMode: .mapLink)
        let inText = Template(name: "Text", body: "At {{latitude}}", targets: [AppFixture.family])
        let plain = Template(name: "Plain", body: "Hi", targets: [AppFixture.family])
        let clock = TestClock()
        let resolver = LocationResolver(provider: location, workspace: fixture.workspace, timeout: 10, clock: clock)
        #expect(await resolver.resolve(for: plain) == .notNeeded)

        // The provider never answers: the timeout, on the clock, wins once 10 s have passed.
        let lookup = Task { await resolver.resolve(for: link) }
        try await eventually("the lookup waits on the clock") { clock.sleeperCount > 0 }
        clock.advance(by: 9)
        #expect(clock.sleeperCount == 1, "not before its 10 s")
        clock.advance(by: 1)
        let timedOut = await lookup.value
        #expect(timedOut.notice == "Your location was not found within 10 seconds.")
        if case .without = timedOut {} else { Issue.record("a map link can go without: \(timedOut)") }
        let nativeLookup = Task { await resolver.resolve(for: native) }
        try await eventually("the lookup waits on the clock") { clock.sleeperCount > 0 }
        clock.advance(by: 10)
        #expect(await nativeLookup.value.notice
            == "Your location was not found within 10 seconds. “Here” needs a location, so it was not sent. Allow location access or set a default location in Settings.")
        location.set(.fails(.denied), permission: .denied)
        #expect(await resolver.resolve(for: inText).isRefused)
        try fixture.store.setDefaultLocation(milan)
        let fallback = await resolver.resolve(for: native)
        #expect(fallback.notice == "Location access is off. Your default location was used instead.")
        if case .fallback(let used, _) = fallback { #expect(used == milan) } else { Issue.record("no fallback: \(fallback)") }
        location.set(.at(milan), permission: .allowed)
        #expect(await resolver.resolve(for: native) == .located(milan))
        #expect(LocationResolver.needs(link) == (uses: true, required: false))
        #expect(LocationResolver.needs(inText) == (uses: true, required: true))
    }

    @Test("a map-link template goes out without the link when location is refused, and says so; a native one is not sent")
    func sendWithoutLocation() async throws {
        let location = ScriptedLocation(.fails(.denied), permission: .denied)
        let fixture = try AppFixture(location: location)
        defer { fixture.remove() }
        let link = try fixture.store.insert(Template(name: "Link", body: "On my way", targets: [AppFixture.family], locationMode: .mapLink))
        let native = try fixture.store.insert(Template(name: "Pin", body: "Here", targets: [AppFixture.family], locationMode: .native))
        let app = try AppModel(services: fixture.services)
        await app.start()
        try await logIn(app, fixture.simulator)
        await app.templates.send(link)
        try await eventually("sent") { if case .sent = app.templates.state(of: link.id) { true } else { false } }
        #expect(app.templates.state(of: link.id).notice == "Location access is off.")
        #expect(fixture.simulator.deliveredMessages.map(\.content) == ["On my way"])
        await app.templates.send(native)
        try await eventually("refused") { if case .failed = app.templates.state(of: native.id) { true } else { false } }
        #expect(app.templates.state(of: native.id).notice?.hasSuffix("set a default location in Settings.") == true)
        #expect(fixture.simulator.deliveredMessages.count == 1)
        await app.shutdown()
    }
}

extension LocationOutcome {
    var notice: String? {
        switch self {
        case .fallback(_, let notice), .without(let notice), .refused(let notice): notice.description
        default: nil
        }
    }

    var isRefused: Bool {
        if case .refused = self { return true }
        return false
    }
}

extension SendState {
    var notice: String? {
        switch self {
        case .sent(let notice), .failed(_, let notice): notice?.description
        default: nil
        }
    }
}
