import Foundation
import HTTPTypes
import Testing
@testable import TgtServer
import TgtApplication
import TgtDomain
import TgtStore
import TgtTestSupport

/// Guessing trigger links: 10,000 wrong secrets from one address are every one refused (404,
/// then 429 with Retry-After once the address has made 20 wrong guesses in 10 minutes), while
/// the real link, used from another address in between, sends every time; the throttle
/// remembers a bounded number of addresses, and an IPv6 client is counted by its /64.
@Suite("Trigger links under brute force", .timeLimit(.minutes(5)))
struct TriggerBruteForceTests {
    @Test("10,000 wrong secrets: all refused and throttled; the real link from another address is never refused")
    func tenThousandWrongSecrets() async throws {
        let clock = TestClock()
        let fixture = try await ServerFixture(clock: clock)
        try await fixture.run { client in
            try await client.logInToTelegram()
            let store = fixture.sim.store
            try store.setUndoHold(.off)
            let home = try store.insert(Template(name: "Home", body: "Home {{n}}", targets: [Target(chatID: -1001000000001, chatTitle: "Family")]))
            let real = try TriggerService(store: store, clock: clock)
                .create(templateID: home.id, name: "Real", policy: TriggerPolicy(minimumInterval: 0, perDay: 1000))
            let port = try #require(client.raw.port)
            var random = SeededRandom(seed: 22)
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            var statuses: [Int: Int] = [:]
            var withoutRetryAfter = 0
            var realSends = 0
            for attempt in 0..<10_000 {
                let guess = String((0..<43).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
                let reply = try await client.request(.post, "/t/\(guess)")
                statuses[Int(reply.status.code), default: 0] += 1
                if reply.status == .tooManyRequests, reply.headers[.retryAfter] == nil { withoutRetryAfter += 1 }
                #if os(Linux)
                if attempt % 1000 == 999 {
                    let fired = try await LoopbackPeer.request(port: port, path: "/t/\(real.secret)?n=\(attempt)", from: "127.0.0.2")
                    #expect(fired.status == 200, "the real link from another address: \(fired.status) \(fired.body)")
                    realSends += fired.status == 200 ? 1 : 0
                }
                #endif
            }
            #expect(statuses == [404: 20, 429: 9_980], "every wrong secret refused; after 20, throttled: \(statuses)")
            #expect(withoutRetryAfter == 0)
            #if os(Linux)
            #expect(realSends == 10 && fixture.sim.simulator.deliveredMessages.count == 10)
            #endif
            #expect(try store.triggers().first?.useCount == realSends, "no wrong secret used the real trigger")
            #expect(await fixture.dashboard.triggerThrottle.clientCount == 1)

            // The real link from the guessing address is throttled too (it cannot tell them
            // apart without looking the secret up, which is what the throttle saves) until the
            // window ends; then it sends.
            #expect(try await client.request(.post, "/t/\(real.secret)?n=0").status == .tooManyRequests)
            clock.advance(by: 601)
            #expect(try await client.request(.post, "/t/\(real.secret)?n=1").status == .ok, "the slowdown ends after 10 minutes")
        }
    }

    @Test("the throttle forgets the oldest addresses past its cap; IPv6 clients count by /64, IPv4-mapped ones by their IPv4 address")
    func boundedAndKeyed() async {
        let throttle = LoginThrottle(limit: 20, window: 600, maxClients: 1000)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for n in 0..<5000 {
            await throttle.recordFailure(for: "10.\(n / 65536).\(n / 256 % 256).\(n % 256)", now: start.addingTimeInterval(Double(n) / 100))
        }
        #expect(await throttle.clientCount <= 1000)
        #expect(await throttle.retryAfter(for: "10.0.19.135", now: start.addingTimeInterval(50)) == nil)
        for _ in 0..<20 { await throttle.recordFailure(for: "10.0.19.135", now: start.addingTimeInterval(50)) }
        #expect(await throttle.retryAfter(for: "10.0.19.135", now: start.addingTimeInterval(51)) != nil, "the newest client is kept")

        #expect(DashboardContext.clientKey("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64")
        #expect(DashboardContext.clientKey("2001:db8:1:2:bbbb:cccc:dddd:eeee") == "2001:db8:1:2::/64")
        #expect(DashboardContext.clientKey("2001:db8::1") == "2001:db8:0:0::/64")
        #expect(DashboardContext.clientKey("::1") == "0:0:0:0::/64")
        #expect(DashboardContext.clientKey("::ffff:192.0.2.7") == "192.0.2.7")
        #expect(DashboardContext.clientKey("192.0.2.7") == "192.0.2.7")
        #expect(DashboardContext.clientKey(nil) == "unknown")
    }
}
