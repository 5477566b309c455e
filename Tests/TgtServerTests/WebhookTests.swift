import Foundation
import HTTPTypes
import TgtApplication
import TgtDomain
import TgtServer
import TgtStore
import TgtTestSupport
import Testing

/// Webhooks through their real faces: the API adds one (an address that is not http(s) is
/// refused), a send through the dashboard reaches a real local receiver, signed; a receiver
/// that fails is tried again on the clock and recovers; receivers that hang or answer 10 MB;
/// events recorded while nothing delivers go out once, never twice.
@Suite(.timeLimit(.minutes(5)))
struct WebhookTests {
    static let alice = Target(chatID: ChatsAPITests.alice, chatTitle: "Alice")

    @Test("API: refused addresses change nothing; a send is delivered signed; a failing receiver is retried and recovers; removed with its secret")
    func deliversSends() async throws {
        let clock = TestClock()
        let fixture = try await ServerFixture(clock: clock)
        let template = try fixture.sim.store.insert(Template(name: "Leaving", body: "Leaving now", targets: [Self.alice]))
        let receiver = WebhookReceiver()
        try await receiver.run { url in
            try await fixture.run { client in
                try await ChatsAPITests.loggedIn(client)
                for bad in ["ftp://example.org/hook", "javascript:alert(1)", "http://user:pw@example.org/", "http://", "https://exa mple.org/", "hook"] {
                    let refused = try await client.api(.post, "webhooks", json: ["url": bad, "events": ["send.outcome"]])
                    #expect(refused.status == .badRequest && refused.errorCode == "bad_webhook_url", "\(bad): \(refused.text)")
                }
                let noEvents = try await client.api(.post, "webhooks", json: ["url": url.absoluteString, "events": [] as [String]])
                #expect(noEvents.status == .badRequest && noEvents.errorCode == "no_webhook_events", "\(noEvents.text)")
                let testOnly = try await client.api(.post, "webhooks", json: ["url": url.absoluteString, "events": ["test"]])
                #expect(testOnly.status == .badRequest && testOnly.errorCode == "unknown_webhook_event", "test is not an event to choose: \(testOnly.text)")
                #expect((try await client.api(.get, "webhooks").data["webhooks"] as? [Any])?.isEmpty == true, "nothing saved")

                let created = try await client.api(.post, "webhooks", json: ["url": url.absoluteString, "events": ["send.outcome", "away.reply"]])
                #expect(created.status == .created, "\(created.text)")
                let secret = try #require(created.data["secret"] as? String)
                let hook = try #require(created.data["webhook"] as? [String: Any])
                let id = try #require(hook["id"] as? String)
                #expect(secret.hasPrefix("whsec_") && hook["secret_hint"] as? String == String(secret.suffix(4)))
                let listed = try await client.api(.get, "webhooks")
                #expect(listed.status == .ok && !listed.text.contains(secret), "the secret is in the add reply only")
                let file = WebhookSecrets(directory: DataDirectory(url: fixture.sim.folder.url)).file(try #require(UUID(uuidString: id)))
                #expect(SecureFile.permissions(of: file) == 0o600)

                // A send through the dashboard reaches the receiver, signed.
                let send = try await client.api(.post, "templates/\(template.id.uuidString.lowercased())/send", json: [:] as [String: String])
                #expect(send.status == .ok, "\(send.text)")
                try await awaitCondition { receiver.received.count == 1 }
                let first = try #require(receiver.received.first)
                #expect(first.header("TgTemplates-Event") == "send.outcome" && first.header("TgTemplates-Attempt") == "1")
                #expect(WebhookSigner.verify(header: first.header("TgTemplates-Signature") ?? "", body: first.body, secret: secret, now: clock.now))
                #expect(!WebhookSigner.verify(header: first.header("TgTemplates-Signature") ?? "", body: first.body + Data(" ".utf8), secret: secret, now: clock.now),
                        "a changed body does not verify")
                #expect(first.json["type"] as? String == "send.outcome" && first.data["status"] as? String == "sent")
                #expect(first.data["chat_title"] as? String == "Alice" && first.data["template_name"] as? String == "Leaving")
                #expect(first.data["template_text"] == nil, "no text unless the webhook asked for it")

                // The receiver fails: the delivery waits 30 s on the clock, then goes again with the same event id.
                receiver.answer(.status(500))
                #expect(try await client.api(.post, "templates/\(template.id.uuidString.lowercased())/send", json: [:] as [String: String]).status == .ok)
                try await awaitCondition { receiver.received.count == 2 }
                try await awaitCondition {
                    let log = try await client.api(.get, "webhooks/deliveries?webhook_id=\(id)")
                    let newest = (log.data["deliveries"] as? [[String: Any]])?.first
                    return newest?["attempts"] as? Int == 1 && newest?["state"] as? String == "pending" && newest?["last_status"] as? Int == 500
                }
                receiver.answer(.status(204))
                clock.advance(by: WebhookRetry.delays[0])
                try await awaitCondition { receiver.received.count == 3 }
                let (failed, retried) = (receiver.received[1], receiver.received[2])
                #expect(retried.header("TgTemplates-Attempt") == "2" && retried.header("TgTemplates-Delivery") == failed.header("TgTemplates-Delivery"))
                #expect(retried.body == failed.body)
                #expect(WebhookSigner.verify(header: retried.header("TgTemplates-Signature") ?? "", body: retried.body, secret: secret, now: clock.now))
                try await awaitCondition {
                    let log = try await client.api(.get, "webhooks/deliveries?webhook_id=\(id)")
                    let newest = (log.data["deliveries"] as? [[String: Any]])?.first
                    return newest?["attempts"] as? Int == 2 && newest?["state"] as? String == "delivered" && newest?["last_status"] as? Int == 204
                }

                // Busy, asking for two minutes (Retry-After): the next attempt waits that long, not
                // 30 s; the receiver then says the address is gone (410): never tried again.
                receiver.answer(.retryAfter(503, "120"))
                let busyAt = clock.now
                #expect(try await client.api(.post, "templates/\(template.id.uuidString.lowercased())/send", json: [:] as [String: String]).status == .ok)
                try await awaitCondition { receiver.received.count == 4 }
                var busy: [String: Any] = [:]
                try await awaitCondition {
                    let log = try await client.api(.get, "webhooks/deliveries?webhook_id=\(id)")
                    busy = (log.data["deliveries"] as? [[String: Any]])?.first ?? [:]
                    return busy["last_status"] as? Int == 503
                }
                let fractional = ISO8601DateFormatter()
                fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                let next = try #require((busy["next_attempt_at"] as? String).flatMap { fractional.date(from: $0) ?? ISO8601DateFormatter().date(from: $0) }, "\(busy)")
                #expect(next >= busyAt.addingTimeInterval(119) && (busy["last_error"] as? String)?.contains("Retry-After") == true, "\(busy)")
                receiver.answer(.status(410))
                clock.advance(by: 120)
                try await awaitCondition { receiver.received.count == 5 }
                try await awaitCondition {
                    let log = try await client.api(.get, "webhooks/deliveries?webhook_id=\(id)")
                    let newest = (log.data["deliveries"] as? [[String: Any]])?.first
                    return newest?["state"] as? String == "failed" && newest?["last_status"] as? Int == 410 && newest?["next_attempt_at"] == nil
                        && (newest?["last_error"] as? String)?.contains("not tried again") == true
                }
                receiver.answer(.status(200))

                // A test delivery is tried once and answered in the reply.
                let test = try await client.api(.post, "webhooks/\(id)/test")
                #expect(test.status == .ok && test.data["state"] as? String == "delivered" && test.data["event"] as? String == "test", "\(test.text)")
                #expect(try await client.api(.post, "webhooks/\(UUID().uuidString)/test").status == .notFound)

                let removed = try await client.api(.delete, "webhooks/\(id)")
                #expect(removed.status == .ok, "\(removed.text)")
                #expect(!FileManager.default.fileExists(atPath: file.path), "the secret goes with it")
                #expect((try await client.api(.get, "webhooks/deliveries").data["deliveries"] as? [Any])?.isEmpty == true, "and its log")
                #expect(try await client.api(.delete, "webhooks/\(id)").status == .notFound)
            }
        }
    }

