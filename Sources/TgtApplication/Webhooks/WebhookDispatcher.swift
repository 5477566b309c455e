import Foundation
import Logging
import TgtDomain
import TgtStore

/// Turns what happened into deliveries and delivers them: each pass takes the outbox (filled
/// by the store's triggers, whichever process wrote) into one delivery per webhook that chose
/// the event, then posts every delivery that is due, signed (`WebhookSigner`), and records how
/// each attempt went; a failed one is tried again by `WebhookRetry`. Deliveries are rows, so a
/// restart (or kill -9) loses none: one cut off mid-attempt is simply tried again, with the same
/// event id. For `tgt serve`; `tgt webhooks test` uses one attempt of it.
public struct WebhookDispatcher: Sendable {
    let store: AppDatabase
    let secrets: WebhookSecrets
    let poster: any WebhookPosting
    var clock: any AppClock { store.clock }
    /// How many outbox rows or due deliveries one pass takes at a time.
    static let batch = 50
    /// How many deliveries are in flight at once (a receiver that hangs holds one slot until
    /// its timeout).
    static let concurrent = 4
    private let logger = Logger(label: "tgt.webhooks")

    init(store: AppDatabase, secrets: WebhookSecrets, poster: any WebhookPosting) {
        self.store = store
        self.secrets = secrets
        self.poster = poster
    }

    /// One pass: the whole outbox into deliveries, then every delivery due now, each claimed
    /// before it is posted (`claimWebhookDelivery`). Returns how many attempts were made. A
    /// cancelled pass (the server stopping) starts no more attempts, and records none it cut
    /// off: those stay due and go at the next start.
    @discardableResult
    public func pass() async -> Int {
        do {
            while !Task.isCancelled, try drainOutbox() > 0 {}
        } catch {
            logger.error("could not read the webhook outbox", metadata: ["error": "\(error)"])
        }
        var attempts = 0
        // A bounded number of batches: a store that cannot record attempts must not spin.
        for _ in 0..<20 {
            guard !Task.isCancelled, let due = try? store.dueWebhookDeliveries(at: clock.now, limit: Self.batch), !due.isEmpty else { break }
            await withTaskGroup(of: Bool.self) { group in
                var waiting = due[...]
                for _ in 0..<Self.concurrent {
                    guard !Task.isCancelled, let next = waiting.popFirst() else { break }
                    group.addTask { await claimAndAttempt(next) }
                }
                for await made in group {
                    if made { attempts += 1 }
                    guard !Task.isCancelled, let next = waiting.popFirst() else { continue }
                    group.addTask { await claimAndAttempt(next) }
                }
            }
            if due.count < Self.batch { break }
        }
        return attempts
    }

    /// Claims `delivery` just before its attempt, then makes it: false when another pass had
    /// taken it (or it was removed).
    private func claimAndAttempt(_ delivery: WebhookDelivery) async -> Bool {
        let now = clock.now
        let until = now.addingTimeInterval(HTTPTimeout.seconds + Self.claimMargin)
        guard (try? store.claimWebhookDelivery(id: delivery.id, at: now, until: until)) == true else { return false }
        await attempt(delivery)
        return true
    }

    /// How long past an attempt's timeout a claimed delivery waits before it is due again.
    static let claimMargin: TimeInterval = 60
    /// The least time between two passes when the last one made no attempt: a row that cannot
    /// be read or claimed must not make the loop spin.
    static let idleGap: TimeInterval = 5

