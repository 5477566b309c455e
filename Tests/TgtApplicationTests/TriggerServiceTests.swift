import Foundation
import Testing
import TgtApplication
import TgtDomain
import TgtStore
import TgtTelegram
import TgtTestSupport

/// Trigger links over a real store on a test clock: the secret is shown once and kept only as a
/// digest; the policy (allowed and pinned values), the rate limit (10 s, 30 in 24 h) and expiry
/// are kept, one at a time even when requests come together; anything that is not a live trigger
/// is the same refusal; a trigger sends nothing but its template.
@Suite("Trigger links", .timeLimit(.minutes(1)))
struct TriggerServiceTests {
    static let family = Target(chatID: -1001000000001, chatTitle: "Family")

    /// What reached the session; `refusal`: what the session's check of an order throws.
    final class Sent: TemplateSending, SendChecking {
        let orders = Locked<[SendOrder]>([])
        let refusal = Locked<(any Error)?>(nil)
        /// What `send` throws after a check that passed (the template changed in between).
        let sendRefusal = Locked<(any Error)?>(nil)
        let checked = Locked(0)
        func check(_ order: SendOrder) async throws {
            checked.withLock { $0 += 1 }
            if let error = refusal.withLock({ $0 }) { throw error }
        }
        func send(_ order: SendOrder, progress: @escaping @Sendable (SendStep) -> Void) async throws -> SendOutcome {
            if let error = sendRefusal.withLock({ $0 }) { throw error }
            orders.withLock { $0.append(order) }
            return SendOutcome(templateName: "x", batchID: nil, items: [.init(target: "-1", title: "Family", sent: true)])
        }
        func scheduleLater(_ order: SendOrder, at date: Date) async throws -> [ScheduledItem] { [] }
        func undo(batchID: UUID) async throws -> UndoOutcome { .alreadyUndone }
        var count: Int { orders.withLock { $0.count } }
    }

    func fixture(_ name: String) throws -> (TestDirectory, AppDatabase, TestClock, Sent, TriggerService) {
        let folder = try TestDirectory(name)
        let store = try AppDatabase.open(in: DataDirectory(url: folder.url), clock: TestClock())
        let clock = TestClock()
        let sent = Sent()
        return (folder, store, clock, sent, TriggerService(store: store, clock: clock))
    }

    @Test("made once: the secret is returned, only its digest is kept; listing, renaming, revoking; drafts and bad names refused")
    func lifecycle() async throws {
        let (folder, store, clock, sent, triggers) = try fixture("triggers-life")
        defer { folder.remove() }
        let home = try store.insert(Template(name: "Home", body: "Home 🏠", targets: [Self.family]))
        let mail = try store.insert(Template(name: "Mail", kind: .email, body: "Hi", to: ["a@example.com"]))
        let made = try triggers.create(templateID: home.id, name: "  Home Assistant: arrived ")
        #expect(made.secret.count == 43 && made.trigger.name == "Home Assistant: arrived")
        let kept = try #require(try store.triggers().first)
        #expect(kept.secretDigest == TriggerService.digest(made.secret) && kept.secretDigest != made.secret)
        #expect(kept.policy == TriggerPolicy() && kept.useCount == 0 && kept.lastUsed == nil)
        #expect(throws: TriggerError.notTelegram("Mail")) { try triggers.create(templateID: mail.id, name: "Mail") }
        #expect(throws: TriggerError.badName) { try triggers.create(templateID: home.id, name: "  ") }
        #expect(throws: TriggerError.badName) { try triggers.create(templateID: home.id, name: String(repeating: "x", count: 65)) }
        #expect(throws: TriggerError.badLimit("Sends a day must be 1 to 1,000.")) {
            try triggers.create(templateID: home.id, name: "x", policy: TriggerPolicy(perDay: 0))
        }
        try triggers.rename(made.trigger.id, to: "Arrived home")
        #expect(try triggers.list().map(\.name) == ["Arrived home"])

