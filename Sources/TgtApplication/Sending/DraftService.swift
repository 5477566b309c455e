import Foundation
import TgtDomain
import TgtStore

/// Handing an email, text message or X template over as a draft, for every face: the same
/// checks as a send (`SendRules.check`), the default location when the order names none, the
/// render (`DraftHandOff`, which fills `{{me}}`), and the send log's "handed over" line. `tgt send`,
/// the dashboard's Draft button and the app's compose sheet come here.
public struct DraftService: Sendable {
    let store: AppDatabase
    let clock: any AppClock

    public init(store: AppDatabase, clock: any AppClock) {
        self.store = store
        self.clock = clock
    }

    /// A rendered draft and the template it came from.
    public struct Prepared: Sendable {
        public var template: Template
        public var draft: Draft
        /// How the body measures against the limits of the draft's app and Telegram's.
        public var length: MessageLength
    }

    /// Renders the order's template as a draft; records nothing. Throws (changing nothing)
    /// `StoreError.templateNotFound`, a `SendOrderError` or a `DraftError`.
    public func prepare(_ order: SendOrder) throws -> Prepared {
        guard let template = try store.template(id: order.templateID) else {
            throw StoreError.templateNotFound(order.templateID.uuidString)
        }
        try SendRules.check(order.variables, for: template)
        let location = try order.location ?? store.defaultLocation()
        let draft = try DraftHandOff(store: store).prepare(template, values: order.variables,
                                                            context: RenderContext(now: clock.now, location: location))
        let length = MessageLength.measure(draft.body, kind: draft.kind, telegramLimit: store.validator().maxTextLength)
        return Prepared(template: template, draft: draft, length: length)
    }

    /// Logs a prepared draft as handed over (never as sent): the person's app has it now.
    @discardableResult
    public func record(_ prepared: Prepared) throws(StoreError) -> SendLogEntry {
        try record(prepared.draft, of: prepared.template)
    }

    /// Logs `draft` of `template` as handed over (a compose sheet that reports back later).
    @discardableResult
    public func record(_ draft: Draft, of template: Template) throws(StoreError) -> SendLogEntry {
        try store.recordHandedOver(template, draft: draft)
    }

    /// Prepares the draft and logs it as handed over.
    public func handOver(_ order: SendOrder) throws -> (prepared: Prepared, entry: SendLogEntry) {
        let prepared = try prepare(order)
        return (prepared, try record(prepared))
    }
}