    @Test("receivers that hang, answer 10 MB, refuse or are not there: each attempt ends, in words")
    func hostileReceivers() async throws {
        let folder = try TestDirectory()
        defer { folder.remove() }
        let workspace = try Workspace.open(DataDirectory(url: folder.url), clock: TestClock())
        let receiver = WebhookReceiver()
        try await receiver.run { url in
            let added = try workspace.webhooks.add(url: url.absoluteString, events: ["send.outcome"], includesText: false)
            let id = added.webhook.id.uuidString
            receiver.answer(.hang)
            let hung = try await workspace.webhooks.sendTest(id, via: HTTPWebhookPoster.withTimeout(1))
            #expect(hung.state == .failed && hung.lastError == "The receiver did not answer within 1 second.", "\(hung)")
            // Its status, then a body that never comes: the status is all that counts, so the
            // attempt ends with the head, long before the (generous) timeout.
            receiver.answer(.headThenHang)
            let dripping = try await workspace.webhooks.sendTest(id, via: HTTPWebhookPoster.withTimeout(600))
            #expect(dripping.state == .delivered && dripping.lastStatus == 200, "\(dripping)")
            // A redirect is not followed.
            receiver.answer(.redirect)
            let moved = try await workspace.webhooks.sendTest(id, via: HTTPWebhookPoster.shared)
            #expect(moved.state == .failed && moved.lastStatus == 302 && moved.lastError?.contains("a redirect, which is not followed") == true, "\(moved)")
            receiver.answer(.huge)
            let huge = try await workspace.webhooks.sendTest(id, via: HTTPWebhookPoster.shared)
            #expect(huge.state == .delivered && huge.lastStatus == 200, "\(huge)")
            receiver.answer(.status(404))
            let missing = try await workspace.webhooks.sendTest(id, via: HTTPWebhookPoster.shared)
            #expect(missing.state == .failed && missing.lastStatus == 404 && missing.lastError == "The receiver answered HTTP 404.")
            #expect(receiver.received.count == 5, "the redirect's target was never asked")
            #expect(throws: WebhookError.badLimit(WebhookEndpoint.maxLogPage)) { try workspace.webhooks.deliveries(limit: 0) }
        }
        // Nothing listens there (port 1 is never served here): refused at once, in words.
        let nobody = try workspace.webhooks.add(url: "http://127.0.0.1:1/hook", events: ["timer.done"], includesText: false)
        let gone = try await workspace.webhooks.sendTest(nobody.webhook.id.uuidString, via: HTTPWebhookPoster.shared)
        #expect(gone.state == .failed && gone.lastStatus == nil && gone.attempts == 1, "\(gone)")
        #expect(gone.lastError == "Could not connect to the receiver (nothing answers at that address and port).", "\(gone)")
    }

