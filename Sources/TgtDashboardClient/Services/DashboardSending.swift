import Foundation
import TgtApplication
import TgtStore

/// Sending now and later through the running dashboard's session (its API), for commands run
/// while `tgt serve` holds the Telegram session: the same `TemplateSending` as a command's own
/// session, so the command does not know which it has. The dashboard applies the rules
/// (`SendService`); its refusals come back as `DashboardClientError`s with its words.
public struct DashboardSending: TemplateSending {
    public let client: DashboardClient

    public init(client: DashboardClient) {
        self.client = client
    }

    public func send(_ order: SendOrder, progress: @escaping @Sendable (SendStep) -> Void) async throws -> SendOutcome {
        let reply = if let into = order.destination {
            try await client.send(templateID: order.templateID, intoChat: into.chatID, topicID: into.topicID, variables: order.variables,
                                  location: order.location, silent: order.silent)
        } else {
            try await client.send(templateID: order.templateID, variables: order.variables, location: order.location,
                                  silent: order.silent, onlyTargets: order.onlyTargets)
        }
        let outcome = SendOutcome(templateName: reply.templateName, batchID: reply.batchID, items: reply.results.map {
            .init(target: $0.target, title: $0.title, sent: $0.status == "sent", messageID: $0.messageID, error: $0.error)
        })
        // The API answers once every target has its verdict: the steps come together.
        for item in outcome.items {
            progress(item.sent ? .sent(title: item.title) : .failed(title: item.title, message: item.error ?? "failed"))
        }
        return outcome
    }

    public func scheduleLater(_ order: SendOrder, at date: Date) async throws -> [ScheduledItem] {
        try await client.scheduleLater(templateID: order.templateID, variables: order.variables, location: order.location,
                                       silent: order.silent, at: date).map {
            ScheduledItem(id: $0.id, title: $0.title, status: SendLogEntry.Status(rawValue: $0.status) ?? .failed,
                          scheduledFor: $0.scheduledFor, error: $0.error)
        }
    }
}
