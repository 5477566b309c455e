import Foundation
import Testing
import TgtApplication
import TgtDomain
import TgtStore
import TgtTelegram
import TgtTestSupport

/// Sending through the application layer over a real SQLite store: the order's rules, one
/// set for every face, refuse before anything reaches a session; what passes reaches the
/// session as one request, now or later, and comes back in the shape every face words.
@Suite("Sending service", .timeLimit(.minutes(1)))
struct SendServiceTests {
    static let family = Target(chatID: -1, chatTitle: "Family")
    static let work = Target(chatID: -2, chatTitle: "Work")

    /// What reached the session.
    final class Session: Sendable {
        let requests = Locked<[SendRequest]>([])
        let dates = Locked<[Date]>([])
        let released = Locked<[UUID]>([])
        var sent: [SendRequest] { requests.withLock { $0 } }
        var scheduledAt: [Date] { dates.withLock { $0 } }
    }

    /// A session's sender that records what reached it: Family goes, Work is refused.
    struct FakeSender: MessageSending {
        let session: Session
        let store: AppDatabase

        func send(_ request: SendRequest, progress: @escaping @Sendable (SendProgress) -> Void) async throws(SendError) -> SendReport {
            session.requests.withLock { $0.append(request) }
            var results: [TargetResult] = []
            for target in request.template.targets {
                progress(.sending(target))
                if target.chatID == work.chatID {
                    progress(.failed(target, message: "Telegram refused it."))
                    results.append(TargetResult(target: target, status: .failed, messageID: nil, error: "Telegram refused it.", attempts: 2))
                } else {
                    progress(.sent(target, messageID: 7))
                    results.append(TargetResult(target: target, status: .sent, messageID: 7, error: nil, attempts: 1))
                }
            }
            return SendReport(batchID: UUID(), templateName: request.template.name, results: results)
        }

        func check(_ request: SendRequest) async throws(SendError) {}

        func hold(_ request: SendRequest, batch: UUID, until: Date) async throws(SendError) -> [SendLogEntry] {
            do {
                return try store.beginHeldSend(of: request.template, rows: request.template.targets.map {
                    NewHeldSend(target: $0, payload: "{}", textDigest: "")
                }, batch: batch, until: until)
            } catch { throw .store(error.message) }
        }

        func release(batch: UUID, progress: @escaping @Sendable (SendProgress) -> Void) async throws(SendError) -> SendReport? {
            let taken: [HeldSend]
            do { taken = try store.takeHeldSend(batch: batch) } catch { throw .store(error.message) }
            guard let first = taken.first else { return nil }
            var results: [TargetResult] = []
            for held in taken {
                let target = Target(chatID: held.entry.target.chatID, chatTitle: held.entry.targetTitle)
                try? store.recordSend(id: held.entry.id, status: .sent, messageID: 9)
                results.append(TargetResult(target: target, status: .sent, messageID: 9, error: nil, attempts: 1))
            }
            session.released.withLock { $0.append(batch) }
            return SendReport(batchID: batch, templateName: first.entry.templateName, results: results)
        }
    }

    static func service(_ store: AppDatabase, _ session: Session, clock: TestClock = TestClock()) -> SendService {
        SendService(
            store: store, clock: clock,
            onSession: { request, work in try await work(FakeSender(session: session, store: store), request) },
            schedule: { request, date in
                session.requests.withLock { $0.append(request) }
                session.dates.withLock { $0.append(date) }
                return []
            })
    }

