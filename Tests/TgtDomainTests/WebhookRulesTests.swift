import Foundation
import Testing
import TgtDomain

/// The webhook rules of the domain: which addresses can receive (naughty strings included),
/// which names are events, which events a finished send raises, and when a retry comes.
struct WebhookRulesTests {
    @Test("addresses: http(s) with a host only; no credentials, fragments, spaces or control characters; events required")
    func addresses() throws {
        let good = try WebhookEndpoint(url: " https://n8n.example.org/webhook/tgt?x=1 ", events: [.sendOutcome, .test], includesText: false)
        #expect(good.url.absoluteString == "https://n8n.example.org/webhook/tgt?x=1" && good.events == [.sendOutcome], "test is never a chosen event")
        #expect(try WebhookEndpoint(url: "http://[::1]:8123/api/webhook/a", events: [.awayReply], includesText: true).url.port == 8123)
        let refused = ["", "ftp://example.org", "javascript:alert(1)", "file:///etc/passwd", "http://", "//example.org/x", "example.org/x",
                       "http://user:pass@example.org/", "http://example.org/#x", "http://exa mple.org/", "http://example.org/\u{0}",
                       "http://example.org/\n", "http://example.org:70000/", "https://example.org/" + String(repeating: "a", count: 2_000),
                       "data:text/html,<script>alert(1)</script>", "\u{202E}http://example.org"]
        for text in refused {
            #expect(throws: WebhookError.self, "\(text.debugDescription)") {
                try WebhookEndpoint(url: text, events: [.sendOutcome], includesText: false)
            }
        }
        #expect(throws: WebhookError.noEvents) { try WebhookEndpoint(url: "https://example.org", events: [.test], includesText: false) }
        #expect(throws: WebhookError.noChats) { try WebhookEndpoint(url: "https://example.org", events: [.chatRead], includesText: false) }
        #expect(throws: WebhookError.tooManyChats(50)) {
            try WebhookEndpoint(url: "https://example.org", events: [.messageReceived], includesText: false, chatIDs: Set(1...51))
        }
        let chats = try WebhookEndpoint(url: "https://example.org", events: [.messageReceived, .sendOutcome], includesText: true, chatIDs: [-100, 7])
        #expect(chats.wants(.messageReceived, inChat: 7) && !chats.wants(.messageReceived, inChat: 8) && chats.wants(.sendOutcome, inChat: 8))
        #expect(try WebhookEndpoint(url: "https://example.org", events: [.sendOutcome], includesText: false, chatIDs: [7]).chatIDs.isEmpty,
                "chats are kept only for the events that need them")
    }

    @Test("event names: the wire names and forgiving spellings; what a finished send raises")
    func events() {
        #expect(WebhookEvent(named: "send.outcome") == .sendOutcome && WebhookEvent(named: "away_reply") == .awayReply)
        #expect(WebhookEvent(named: "TriggerUsed") == .triggerUsed && WebhookEvent(named: "timer-done") == .timerDone && WebhookEvent(named: "nope") == nil)
        #expect(WebhookSendFacts(succeeded: true, origin: nil, isTimerCompletion: false).events == [.sendOutcome])
        #expect(WebhookSendFacts(succeeded: true, origin: "greeting", isTimerCompletion: false).events == [.sendOutcome, .awayReply])
        #expect(WebhookSendFacts(succeeded: false, origin: "away", isTimerCompletion: true).events == [.sendOutcome], "only what went out")
        #expect(WebhookSendFacts(succeeded: true, origin: nil, isTimerCompletion: true).events == [.sendOutcome, .timerDone])
        #expect(WebhookSendFacts(succeeded: false, origin: "snippet", isTimerCompletion: false).events == [.sendOutcome, .snippetExpanded],
                "a snippet left as typed is worth knowing")
    }

    @Test("retries: 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, then given up")
    func retries() throws {
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(WebhookRetry.maxAttempts == 8)
        #expect(WebhookRetry.next(after: 1, at: now) == now.addingTimeInterval(30))
        #expect(WebhookRetry.next(after: 7, at: now) == now.addingTimeInterval(21_600))
        #expect(WebhookRetry.next(after: 8, at: now) == nil && WebhookRetry.next(after: 0, at: now) == nil)
        // A receiver's Retry-After: never sooner than asked, never later than a day; garbage ignored.
        #expect(WebhookRetry.next(after: 1, at: now, retryAfter: "120") == now.addingTimeInterval(120))
        #expect(WebhookRetry.next(after: 3, at: now, retryAfter: "5") == now.addingTimeInterval(600), "sooner than planned: the plan")
        #expect(WebhookRetry.next(after: 1, at: now, retryAfter: "999999999999999999999999") == now.addingTimeInterval(86_400))
        for junk in ["", "-5", "soon", "1e9", " 12 0", String(repeating: "9", count: 100), "Wed, 99 Foo 2026 07:28:00 GMT"] {
            #expect(WebhookRetry.next(after: 1, at: now, retryAfter: junk) == now.addingTimeInterval(30), "\(junk)")
        }
        let date = try #require(WebhookRetry.retryAfter("Sun, 06 Nov 1994 08:49:37 GMT", now: now))
        #expect(date == Date(timeIntervalSince1970: 784_111_777))
        #expect(WebhookRetry.next(after: 1, at: date.addingTimeInterval(-600), retryAfter: "Sun, 06 Nov 1994 08:49:37 GMT") == date)
        #expect(WebhookRetry.isFinal(status: 410) && !WebhookRetry.isFinal(status: 404) && !WebhookRetry.isFinal(status: 503))
    }
}