        _ = try await triggers.fire(secret: made.secret, variables: [:], sending: sent)
        #expect(sent.count == 1 && sent.orders.withLock { $0 }.first?.templateID == home.id)
        let used = try #require(try store.trigger(id: made.trigger.id))
        #expect(used.useCount == 1 && used.lastUsed == clock.now)

        try triggers.revoke(made.trigger.id)
        #expect(try triggers.list().isEmpty)
        clock.advance(by: 60)
        await #expect(throws: TriggerError.notFound) { try await triggers.fire(secret: made.secret, variables: [:], sending: sent) }
        #expect(throws: TriggerError.notFound) { try triggers.revoke(made.trigger.id) }
        #expect(sent.count == 1)
    }

    @Test("unknown, revoked, expired and template-deleted secrets are one refusal; the confirmation page learns only the name")
    func refusals() async throws {
        let (folder, store, clock, sent, triggers) = try fixture("triggers-refused")
        defer { folder.remove() }
        let home = try store.insert(Template(name: "Home", body: "Home", targets: [Self.family]))
        let gone = try store.insert(Template(name: "Gone", body: "Gone", targets: [Self.family]))
        let expiring = try triggers.create(templateID: home.id, name: "Tag", policy: TriggerPolicy(expires: clock.now.addingTimeInterval(3600)))
        let orphan = try triggers.create(templateID: gone.id, name: "Orphan")
        #expect(try triggers.templateName(forSecret: expiring.secret) == "Home")
        try store.deleteTemplate(id: gone.id)
        clock.advance(by: 3600)
        for secret in [expiring.secret, orphan.secret, "nope", "", String(repeating: "a", count: 10_000)] {
            await #expect(throws: TriggerError.notFound) { try await triggers.fire(secret: secret, variables: [:], sending: sent) }
            #expect(throws: TriggerError.notFound) { try triggers.templateName(forSecret: secret) }
        }
        #expect(sent.count == 0)
        #expect(TriggerError.notFound.message == "There is no such trigger.")
    }

    @Test("values: any, only named ones, none; pinned values win and cannot be given; a bad value counts nothing")
    func values() async throws {
        let (folder, store, clock, sent, triggers) = try fixture("triggers-values")
        defer { folder.remove() }
        let eta = try store.insert(Template(name: "ETA", body: "Home in {{minutes}} min, {{mood}}", targets: [Self.family]))
        let any = try triggers.create(templateID: eta.id, name: "Any", policy: TriggerPolicy(minimumInterval: 0))
        let only = try triggers.create(templateID: eta.id, name: "Only", policy: TriggerPolicy(variables: .only(["minutes"]), pinned: ["mood": "tired"], minimumInterval: 0))
        let none = try triggers.create(templateID: eta.id, name: "None", policy: TriggerPolicy(variables: .none, pinned: ["minutes": "5", "mood": "fine"], minimumInterval: 0))

        _ = try await triggers.fire(secret: any.secret, variables: ["minutes": "10", "mood": "ok"], sending: sent)
        _ = try await triggers.fire(secret: only.secret, variables: ["minutes": "20"], sending: sent)
        _ = try await triggers.fire(secret: none.secret, variables: [:], sending: sent)
        #expect(sent.orders.withLock { $0 }.map(\.variables) == [["minutes": "10", "mood": "ok"], ["minutes": "20", "mood": "tired"], ["minutes": "5", "mood": "fine"]])
        #expect(sent.orders.withLock { $0 }.allSatisfy { $0.hold == .standard }, "the undo hold from Settings, as a tap")

        await #expect(throws: TriggerError.variableNotAllowed("mood")) { try await triggers.fire(secret: only.secret, variables: ["minutes": "1", "mood": "x"], sending: sent) }
        await #expect(throws: TriggerError.variableNotAllowed("minutes")) { try await triggers.fire(secret: none.secret, variables: ["minutes": "1"], sending: sent) }
        await #expect(throws: SendOrderError.self) { try await triggers.fire(secret: any.secret, variables: ["minutes": "1", "typo": "x"], sending: sent) }
        #expect(try store.trigger(id: any.trigger.id)?.useCount == 1, "refused requests count nothing")
        #expect(sent.count == 3)
        _ = clock
    }

    @Test("the rate limit: one send every 10 s and 30 in any 24 hours, with the seconds to wait; five requests at once send one")
    func rateLimit() async throws {
        let (folder, store, clock, sent, triggers) = try fixture("triggers-rate")
        defer { folder.remove() }
        let home = try store.insert(Template(name: "Home", body: "Home", targets: [Self.family]))
        let made = try triggers.create(templateID: home.id, name: "Tag")
        _ = try await triggers.fire(secret: made.secret, variables: [:], sending: sent)
        clock.advance(by: 4)
        await #expect(throws: TriggerError.tooSoon(seconds: 6)) { try await triggers.fire(secret: made.secret, variables: [:], sending: sent) }
        #expect(TriggerError.tooSoon(seconds: 6).retryAfter == 6)
        clock.advance(by: 6)
        for _ in 1..<30 {
            _ = try await triggers.fire(secret: made.secret, variables: [:], sending: sent)
            clock.advance(by: 10)
        }
        #expect(sent.count == 30)
        // The first send was 300 s ago: the 31st waits until it is 24 hours old.
        await #expect(throws: TriggerError.dailyLimit(30, seconds: 86_400 - 300)) { try await triggers.fire(secret: made.secret, variables: [:], sending: sent) }
        clock.advance(by: 86_400 - 300)
        _ = try await triggers.fire(secret: made.secret, variables: [:], sending: sent)
        #expect(sent.count == 31)

        clock.advance(by: 60)
        let results = await withTaskGroup(of: Bool.self) { group -> [Bool] in
            for _ in 0..<5 { group.addTask { (try? await triggers.fire(secret: made.secret, variables: [:], sending: sent)) != nil } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.filter { $0 }.count == 1 && sent.count == 32, "one at a time, even together")
    }

    @Test("a request the session would refuse changes nothing (no use spent), and its refusal names no chat and no text")
    func refusedBySession() async throws {
        let (folder, store, clock, sent, triggers) = try fixture("triggers-refused-send")
        defer { folder.remove() }
        let eta = try store.insert(Template(name: "ETA", body: "Home in {{minutes}} min", targets: [Self.family]))
        let made = try triggers.create(templateID: eta.id, name: "Tag", policy: TriggerPolicy(minimumInterval: 0))
        let tooLong = ValidationIssue(field: .body, message: "The message for “Family” is 5000 characters long after filling in variables; Telegram allows 4096.",
                                      lengthLimit: 4096)
        let refusals: [(any Error, any Error & Equatable)] = [
            (SendError.invalid(ValidationError(issues: [tooLong])), TriggerError.messageTooLong(max: 4096)),
            (SendError.markdown(template: "ETA", detail: "“*Home in 5 min” (character 1)"), TriggerError.cannotSend),
            (SendError.invalid(ValidationError(issues: [ValidationIssue(field: .body, message: "The message for “Family” is empty once formatted; Telegram would refuse it.")])),
             TriggerError.cannotSend),
            (SendError.render(.syntax(.unclosedPlaceholder(position: 3))), TriggerError.cannotSend),
            (SendError.render(.notAChoice(name: "minutes", value: "5", choices: ["Family", "Home in"])), TriggerError.notAChoice("minutes")),
            (SendError.notLoggedIn, SendError.notLoggedIn),
        ]
        for (refusal, answer) in refusals {
            sent.refusal.withLock { $0 = refusal }
            do {
                _ = try await triggers.fire(secret: made.secret, variables: ["minutes": "5"], sending: sent)
                Issue.record("\(refusal) was not refused")
            } catch {
                #expect(String(describing: error) == String(describing: answer))
                let words = (error as? any UserFacingError).map { "\($0.message) \($0.nextStep ?? "")" } ?? ""
                #expect(!words.contains("Family") && !words.contains("Home in"), "\(words)")
            }
        }
        #expect(TriggerError.messageTooLong(max: 4096).message == "The message would be longer than Telegram allows (4096 characters).")
        let kept = try #require(try store.trigger(id: made.trigger.id))
        #expect(kept.useCount == 0 && kept.recentUses.isEmpty && sent.count == 0, "refused requests spend no use")

        // Control characters never reach the session's check: the values' rule refuses them first.
        sent.refusal.withLock { $0 = nil }
        let checks = sent.checked.withLock { $0 }
        await #expect(throws: SendOrderError.controlCharacter("minutes", position: 2, character: "U+0000 (NUL)")) {
            try await triggers.fire(secret: made.secret, variables: ["minutes": "5\u{0}"], sending: sent)
        }
        let afterControl = try store.trigger(id: made.trigger.id)?.useCount
        #expect(sent.checked.withLock { $0 } == checks && sent.count == 0 && afterControl == 0)
        _ = try await triggers.fire(secret: made.secret, variables: ["minutes": "5"], sending: sent)
        let afterSend = try store.trigger(id: made.trigger.id)?.useCount
        #expect(sent.count == 1 && afterSend == 1)
        _ = clock
    }

    @Test("a send refused after the check passed (the template changed in between) gives its use back; one that went out keeps it")
    func refusedAfterCheck() async throws {
        let (folder, store, clock, sent, triggers) = try fixture("triggers-refused-after-check")
        defer { folder.remove() }
        let eta = try store.insert(Template(name: "ETA", body: "Home in {{minutes}} min", targets: [Self.family]))
        let made = try triggers.create(templateID: eta.id, name: "Tag", policy: TriggerPolicy(minimumInterval: 0))
        _ = try await triggers.fire(secret: made.secret, variables: ["minutes": "5"], sending: sent)
        let before = try #require(try store.trigger(id: made.trigger.id))
        #expect(before.useCount == 1 && before.recentUses.count == 1)

        clock.advance(by: 30)
        sent.sendRefusal.withLock { $0 = SendError.markdown(template: "ETA", detail: "“*Home” (character 1)") }
        await #expect(throws: TriggerError.cannotSend) { try await triggers.fire(secret: made.secret, variables: ["minutes": "5"], sending: sent) }
        let after = try #require(try store.trigger(id: made.trigger.id))
        #expect(after.useCount == before.useCount && after.recentUses == before.recentUses && after.lastUsed == before.lastUsed,
                "the refused request spent nothing")

        clock.advance(by: 30)
        sent.sendRefusal.withLock { $0 = nil }
        _ = try await triggers.fire(secret: made.secret, variables: ["minutes": "6"], sending: sent)
        let sentAgain = try #require(try store.trigger(id: made.trigger.id))
        #expect(sentAgain.useCount == 2 && sentAgain.lastUsed == clock.now && sent.count == 2)
    }

    @Test("the store finds a live trigger or nothing in one lookup: revoked, expired and template-deleted are all nothing")
    func oneLookup() async throws {
        let (folder, store, clock, _, triggers) = try fixture("triggers-lookup")
        defer { folder.remove() }
        let home = try store.insert(Template(name: "Home", body: "Home", targets: [Self.family]))
        let gone = try store.insert(Template(name: "Gone", body: "Gone", targets: [Self.family]))
        let live = try triggers.create(templateID: home.id, name: "Live")
        let revoked = try triggers.create(templateID: home.id, name: "Revoked")
        let expired = try triggers.create(templateID: home.id, name: "Expired", policy: TriggerPolicy(expires: clock.now.addingTimeInterval(60)))
        let orphan = try triggers.create(templateID: gone.id, name: "Orphan")
        try triggers.revoke(revoked.trigger.id)
        try store.deleteTemplate(id: gone.id)
        clock.advance(by: 60)
        #expect(try store.liveTrigger(secretDigest: TriggerService.digest(live.secret), at: clock.now)?.id == live.trigger.id)
        for secret in [revoked.secret, expired.secret, orphan.secret, "nope"] {
            #expect(try store.liveTrigger(secretDigest: TriggerService.digest(secret), at: clock.now) == nil)
        }
    }
}
