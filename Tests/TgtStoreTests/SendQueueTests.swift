import Foundation
import Testing
import TgtTestSupport
import TgtDomain
import TgtStore

@Suite("The shared send queue, its revision and the templates revision")
struct SendQueueTests {
    private func open(_ folder: TestFolder) throws -> AppDatabase {
        try AppDatabase.open(at: folder.url.appendingPathComponent("shared.sqlite"), clock: TestClock())
    }

    private func template(_ db: AppDatabase, _ name: String) throws -> Template {
        try db.insert(Template(name: name, body: "Hello", targets: [Target(chatID: -4001, chatTitle: "Climbing crew")]))
    }

    @Test("jobs are kept in order, an id is queued once, an unknown template is refused")
    func ordering() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let db = try open(folder)
        let a = try template(db, "A"), b = try template(db, "B")
        let first = try db.enqueueSend(templateID: a.id, source: .widget)
        try db.enqueueSend(templateID: b.id, source: .carPlay, variables: ["minutes": "5"])
        try db.enqueueSend(templateID: a.id, source: .siri)
        #expect(try db.enqueueSend(templateID: a.id, source: .widget, id: first.id) == first)
        #expect(throws: StoreError.templateNotFound(UUID(uuidString: "00000000-0000-0000-0000-000000000001")?.uuidString.lowercased() ?? "")) {
            try db.enqueueSend(templateID: UUID(uuidString: "00000000-0000-0000-0000-000000000001") ?? UUID(), source: .deepLink)
        }
        #expect(try db.pendingSendJobCount() == 3)
        var claimed: [SendJob] = []
        while let job = try db.claimNextSendJob() { claimed.append(job) }
        #expect(claimed.map(\.templateName) == ["A", "B", "A"])
        #expect(claimed.map(\.source) == [.widget, .carPlay, .siri])
        #expect(claimed[1].variables == ["minutes": "5"])
        #expect(claimed.allSatisfy { $0.state == .sending })
        #expect(try db.pendingSendJobCount() == 0)
    }

    @Test("two connections (app and extension) claiming at once never take the same job")
    func concurrentClaims() async throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let app = try open(folder), other = try open(folder)
        let t = try template(app, "Leaving work")
        for _ in 0..<200 { try other.enqueueSend(templateID: t.id, source: .widget) }
        let results = await withTaskGroup(of: [UUID].self) { group in
            for db in [app, other, app, other] {
                group.addTask {
                    var mine: [UUID] = []
                    while let job = try? db.claimNextSendJob() { mine.append(job.id) }
                    return mine
                }
            }
            var all: [[UUID]] = []
            for await ids in group { all.append(ids) }
            return all
        }
        let ids = results.flatMap { $0 }
        #expect(ids.count == 200)
        #expect(Set(ids).count == 200)
    }

    @Test("a job left 'sending' by a stopped app becomes failed, never pending again")
    func interrupted() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let db = try open(folder)
        let t = try template(db, "Standup in 5")
        let job = try db.enqueueSend(templateID: t.id, source: .widget)
        #expect(try db.claimNextSendJob()?.id == job.id)
        let reopened = try open(folder)
        #expect(try reopened.failInterruptedSendJobs(reason: "Interrupted") == 1)
        #expect(try reopened.claimNextSendJob() == nil)
        #expect(try reopened.sendJob(id: job.id)?.state == .failed)
        #expect(try reopened.sendJob(id: job.id)?.error == "Interrupted")
        let batch = UUID()
        let second = try reopened.enqueueSend(templateID: t.id, source: .app)
        _ = try reopened.claimNextSendJob()
        try reopened.finishSendJob(id: second.id, state: .sent, batchID: batch)
        #expect(try reopened.sendJob(id: second.id)?.batchID == batch)
        #expect(try reopened.sendJobs(in: [.failed]).map(\.id) == [job.id])
    }

    @Test("the revision moves on every template change, also when the count stays the same")
    func revision() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let db = try open(folder)
        var seen: [Int64] = [try db.templatesRevision()]
        func changed() throws -> Bool {
            let now = try db.templatesRevision()
            defer { seen.append(now) }
            return now > (seen.last ?? 0)
        }
        var a = try template(db, "A")
        let b = try template(db, "B")
        #expect(try changed())
        a.name = "A renamed"
        a = try db.update(a)
        #expect(try changed())
        a.targets = [Target(chatID: -4003, chatTitle: "Other")]
        _ = try db.update(a)
        #expect(try changed())
        try db.reorderTemplates([b.id, a.id])
        #expect(try changed())
        try db.deleteTemplate(id: b.id)
        #expect(try changed())
        #expect(try !changed())
        // Another connection (a widget extension) sees the same number.
        #expect(try open(folder).templatesRevision() == seen.last)
    }

    @Test("the queue's revision moves on every queue write, and only then; each template's latest job is found")
    func queueRevision() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let db = try open(folder)
        let a = try template(db, "A"), b = try template(db, "B"), c = try template(db, "C")
        var last = try db.sendQueueRevision()
        #expect(last == 0, "no row until the first queue write")
        func moved() throws -> Bool {
            let now = try db.sendQueueRevision()
            defer { last = now }
            return now > last
        }
        let templatesBefore = try db.templatesRevision()
        let first = try db.enqueueSend(templateID: a.id, source: .widget)
        #expect(try moved())
        try db.enqueueSend(templateID: a.id, source: .widget, id: first.id)
        #expect(try !moved(), "enqueueing an id again adds nothing")
        _ = try db.claimNextSendJob()
        #expect(try moved())
        try db.returnSendJob(id: first.id)
        #expect(try moved())
        try db.returnSendJob(id: first.id)
        #expect(try !moved(), "nothing to put back")
        _ = try db.claimNextSendJob()
        try db.finishSendJob(id: first.id, state: .sent, batchID: UUID())
        #expect(try moved())
        let second = try db.enqueueSend(templateID: b.id, source: .siri)
        _ = try db.claimNextSendJob()
        #expect(try db.failInterruptedSendJobs(reason: "stopped") == 1)
        #expect(try moved())
        #expect(try db.failInterruptedSendJobs(reason: "stopped") == 0)
        #expect(try !moved())
        _ = try db.sendJobs()
        #expect(try !moved(), "reading moves nothing")
        #expect(try db.templatesRevision() == templatesBefore, "the queue does not move the templates' revision")

        let third = try db.enqueueSend(templateID: a.id, source: .carPlay)
        let latest = try db.latestSendJobs(for: [a.id, b.id, c.id])
        #expect(latest[a.id]?.id == third.id && latest[a.id]?.state == .pending)
        #expect(latest[b.id]?.id == second.id && latest[b.id]?.state == .failed)
        #expect(latest[c.id] == nil && latest.count == 2)
        #expect(try db.latestSendJobs(for: []).isEmpty)
    }
}
