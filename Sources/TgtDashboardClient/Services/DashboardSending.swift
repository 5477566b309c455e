import Foundation
import TgtApplication
import TgtDomain

/// Sending now and later through the running dashboard's session (its API), for commands run
/// while `tgt serve` holds the Telegram session: the same `TemplateSending` as a command's own
/// session, so the command does not know which it has. The dashboard applies the rules
/// (`SendService`); its refusals come back as `DashboardClientError`s with its words.
public struct DashboardSending: TemplateSending {
    public let client: DashboardClient
    /// Counts a held send's seconds down on the terminal while the dashboard holds it.
    public let clock: any AppClock

    public init(client: DashboardClient, clock: any AppClock) {
        self.client = client
        self.clock = clock
    }

    public func send(_ order: SendOrder, progress: @escaping @Sendable (SendStep) -> Void) async throws -> SendOutcome {
        let reply = if let into = order.destination {
            try await client.send(templateID: order.templateID, intoChat: into.chatID, topicID: into.topicID, variables: order.variables,
                                  location: order.location, silent: order.silent)
        } else {
            try await held(order, progress: progress) { batch in
                try await client.send(templateID: order.templateID, variables: order.variables, location: order.location,
                                      silent: order.silent, onlyTargets: order.onlyTargets, hold: order.hold, batchID: batch)
            }
        }
        let outcome = SendOutcome(templateName: reply.templateName, batchID: reply.batchID, items: reply.results.map {
            .init(target: $0.target, title: $0.title, sent: $0.status == "sent", messageID: $0.messageID, error: $0.error)
        }, undone: reply.undone)
        if outcome.undone { return outcome }
        // The API answers once every target has its verdict: the steps come together.
        for item in outcome.items {
            progress(item.sent ? .sent(title: item.title) : .failed(title: item.title, message: item.error ?? "failed"))
        }
        return outcome
    }

    /// Runs a held send's request (which answers when the hold is over) while saying each
    /// second what is left, as the dashboard's own countdown does; without a hold, just runs it.
    private func held(_ order: SendOrder, progress: @escaping @Sendable (SendStep) -> Void,
                      _ request: @Sendable (UUID?) async throws -> DashboardClient.SendReply) async throws -> DashboardClient.SendReply
    {
        guard !order.hold.isOff else { return try await request(nil) }
        let batch = order.batchID ?? UUID()
        let until = clock.now.addingTimeInterval(order.hold.duration)
        let clock = self.clock
        let ticker = Task {
            try? await SendHold.countDown(batch: batch, until: until, clock: clock, while: { !Task.isCancelled }, progress: progress)
        }
        defer { ticker.cancel() }
        return try await request(batch)
    }

    public func undo(batchID: UUID) async throws -> UndoOutcome {
        guard let targets = try await client.undo(batchID: batchID) else { return .alreadyUndone }
        return .undone(targets: targets)
    }

    public func scheduleLater(_ order: SendOrder, at date: Date) async throws -> [ScheduledItem] {
        try await client.scheduleLater(templateID: order.templateID, variables: order.variables, location: order.location,
                                       silent: order.silent, at: date).map {
            ScheduledItem(id: $0.id, title: $0.title, status: SendLogEntry.Status(rawValue: $0.status) ?? .failed,
                          scheduledFor: $0.scheduledFor, error: $0.error)
        }
    }
}