    /// A send of `template` recorded as the send path does: begun, then its outcome.
    static func send(_ template: Template, in store: AppDatabase, _ status: SendLogEntry.Status = .sent) throws -> SendLogEntry {
        let entry = try #require(try store.beginSend(of: template).first)
        try store.recordSend(id: entry.id, status: status, messageID: status == .sent ? entry.id * 10 : nil,
                             error: status == .failed ? SendLogEntry.maybeDeliveredReason : nil)
        return entry
    }

    @Test("the outbox: nothing kept while no webhook exists; 300 events at once each delivered once, after a restart too; an away reply's origin adds its event")
    func outbox() async throws {
        let folder = try TestDirectory()
        defer { folder.remove() }
        let directory = DataDirectory(url: folder.url)
        let clock = TestClock()
        let before = try AppDatabase.open(in: directory, clock: clock)
        let template = try before.insert(Template(name: "Arrived", body: "Arrived {{place=home}}", targets: [Self.alice]))
        _ = try Self.send(template, in: before)  // before any webhook: no event is kept for nobody
        let receiver = WebhookReceiver()
        try await receiver.run { url in
            let added = try Workspace(store: before, directory: directory).webhooks.add(url: url.absoluteString, events: ["send.outcome", "away.reply"],
                                                                                    includesText: true)
            for _ in 0..<300 { _ = try Self.send(template, in: before) }
            // The process stops before delivering: the events wait in the store.
            before.close()
            let store = try AppDatabase.open(in: directory, clock: clock)
            defer { store.close() }
            let workspace = Workspace(store: store, directory: directory)
            let restarted = workspace.webhooks.dispatcher(poster: HTTPWebhookPoster.shared)
            #expect(await restarted.pass() == 300)
            #expect(receiver.received.count == 300)
            #expect(Set(receiver.received.compactMap { $0.header("TgTemplates-Delivery") }).count == 300, "one event id each")
            #expect(receiver.received.allSatisfy {
                WebhookSigner.verify(header: $0.header("TgTemplates-Signature") ?? "", body: $0.body, secret: added.secret, now: clock.now)
            })
            #expect(receiver.received.first?.data["template_text"] as? String == "Arrived {{place=home}}", "text when the webhook asked for it")
            #expect(await restarted.pass() == 0, "nothing twice")

