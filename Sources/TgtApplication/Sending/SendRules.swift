import Foundation
import TgtDomain
import TgtStore
import TgtTelegram

/// The checks an order to send passes before anything is sent, for every face and for sends
/// now, later and as drafts: one set of rules and messages.
public struct SendRules: Sendable {
    let store: AppDatabase

    public init(store: AppDatabase) {
        self.store = store
    }

    /// The request an order makes, after every check: the template exists and goes through
    /// Telegram, a retry names only its targets, each value's name is a custom variable the
    /// template uses and the value is not too long; no location given means the default one.
    /// Throws (changing nothing) `StoreError.templateNotFound`, `SendError.notTelegram` or a
    /// `SendOrderError`.
    public func request(for order: SendOrder) throws -> SendRequest {
        guard var template = try store.template(id: order.templateID) else {
            throw StoreError.templateNotFound(order.templateID.uuidString)
        }
        guard template.kind == .telegram else { throw SendError.notTelegram(template: template.name, kind: template.kind) }
        if let keys = order.onlyTargets {
            let known = Set(template.targets.map(\.key.description))
            if let unknown = keys.first(where: { !known.contains($0) }) { throw SendOrderError.unknownTarget(unknown) }
            guard !keys.isEmpty else { throw SendOrderError.noTargets }
            template.targets = template.targets.filter { keys.contains($0.key.description) }
        }
        if let destination = order.destination { template.targets = [destination] }
        if order.withoutLocation { template.locationMode = .none }
        try Self.check(order.variables, for: template)
        let location = try order.location ?? store.defaultLocation()
        var request = SendRequest(template: template, variables: order.variables, location: location, silent: order.silent,
                                  context: RenderContext(now: store.clock.now))
        request.context.me = try store.senderName()
        request.origin = order.origin
        return request
    }

    /// The values' rules, for sends and drafts alike: names of custom variables the template
    /// uses, each value passing `VariableValue`'s rule (length, no control characters).
    public static func check(_ values: [String: String], for template: Template) throws(SendOrderError) {
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            guard TemplateText.isValidName(name) else { throw .badVariableName(name) }
            guard BuiltinVariable(rawValue: name) == nil else { throw .builtinVariable(name) }
            if let problem = VariableValue.problem(value) { throw SendOrderError(name: name, problem) }
        }
        let names = (try? template.variableNames()) ?? []
        let unused = values.keys.filter { !names.contains($0) }.sorted()
        guard !unused.isEmpty else { return }
        throw .unusedVariables(template: template.name, names: unused,
                               custom: names.filter { BuiltinVariable(rawValue: $0) == nil })
    }

}