    /// Runs passes for as long as the task lives: at once, whenever the webhooks' part of the
    /// store changes (an event queued by any process, a webhook added), and when the next retry
    /// is due on the clock. Nothing polls. Test deliveries a stopped process left waiting are
    /// marked failed first.
    public func keepRunning(following changes: AsyncStream<Set<StoreChange>>) async {
        do {
            try store.settleInterruptedWebhookTests(before: clock.now.addingTimeInterval(-HTTPTimeout.seconds - Self.claimMargin), at: clock.now)
        } catch {
            logger.error("could not settle interrupted webhook tests", metadata: ["error": "\(error)"])
        }
        let (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let listener = Task { for await areas in changes where areas.contains(.webhooks) { signal.yield() } }
        var alarm: Task<Void, Never>?
        defer {
            alarm?.cancel()
            listener.cancel()
            signal.finish()
        }
        signal.yield()
        for await _ in signals {
            alarm?.cancel()
            if Task.isCancelled { break }
            let made = await pass()
            guard var due = (try? store.nextWebhookAttempt()) ?? nil else { continue }
            if made == 0 { due = max(due, clock.now.addingTimeInterval(Self.idleGap)) }
            alarm = Task { [clock] in
                do { try await clock.sleep(until: due) } catch { return }
                signal.yield()
            }
        }
    }

    /// Takes up to `batch` outbox rows into deliveries (in one transaction with taking them off).
    func drainOutbox() throws(StoreError) -> Int {
        let items = try store.webhookOutbox(limit: Self.batch)
        guard !items.isEmpty else { return 0 }
        let hooks = try store.webhooks()
        var deliveries: [NewWebhookDelivery] = []
        for item in items {
            for (event, dedupe, build) in try events(of: item) {
                deliveries += webhookDeliveries(event, key: dedupe, to: hooks.filter { $0.endpoint.events.contains(event) }, body: build)
            }
        }
        try store.enqueueWebhookDeliveries(deliveries, consuming: items.map(\.id), at: clock.now)
        return items.count
    }

    private typealias Built = (WebhookEvent, String, (String, Bool) -> Data)

    /// The events one outbox row stands for, each with its dedupe key and its body's maker (by
    /// event id and whether text goes along).
    private func events(of item: WebhookOutboxItem) throws(StoreError) -> [Built] {
        switch item.source {
        case "send":
            guard let id = Int64(item.sourceID), let entry = try store.sendLogEntry(id: id), entry.status == .sent || entry.status == .failed
            else { return [] }
            let facts = WebhookSendFacts(succeeded: entry.status == .sent, origin: entry.origin, isTimerCompletion: entry.timerID != nil)
            let templateText = try entry.templateID.flatMap { id throws(StoreError) in try store.template(id: id)?.body }
            return facts.events.map { event in
                (event, "send:\(entry.id):\(entry.status.rawValue):\(event.rawValue)", { id, withText in
                    WebhookPayload(id: id, type: event.rawValue, createdAt: entry.updatedAt,
                                   data: WebhookSendData(entry, templateText: withText ? templateText : nil)).encoded()
                })
            }
        case "trigger":
            guard let id = UUID(uuidString: item.sourceID), let trigger = try store.trigger(id: id) else { return [] }
            let templateName = try store.template(id: trigger.templateID)?.name
            let data = WebhookTriggerData(triggerID: id.uuidString.lowercased(), triggerName: trigger.name,
                                          templateID: trigger.templateID.uuidString.lowercased(), templateName: templateName,
                                          useCount: trigger.useCount, at: item.at)
            return [(.triggerUsed, "trigger:\(item.id)", { id, _ in
                WebhookPayload(id: id, type: WebhookEvent.triggerUsed.rawValue, createdAt: item.at, data: data).encoded()
            })]
        case "follow_up":
            guard let id = UUID(uuidString: item.sourceID), let record = try store.followUp(id: id), record.state == .fired else { return [] }
            return [(.followUpFired, "follow_up:\(record.id.uuidString)", { eventID, _ in
                WebhookPayload(id: eventID, type: WebhookEvent.followUpFired.rawValue, createdAt: record.updatedAt, data: WebhookFollowUpData(record)).encoded()
            })]
        default:
            return []
        }
    }

    /// One attempt of `delivery`, recorded: delivered on 2xx, else due again by `WebhookRetry`
    /// or given up.
    func attempt(_ delivery: WebhookDelivery) async {
        let now = clock.now
        let attemptNumber = delivery.attempts + 1
        guard let hook = (try? store.webhooks())?.first(where: { $0.id == delivery.webhookID }) else { return }
        guard let secret = secrets.secret(for: hook.id) else {
            record(delivery, answer: .failed("The webhook's secret file is missing; remove the webhook and add it again."),
                   attempt: attemptNumber, giveUp: true)
            return
        }
        let body = Data(delivery.payload.utf8)
        let request = WebhookRequest(url: hook.endpoint.url, headers: [
            "Content-Type": "application/json",
            "User-Agent": "TgTemplates-Webhooks/1",
            WebhookSigner.eventHeader: delivery.event.rawValue,
            WebhookSigner.deliveryHeader: delivery.eventID,
            WebhookSigner.attemptHeader: "\(attemptNumber)",
            WebhookSigner.signatureHeader: WebhookSigner.signature(body: body, secret: secret, at: now),
        ], body: body)
        let answer = await poster.post(request)
        // Cut off by the server stopping: not the receiver's doing; it stays due (claimed until
        // shortly after) and goes again at the next start, with the same event id.
        guard !Task.isCancelled else { return }
        record(delivery, answer: answer, attempt: attemptNumber, giveUp: false)
    }

    private func record(_ delivery: WebhookDelivery, answer: WebhookAnswer, attempt: Int, giveUp: Bool) {
        let now = clock.now
        let status: Int?
        var error: String?
        var retryAfter: String?
        var final = giveUp
        switch answer {
        case .status(let code, let asked):
            status = code
            retryAfter = asked
            error = answer.isSuccess ? nil : (300..<400).contains(code)
                ? "The receiver answered HTTP \(code), a redirect, which is not followed: give the address it points to."
                : "The receiver answered HTTP \(code)."
            if WebhookRetry.isFinal(status: code) {
                final = true
                error = "The receiver answered HTTP \(code): the address is gone, so it is not tried again. Give the webhook a new address."
            } else if !answer.isSuccess, let asked, let until = WebhookRetry.retryAfter(asked, now: now), until > now {
                error = "The receiver answered HTTP \(code) and asked to be tried again later (Retry-After): that wait is kept, up to a day."
            }
        case .failed(let why):
            status = nil
            error = why
        }
        // A test delivery is tried once: the person is watching.
        let retryAt = answer.isSuccess || final || delivery.event == .test ? nil
            : WebhookRetry.next(after: attempt, at: now, retryAfter: retryAfter)
        if !answer.isSuccess {
            logger.notice("webhook delivery failed", metadata: [
                "delivery": "\(delivery.id)", "attempt": "\(attempt)", "status": "\(status.map(String.init) ?? "none")",
                "retry": "\(retryAt != nil)",
            ])
        }
        do {
            try store.recordWebhookAttempt(id: delivery.id, delivered: answer.isSuccess, status: status, error: error, retryAt: retryAt, at: now)
        } catch {
            logger.error("could not record a webhook attempt", metadata: ["error": "\(error)"])
        }
    }
}
