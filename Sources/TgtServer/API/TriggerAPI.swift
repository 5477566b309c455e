import Foundation
import TgtApplication
import TgtDomain
import TgtWire

/// `POST /t/{secret}`: a trigger link fires its template (`TriggerService`). Wrong secrets are
/// counted per address and slowed down; the reply says each target's status, never the
/// targets or the text.
extension DashboardAPI {
    func fireTrigger(_ input: Operations.FireTrigger.Input) async throws -> Operations.FireTrigger.Output {
        let client = Self.requestContext?.clientKey ?? "unknown"
        if let wait = await dashboard.triggerThrottle.retryAfter(for: client, now: host.clock.now) {
            throw APIError(.tooManyRequests, code: "rate_limited", message: "Too many wrong trigger links from here. Try again in \(wait) seconds.",
                           headers: [.retryAfter: "\(wait)"])
        }
        var variables: [String: String] = [:]
        if case .json(let body)? = input.body { variables = body.variables?.additionalProperties ?? [:] }
        let outcome: SendOutcome
        do {
            outcome = try await triggers.fire(secret: input.path.secret, variables: variables)
        } catch TriggerError.notFound {
            await dashboard.triggerThrottle.recordFailure(for: client, now: host.clock.now)
            throw TriggerError.notFound
        }
        let results = outcome.items.map { item in
            Components.Schemas.TriggerResult.ResultsPayloadPayload(status: outcome.undone ? .undone : item.sent ? .sent : .failed)
        }
        return .ok(.init(body: .json(.init(success: true, data: .init(
            allSent: outcome.allSent, results: results, sentCount: outcome.items.filter(\.sent).count, undone: outcome.undone)))))
    }

    /// Trigger links on the dashboard's session.
    var triggers: TriggerService {
        TriggerService(store: store, clock: host.clock, sending: sending)
    }
}
