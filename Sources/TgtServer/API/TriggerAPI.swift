import Foundation
import TgtApplication
import TgtDomain
import TgtWire

/// Trigger links: `POST /t/{secret}` fires one (wrong secrets are counted per address and
/// slowed down; the reply says each target's status, never the targets or the text), and
/// `/api/triggers` makes, lists, renames and revokes them for their owner. `TriggerService`
/// does the work.
extension DashboardAPI {
    func fireTrigger(_ input: Operations.FireTrigger.Input) async throws -> Operations.FireTrigger.Output {
        let client = Self.requestContext?.clientKey ?? "unknown"
        if let wait = await dashboard.triggerThrottle.retryAfter(for: client, now: telegram.clock.now) {
            throw APIError(.tooManyRequests, code: "rate_limited", message: "Too many wrong trigger links from here. Try again in \(wait) seconds.",
                           headers: [.retryAfter: "\(wait)"])
        }
        var variables: [String: String] = [:]
        for (name, values) in Self.requestQuery {
            guard values.count == 1, let value = values.first else {
                throw APIError.badRequest("{{\(name)}} is given \(values.count) times in the link; give it once.", code: "invalid_input")
            }
            variables[name] = value
        }
        if case .json(let body)? = input.body {
            for (name, value) in body.variables?.additionalProperties ?? [:] {
                guard variables[name] == nil else {
                    throw APIError.badRequest("{{\(name)}} is given twice, in the query and in the body; give it once.", code: "invalid_input")
                }
                variables[name] = value
            }
        }
        let outcome: SendOutcome
        do {
            outcome = try await triggers.fire(secret: input.path.secret, variables: variables, sending: sending)
        } catch TriggerError.notFound {
            await dashboard.triggerThrottle.recordFailure(for: client, now: telegram.clock.now)
            throw TriggerError.notFound
        }
        let results = outcome.items.map { item in
            Components.Schemas.TriggerResult.ResultsPayloadPayload(status: outcome.undone ? .undone : item.sent ? .sent : .failed)
        }
        return .ok(.init(body: .json(.init(success: true, data: .init(
            allSent: outcome.allSent, results: results, sentCount: outcome.items.filter(\.sent).count, undone: outcome.undone)))))
    }

    func listTriggers(_ input: Operations.ListTriggers.Input) async throws -> Operations.ListTriggers.Output {
        let now = telegram.clock.now
        let all = try triggers.listWithTemplates().map { APIModels.trigger($0.trigger, templateName: $0.templateName, now: now) }
        return .ok(.init(body: .json(.init(success: true, data: .init(triggers: all)))))
    }

    func createTrigger(_ input: Operations.CreateTrigger.Input) async throws -> Operations.CreateTrigger.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body with “template_id” and “name”.", code: "invalid_json") }
        let template = try template(body.templateId)
        let allowed = try (body.allowed ?? []).map { try Self.limited($0, "allowed", max: 64) ?? "" }
        let variables: TriggerPolicy.Variables
        switch body.allow ?? .any {
        case .any:
            guard allowed.isEmpty else { throw APIError.badRequest("“allowed” names variables only with “allow”: “only”.") }
            variables = .any
        case .none:
            guard allowed.isEmpty else { throw APIError.badRequest("“allowed” names variables only with “allow”: “only”.") }
            variables = .none
        case .only:
            guard !allowed.isEmpty else { throw APIError.badRequest("With “allow”: “only”, list the variables in “allowed”, e.g. [\"eta\"].") }
            variables = .only(allowed)
        }
        let policy = TriggerPolicy(
            variables: variables, pinned: body.pinned?.additionalProperties ?? [:],
            minimumInterval: TimeInterval(body.minIntervalSeconds ?? Int(TriggerPolicy.standardInterval)),
            perDay: body.perDay ?? TriggerPolicy.standardPerDay, expires: body.expires)
        if let expires = body.expires, expires <= telegram.clock.now {
            throw APIError.badRequest("“expires” is in the past; give a moment to come, or leave it out.")
        }
        let made = try triggers.create(templateID: template.id, name: body.name, policy: policy)
        let data = Components.Schemas.TriggerLinkCreated(
            trigger: APIModels.trigger(made.trigger, templateName: template.name, now: telegram.clock.now),
            secret: made.secret, path: made.path, url: (Self.requestOrigin ?? dashboard.options.origin) + made.path)
        return .created(.init(body: .json(.init(success: true, data: data))))
    }

    func renameTrigger(_ input: Operations.RenameTrigger.Input) async throws -> Operations.RenameTrigger.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body with “name”.", code: "invalid_json") }
        let id = try Self.triggerID(input.path.id)
        try triggers.rename(id, to: body.name)
        guard let found = try triggers.listWithTemplates().first(where: { $0.trigger.id == id }) else { throw TriggerError.notFound }
        return .ok(.init(body: .json(.init(success: true, data: APIModels.trigger(found.trigger, templateName: found.templateName, now: telegram.clock.now)))))
    }

    func revokeTrigger(_ input: Operations.RevokeTrigger.Input) async throws -> Operations.RevokeTrigger.Output {
        let id = try Self.triggerID(input.path.id)
        try triggers.revoke(id)
        return .ok(.init(body: .json(.init(success: true, data: .init(deleted: input.path.id)))))
    }

    static func triggerID(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw APIError.notFound("There is no trigger with id “\(text)”.") }
        return id
    }

    /// Trigger links on the dashboard's store and clock.
    var triggers: TriggerService {
        workspace.triggers
    }
}

extension APIModels {
    static func trigger(_ trigger: TriggerRecord, templateName: String, now: Date) -> Components.Schemas.TriggerLink {
        let allow: Components.Schemas.TriggerLink.AllowPayload
        var allowed: [String] = []
        switch trigger.policy.variables {
        case .any: allow = .any
        case .none: allow = .none
        case .only(let names): allow = .only; allowed = names
        }
        return .init(
            id: id(trigger.id), name: trigger.name, templateId: id(trigger.templateID), templateName: templateName, allow: allow,
            allowed: allowed, pinned: .init(additionalProperties: trigger.policy.pinned), minIntervalSeconds: Int(trigger.policy.minimumInterval),
            perDay: trigger.policy.perDay, expires: trigger.policy.expires, createdAt: trigger.createdAt, lastUsed: trigger.lastUsed,
            useCount: trigger.useCount, usesLastDay: trigger.usesInLastDay(at: now))
    }
}