    @Test("an order's rules: unknown template, a draft kind, bad, built-in, unused and oversized values, retries naming other targets; none reaches the session")
    func refusals() async throws {
        let folder = try TestDirectory("app-send-rules")
        defer { folder.remove() }
        let store = try AppDatabase.open(in: DataDirectory(url: folder.url), clock: TestClock())
        let session = Session()
        let sending = Self.service(store, session)
        let mood = try store.insert(Template(name: "Mood", body: "Feeling {{mood}} at {{time}}", targets: [Self.family, Self.work]))
        let mail = try store.insert(Template(name: "Mail", kind: .email, body: "Hi", to: ["a@example.com"]))

        let missing = UUID()
        await #expect(throws: StoreError.templateNotFound(missing.uuidString)) {
            try await sending.send(SendOrder(templateID: missing), progress: { _ in })
        }
        await #expect(throws: SendError.notTelegram(template: "Mail", kind: .email)) {
            try await sending.send(SendOrder(templateID: mail.id), progress: { _ in })
        }
        let refused: [([String: String], SendOrderError)] = [
            (["9x": "a"], .badVariableName("9x")),
            (["time": "noon"], .builtinVariable("time")),
            (["mood": "ok", "mod": "typo"], .unusedVariables(template: "Mood", names: ["mod"], custom: ["mood"])),
            (["mood": String(repeating: "x", count: 5000)], .valueTooLong("mood", length: 5000)),
            (["mood": "o\u{0}k"], .controlCharacter("mood", position: 2, character: "U+0000 (NUL)")),
            (["mood": "\u{1}"], .controlCharacter("mood", position: 1, character: "U+0001")),
            (["mood": "ok\u{9B}"], .controlCharacter("mood", position: 3, character: "U+009B")),
        ]
        for (values, error) in refused {
            await #expect(throws: error) { try await sending.send(SendOrder(templateID: mood.id, variables: values), progress: { _ in }) }
            await #expect(throws: error) { try await sending.scheduleLater(SendOrder(templateID: mood.id, variables: values), at: Date()) }
        }
        await #expect(throws: SendOrderError.unknownTarget("-99")) {
            try await sending.send(SendOrder(templateID: mood.id, variables: ["mood": "ok"], onlyTargets: ["-99"]), progress: { _ in })
        }
        await #expect(throws: SendOrderError.noTargets) {
            try await sending.send(SendOrder(templateID: mood.id, variables: ["mood": "ok"], onlyTargets: []), progress: { _ in })
        }
        #expect(session.sent.isEmpty, "nothing reached the session")
        #expect(SendOrderError.unusedVariables(template: "Mood", names: ["mod"], custom: ["mood"]).message == "“Mood” does not use {{mod}}.")
    }

    @Test("a send: the default location, the account name, a retry's targets, a chat instead of the targets; the outcome per target with the steps")
    func sends() async throws {
        let folder = try TestDirectory("app-send")
        defer { folder.remove() }
        let store = try AppDatabase.open(in: DataDirectory(url: folder.url), clock: TestClock())
        let session = Session()
        let sending = Self.service(store, session)
        try store.setSetting(.accountName, "Ada")
        let home = try #require(Coordinate(latitude: 45.4642, longitude: 9.19))
        try store.setDefaultLocation(home)
        let mood = try store.insert(Template(name: "Mood", body: "Feeling {{mood}}", targets: [Self.family, Self.work]))

        let steps = Locked<[SendStep]>([])
        let outcome = try await sending.send(SendOrder(templateID: mood.id, variables: ["mood": "fine"])) { step in steps.withLock { $0.append(step) } }
        #expect(outcome.templateName == "Mood" && outcome.items.map(\.title) == ["Family", "Work"])
        #expect(outcome.items.map(\.sent) == [true, false] && outcome.failed.map(\.error) == ["Telegram refused it."] && outcome.items[1].attempts == 2)
        #expect(steps.withLock { $0 } == [.sending(title: "Family"), .sent(title: "Family"), .sending(title: "Work"), .failed(title: "Work", message: "Telegram refused it.")])
        let first = try #require(session.sent.first)
        #expect(first.location == home && first.context.me == "Ada" && first.variables == ["mood": "fine"] && first.silent == nil)

        _ = try await sending.send(SendOrder(templateID: mood.id, variables: ["mood": "ok"], silent: true, onlyTargets: [Self.work.key.description]), progress: { _ in })
        #expect(session.sent.last?.template.targets == [Self.work] && session.sent.last?.isSilent == true)
        let topic = Target(chatID: -3, topicID: 5, chatTitle: "Forum")
        _ = try await sending.send(SendOrder(templateID: mood.id, variables: ["mood": "ok"], destination: topic), progress: { _ in })
        #expect(session.sent.last?.template.targets == [topic])
    }

    @Test("send later: the date is checked on the service's clock (too soon, past, too far) before the session hears of it")
    func later() async throws {
        let folder = try TestDirectory("app-send-later")
        defer { folder.remove() }
        let store = try AppDatabase.open(in: DataDirectory(url: folder.url), clock: TestClock())
        let session = Session()
        let clock = TestClock()
        let sending = Self.service(store, session, clock: clock)
        let standup = try store.insert(Template(name: "Standup", body: "Standup in 5", targets: [Self.work]))
        await #expect(throws: ScheduleError.tooSoon(seconds: 5)) { try await sending.scheduleLater(SendOrder(templateID: standup.id), at: clock.now.addingTimeInterval(5)) }
        await #expect(throws: ScheduleError.inThePast) { try await sending.scheduleLater(SendOrder(templateID: standup.id), at: clock.now.addingTimeInterval(-60)) }
        await #expect(throws: ScheduleError.tooFar) { try await sending.scheduleLater(SendOrder(templateID: standup.id), at: clock.now.addingTimeInterval(400 * 86_400)) }
        #expect(session.sent.isEmpty)
        let at = clock.now.addingTimeInterval(3600)
        _ = try await sending.scheduleLater(SendOrder(templateID: standup.id), at: at)
        #expect(session.scheduledAt == [at] && session.sent.map(\.template.name) == ["Standup"])
    }
}
