import Crypto
import Foundation
import TgtDomain
import TgtStore
import TgtTelegram

/// Trigger links, for every face (Settings, `tgt triggers`, the API) and for the link itself:
/// making one (its secret is returned once and kept only as a digest), listing, renaming and
/// revoking, and firing: the secret finds its template, the request's values pass the trigger's
/// policy and its rate limit, and the template is sent as a one-tap send is (the undo hold, the
/// send log). An unknown, revoked or expired secret, or one whose template is gone, is refused
/// the same way after the same work, so a link reveals nothing.
public struct TriggerService: Sendable {
    let store: AppDatabase
    public let clock: any AppClock

    public init(store: AppDatabase, clock: any AppClock) {
        self.store = store
        self.clock = clock
    }

    /// A trigger just made, with its secret: shown this once.
    public struct Created: Sendable {
        public var trigger: TriggerRecord
        public var secret: String
        /// The link's path on the dashboard: `/t/` and the secret.
        public var path: String { TriggerService.path(secret) }
    }

    /// The path of the link with this secret.
    public static func path(_ secret: String) -> String { "/t/" + secret }

    /// Makes a trigger for a Telegram template. Pinned values and allowed names must be custom
    /// variables the template uses (checked as a send's values are), so a typo cannot make a
    /// link that fails every time.
    public func create(templateID: UUID, name: String, policy: TriggerPolicy = TriggerPolicy()) throws -> Created {
        let name = try Self.name(name)
        let policy = try policy.validated()
        guard let template = try store.template(id: templateID) else { throw StoreError.templateNotFound(templateID.uuidString.lowercased()) }
        guard !template.kind.isDraft else { throw TriggerError.notTelegram(template.name) }
        try SendRules.check(policy.pinned, for: template)
        if case .only(let names) = policy.variables {
            try SendRules.check(Dictionary(names.map { ($0, "") }, uniquingKeysWith: { first, _ in first }), for: template)
        }
        let secret = Self.newSecret()
        let trigger = TriggerRecord(templateID: templateID, name: name, secretDigest: Self.digest(secret), policy: policy, createdAt: clock.now)
        try store.addTrigger(trigger)
        return Created(trigger: trigger, secret: secret)
    }

    /// The live triggers, newest first.
    public func list() throws -> [TriggerRecord] {
        try store.triggers()
    }

    public func rename(_ id: UUID, to name: String) throws {
        let name = try Self.name(name)
        guard try store.renameTrigger(id: id, to: name) else { throw TriggerError.notFound }
    }

    public func revoke(_ id: UUID) throws {
        guard try store.revokeTrigger(id: id, at: clock.now) else { throw TriggerError.notFound }
    }

    /// The template a secret fires, for the link's confirmation page (its name only).
    public func templateName(forSecret secret: String) throws -> String {
        let (_, template) = try live(secret)
        return template.name
    }

    /// A live trigger and the name of its template, for the faces that list them.
    public func listWithTemplates() throws -> [(trigger: TriggerRecord, templateName: String)] {
        let names = Dictionary(try store.templates().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return try list().map { ($0, names[$0.templateID] ?? "") }
    }

    /// The live trigger a face names: by its id, the id's first characters (at least 4), or
    /// its name in any case (the one written exactly so when names differ only in case:
    /// `tgt triggers revoke "Front door"`).
    public func find(_ text: String) throws -> TriggerRecord {
        switch ItemKey.find(text, in: try list(), id: \.id, name: \.name) {
        case .found(let trigger): return trigger
        case .ambiguous: throw TriggerError.ambiguous(text)
        case .none: throw TriggerError.notFound
        }
    }

    /// Fires the trigger whose secret this is, with the request's values, through `sending`.
    /// A refused request changes nothing: the values' rules and then the session's own check of
    /// the whole send (the message per target, formatted and measured) come before a use is
    /// spent, and nothing is written before the send is. Every answer, refusals included,
    /// names no target, chat or text (`answer`).
    public func fire(secret: String, variables: [String: String], sending: any TemplateSending & SendChecking) async throws -> SendOutcome {
        let (trigger, template) = try live(secret)
        let values = try trigger.policy.values(variables)
        try SendRules.check(values, for: template)
        let order = SendOrder(templateID: template.id, variables: values, hold: try SendRules(store: store).hold(for: .trigger))
        do { try await sending.check(order) } catch { throw Self.answer(error) }
        let usedAt = clock.now
        if let refusal = try store.useTrigger(id: trigger.id, at: usedAt) { throw refusal }
        do {
            return try await sending.send(order) { _ in }
        } catch {
            // Refused before anything reached Telegram (the template changed since the check):
            // the request changed nothing, so its use is given back.
            if Self.refusedBeforeSending(error) { try? store.refundTriggerUse(id: trigger.id, usedAt: usedAt, lastUsed: trigger.lastUsed) }
            throw Self.answer(error)
        }
    }

    /// Whether a send's error is a refusal of the order itself, made before anything reached
    /// Telegram (the rules, the template, its text), as opposed to a failure on the way.
    static func refusedBeforeSending(_ error: any Error) -> Bool {
        switch error {
        case is SendOrderError, SendError.invalid, SendError.render, SendError.markdown, SendError.notTelegram, SendError.notLoggedIn,
             StoreError.templateNotFound: true
        default: false
        }
    }

    /// A send's refusal as a trigger link may say it: a message too long or a template that
    /// cannot be sent is said without the chat or the text the send's own words would name;
    /// a missing value is the requester's to fix and kept; a value that is not a choice is said
    /// without the choices (the template's text).
    static func answer(_ error: any Error) -> any Error {
        switch error {
        case SendError.invalid(let validation):
            if let limit = validation.issues.lazy.compactMap(\.lengthLimit).first { return TriggerError.messageTooLong(max: limit) }
            return TriggerError.cannotSend
        case SendError.render(let render):
            switch render {
            case .missingVariables: return render
            case .notAChoice(let name, _, _): return TriggerError.notAChoice(name)
            case .syntax, .noTargets: return TriggerError.cannotSend
            }
        case SendError.markdown, SendError.notTelegram: return TriggerError.cannotSend
        case StoreError.templateNotFound: return TriggerError.notFound
        default: return error
        }
    }

    /// The live trigger and its template, or `.notFound` for anything else.
    private func live(_ secret: String) throws -> (TriggerRecord, Template) {
        // The same work for every dead secret (unknown, revoked, expired, template deleted):
        // one digest and one statement that finds nothing (`AppDatabase.liveTrigger`).
        let found = try store.liveTrigger(secretDigest: Self.digest(String(secret.prefix(128))), at: clock.now)
        guard let trigger = found, let template = try store.template(id: trigger.templateID) else { throw TriggerError.notFound }
        return (trigger, template)
    }

    static func name(_ text: String) throws(TriggerError) -> String {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...64).contains(name.count), !name.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) else {
            throw .badName
        }
        return name
    }

    /// 32 random bytes from the system's generator, base64url without padding (43 characters).
    static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        return bytes.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// SHA-256 of a secret, hex: what the store keeps.
    public static func digest(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