            // A failure, then TDLib's late word that it was sent: two outcomes. An away reply's
            // origin, set after its send finished: its own event, and no second outcome.
            let late = try Self.send(template, in: store, .failed)
            #expect(await restarted.pass() == 1)
            try store.settleRecoveredSend(id: late.id, messageID: 99, error: nil)
            let away = try Self.send(template, in: store)
            try store.setSendOrigin(batchID: away.batchID, origin: "away")
            #expect(await restarted.pass() == 3)
            let types = receiver.received.suffix(4).map { "\($0.json["type"] as? String ?? "")/\($0.data["status"] as? String ?? "")/\($0.data["origin"] as? String ?? "-")" }
            #expect(types.sorted() == ["away.reply/sent/away", "send.outcome/failed/-", "send.outcome/sent/-", "send.outcome/sent/away"], "\(types)")
            #expect(try workspace.webhooks.deliveries(limit: 500).allSatisfy { $0.state == .delivered })

            // Another webhook, for trigger links and snippets: each event reaches only the
            // webhooks that chose it.
            _ = try workspace.webhooks.add(url: url.absoluteString, events: ["trigger.used", "snippet.expanded"], includesText: false)
            let trigger = TriggerRecord(templateID: template.id, name: "Garage tag", secretDigest: String(repeating: "a", count: 64),
                                        policy: TriggerPolicy(), createdAt: clock.now)
            try store.addTrigger(trigger)
            #expect(try store.useTrigger(id: trigger.id, at: clock.now) == nil)
            try store.logSnippet(templateID: template.id, templateName: template.name, target: Self.alice, messageID: 5, error: nil, at: clock.now)
            #expect(await restarted.pass() == 3, "trigger.used and snippet.expanded to the second webhook, send.outcome to the first")
            let used = try #require(receiver.received.suffix(3).first { $0.json["type"] as? String == "trigger.used" })
            #expect(used.data["trigger_name"] as? String == "Garage tag" && used.data["template_name"] as? String == "Arrived" && used.data["use_count"] as? Int == 1)
            let snippet = try #require(receiver.received.suffix(3).first { $0.json["type"] as? String == "snippet.expanded" })
            #expect(snippet.data["origin"] as? String == "snippet" && snippet.data["status"] as? String == "sent")
        }
    }

    @Test("messages and reads in the chats a webhook follows: others' messages only, text when asked; reads; other chats stay quiet")
    func chatEvents() async throws {
        let clock = TestClock()
        let fixture = try await ServerFixture(clock: clock)
        let family = Target(chatID: -1001000000001, chatTitle: "Family")
        let template = try fixture.sim.store.insert(Template(name: "Home", body: "Home soon", targets: [family]))
        let receiver = WebhookReceiver()
        try await receiver.run { url in
            try await fixture.run { client in
                try await ChatsAPITests.loggedIn(client)
                let noChats = try await client.api(.post, "webhooks", json: ["url": url.absoluteString, "events": ["message.received"]])
                #expect(noChats.status == .badRequest && noChats.errorCode == "no_webhook_chats", "\(noChats.text)")
                let created = try await client.api(.post, "webhooks", json: [
                    "url": url.absoluteString, "events": ["message.received", "chat.read"], "include_text": true, "chat_ids": [family.chatID],
                ] as [String: Any])
                #expect(created.status == .created && (created.data["webhook"] as? [String: Any])?["chat_ids"] as? [Int64] == [family.chatID], "\(created.text)")
                let secret = try #require(created.data["secret"] as? String)

                // Someone writes in a chat the webhook does not follow: nothing.
                fixture.sim.simulator.personWrites(inDatabaseDirectory: fixture.sim.environment.tdlibDatabaseFolder, userID: ChatsAPITests.alice,
                                                   text: "not followed")
                // The person's own send to Family is no message.received; Family reads it, then answers.
                #expect(try await client.api(.post, "templates/\(template.id.uuidString.lowercased())/send", json: [:] as [String: String]).status == .ok)
                clock.advance(by: 5)
                try await awaitCondition { receiver.received.count == 2 }
                let read = try #require(receiver.received.first { $0.json["type"] as? String == "chat.read" })
                let answer = try #require(receiver.received.first { $0.json["type"] as? String == "message.received" })
                #expect(read.data["chat_id"] as? Int64 == family.chatID && read.data["chat_title"] as? String == "Family" && read.data["last_read_message_id"] is Int64)
                #expect(answer.data["chat_id"] as? Int64 == family.chatID && answer.data["sender_user_id"] as? Int64 == 555_000_201)
                #expect((answer.data["sender_name"] as? String).map { !$0.isEmpty } == true, "\(answer.data)")
                #expect((answer.data["text"] as? String).map { !$0.isEmpty } == true, "text, since the webhook asked for it")
                #expect(receiver.received.allSatisfy {
                    WebhookSigner.verify(header: $0.header("TgTemplates-Signature") ?? "", body: $0.body, secret: secret, now: clock.now)
                })
                // Events come in order: Alice's message, seen before the send, made no delivery.
                let log = try await client.api(.get, "webhooks/deliveries")
                #expect((log.data["deliveries"] as? [Any])?.count == 2, "\(log.text)")
            }
        }
    }

    @Test("a server stopping mid-delivery records no attempt: the deliveries go at the next start, with their event ids")
    func stopMidDelivery() async throws {
        let folder = try TestDirectory()
        defer { folder.remove() }
        let directory = DataDirectory(url: folder.url)
        let clock = TestClock()
        let store = try AppDatabase.open(in: directory, clock: clock)
        defer { store.close() }
        let template = try store.insert(Template(name: "Arrived", body: "Arrived", targets: [Self.alice]))
        let receiver = WebhookReceiver()
        try await receiver.run { url in
            let workspace = Workspace(store: store, directory: directory)
            _ = try workspace.webhooks.add(url: url.absoluteString, events: ["send.outcome"], includesText: false)
            for _ in 0..<6 { _ = try Self.send(template, in: store) }
            receiver.answer(.hang)
            let (changes, _) = AsyncStream<Set<StoreChange>>.makeStream()
            let running = Task { await workspace.webhooks.dispatcher(poster: HTTPWebhookPoster.withTimeout(600)).keepRunning(following: changes) }
            try await awaitCondition { receiver.received.count == 4 }
            running.cancel()
            await running.value
            let stopped = try workspace.webhooks.deliveries(limit: 10)
            #expect(stopped.count == 6 && stopped.allSatisfy { $0.state == .pending && $0.attempts == 0 }, "\(stopped.map { ($0.state, $0.attempts) })")
            // The four cut off wait out their claim; the two never started are due at once.
            receiver.answer(.status(200))
            let restarted = workspace.webhooks.dispatcher(poster: HTTPWebhookPoster.shared)
            #expect(await restarted.pass() == 2)
            clock.advance(by: HTTPTimeout.seconds + 61)
            #expect(await restarted.pass() == 4)
            let done = try workspace.webhooks.deliveries(limit: 10)
            #expect(done.allSatisfy { $0.state == .delivered && $0.attempts == 1 })
            let ids = receiver.received.compactMap { $0.header("TgTemplates-Delivery") }
            #expect(Set(ids).count == 6 && ids.count == 10, "the four cut off went again with the same ids")
        }
    }
}

