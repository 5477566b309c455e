import Foundation
import Testing
import TgtAppModel
import TgtApplication
import TgtDomain
import TgtStore
import TgtTestSupport

/// Follow-ups in the app's view models, over a real store and the app's own session on the
/// simulator: Follow up… on a tap that went out offers only the templates a follow-up can send,
/// keeps what was typed when it is refused and says why; the Follow-ups screen shows what is set
/// in words, follows the store live (another process's follow-up too), cancels after asking,
/// and the app's session judges and acts while it runs.
@Suite("App model: follow-ups", .timeLimit(.minutes(10)))
@MainActor
struct FollowUpModelsTests {
    /// An app logged in to the simulator (its empty Follow-ups screen checked first) with a
    /// template “Hello” to Family tapped once.
    private func sentTap(_ fixture: AppFixture) async throws -> (AppModel, Template) {
        let app = try AppModel(services: fixture.services)
        await app.start()
        #expect(app.followUps.emptyText?.description.hasPrefix("No follow-ups. After a template goes out, hold its button and choose Follow up…") == true)
        #expect(app.followUps.watchNote.description.hasPrefix("Follow-ups are judged only while this app is open."))
        try await logIn(app, fixture.simulator)
        let hello = try #require(try fixture.addTemplates(["Hello"]).first)
        try await eventually("the grid shows the template") { app.templates.templates.contains { $0.id == hello.id } }
        #expect(!app.followUps.canFollowUp(hello.id) && app.followUpEditor(for: hello) == nil, "nothing to follow before a tap")
        _ = await app.templates.send(hello)
        try await eventually("the tap went out and can be followed up") { app.followUps.canFollowUp(hello.id) }
        return (app, hello)
    }

    @Test("the empty screen explains; Follow up… offers only Telegram templates without typed values; a refusal keeps what was typed and says why; the set follow-up shows in words; Cancel asks, then cancels")
    func editorAndList() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let (tapped, hello) = try await sentTap(fixture)
        let nudge = try fixture.store.insert(Template(name: "Nudge", body: "Did you see it?", targets: [AppFixture.family]))
        _ = try fixture.store.insert(Template(name: "Ask", body: "Hi {{who}}", targets: [AppFixture.family]))
        _ = try fixture.store.insert(Template(name: "Pick", body: "{{mood|good|bad}}", targets: [AppFixture.family]))
        _ = try fixture.store.insert(Template(name: "Mail", kind: .email, body: "Hi", to: ["a@example.com"]))
        let editor = try #require(tapped.followUpEditor(for: hello))
        #expect(Set(editor.choices.map(\.name)) == ["Hello", "Nudge"], "only Telegram templates that need no typed value")
        #expect(editor.hiddenNote?.description.hasPrefix("Templates that need a value typed are not offered") == true)
        #expect(editor.about.description == "On “Hello” to Family")
        #expect(editor.preview?.description == "If Family has not read it within 2 h, remind you in Saved Messages")

        // When read may leave the wait empty (a week); the others may not.
        editor.condition = .read
        #expect(editor.amount.isEmpty && editor.waitLabel.description == "Wait for the read at most")
        #expect(editor.preview?.description == "When Family reads it, remind you in Saved Messages (gives up after 7 d)")
        editor.condition = .noReply
        #expect(editor.amount == "2" && editor.unit == .hours)

        // A wait out of range: refused beside the field, kept as typed.
        editor.amount = "8"
        editor.unit = .days
        #expect(editor.save() == nil)
        #expect(editor.waitProblem?.description == "The wait must be between 1 minute and 7 days (like 30m, 2h or 1d).")
        #expect(editor.amount == "8" && editor.unit == .days && editor.condition == .noReply)
        editor.amount = "soon"
        #expect(editor.save() == nil && editor.waitProblem?.description == "Give a whole number, like 30 or 2.")

        // Send a template with none chosen, then one deleted meanwhile: the service refuses it.
        editor.amount = "90"
        editor.unit = .minutes
        editor.action = .send
        #expect(editor.save() == nil && editor.templateProblem?.description == "Choose the template to send.")
        editor.templateID = nudge.id
        #expect(editor.preview?.description == "If Family has not replied within 1 h 30 min, send “Nudge”")
        try fixture.store.deleteTemplate(id: nudge.id)
        #expect(editor.save() == nil)
        #expect(editor.templateProblem?.description == "The template to send as the follow-up does not exist.")
        #expect(editor.amount == "90" && editor.unit == .minutes && editor.condition == .noReply && editor.action == .send, "what was typed stays")
        #expect(editor.templateID == nil && editor.choices.map(\.name) == ["Hello"], "the deleted one is no longer offered")
        #expect(try fixture.store.followUps().isEmpty, "nothing was set")

        // Remind me: set, and shown on the Follow-ups screen in words, live from the store.
        editor.action = .remind
        let made = try #require(editor.save())
        #expect(made.count == 1 && editor.saveProblem == nil && editor.waitProblem == nil)
        try await eventually("the screen shows it") { tapped.followUps.live.count == 1 }
        let row = try #require(tapped.followUps.live.first)
        #expect(row.sentence.description == "If Family has not replied within 1 h 30 min, remind you in Saved Messages")
        #expect(row.sentence.description == made.first?.sentence, "the same sentence as every face's")
        #expect(row.about.description == "On “Hello” to Family")
        #expect(row.state.description == "Watching for a reply" && row.dueLabel?.description == "Judged at" && row.canCancel)
        #expect(row.dueAt == made.first?.startedAt?.addingTimeInterval(90 * 60))
        #expect(tapped.followUps.emptyText == nil && tapped.followUps.ended.isEmpty)

        // Cancel asks first, then cancels: the follow-up moves to the ended ones with its reason.
        let id = row.id
        #expect(tapped.followUps.cancelQuestion(id).description
            == "Cancel “If Family has not replied within 1 h 30 min, remind you in Saved Messages”, on “Hello” to Family? Nothing is done for it; the message itself stays as it is.")
        tapped.followUps.cancel(id)
        try await eventually("it ended, cancelled") { tapped.followUps.live.isEmpty && tapped.followUps.ended.count == 1 }
        let ended = try #require(tapped.followUps.ended.first)
        #expect(ended.state.description == "Cancelled" && !ended.canCancel && ended.dueLabel == nil && ended.endedAt != nil)
        tapped.followUps.cancel(id)
        #expect(tapped.followUps.error?.description == "That follow-up has already ended.", "a second cancel is refused in words")
        await tapped.shutdown()
    }

    @Test("each refusal of the follow-up service has a catalog sentence whose English is the domain's own message")
    func refusalsInWords() {
        let refusals: [FollowUpError] = [.badWait, .notFound, .nothingToFollow, .templateNotFound, .tooMany(1_000), .alreadyEnded,
                                         .templateUnusable("“Ask” needs values nobody will type when it acts: {{who}}."), .alreadyPast]
        for refusal in refusals {
            #expect(AppText.failure(refusal).description == refusal.message, "\(refusal)")
        }
    }

    @Test("another process's follow-up reaches the open screen; a wait that is already over is refused; the app's session reminds in Saved Messages when no reply came")
    func liveAndActing() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let (app, hello) = try await sentTap(fixture)
        let batch = try #require(app.followUps.lastTaps[hello.id]?.batchID)

        // Another process (a widget's intent, `tgt`) sets one on the same send.
        let other = try fixture.extensionStore().asWorkspace()
        _ = try other.followUps.add(try FollowUpRule(condition: .notRead, within: 3_600, action: .remind), toBatch: batch)
        try await eventually("the store's change feed brings it") {
            fixture.clock.advance(by: 0.25)
            return app.followUps.live.count == 1
        }
        #expect(app.followUps.live.first?.sentence.description == "If Family has not read it within 1 h, remind you in Saved Messages")

        // Its moment passed already: said in words, what was typed kept.
        fixture.clock.advance(by: 120)
        let late = try #require(app.followUpEditor(for: hello))
        late.amount = "1"
        late.unit = .minutes
        #expect(late.save() == nil)
        #expect(late.saveProblem?.description == "That message went out longer ago than the wait: its moment has already passed.")
        #expect(late.amount == "1" && late.unit == .minutes)

        // No reply within 5 minutes: the app's session posts the reminder and the screen says so.
        let editor = try #require(app.followUpEditor(for: hello))
        editor.condition = .noReply
        editor.amount = "5"
        editor.unit = .minutes
        let made = try #require(editor.save()?.first)
        try await eventually("the reminder fires while the app runs") {
            fixture.clock.advance(by: 30)
            return app.followUps.ended.contains { $0.id == made.id }
        }
        let fired = try #require(app.followUps.ended.first { $0.id == made.id })
        #expect(fired.state.description == "Done", "\(fired.reason?.description ?? "")")
        #expect(fired.reason?.description.hasSuffix("Reminder posted in Saved Messages.") == true, "\(fired.reason?.description ?? "")")
        await app.shutdown()
    }
}
