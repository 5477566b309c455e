import Foundation
import TgtDomain
import TgtTelegram

/// The moment a test's templates and timers are made when the test does not say: a fixed date,
/// so no value a test builds reads the wall clock (the product's own initialisers have no
/// default for it: the process's clock says when).
public let fixtureDate = Date(timeIntervalSince1970: 1_780_000_000)

extension Template {
    /// A template as a test makes it, created at `fixtureDate` unless it says otherwise.
    public init(
        id: UUID = UUID(), name: String, icon: TemplateIcon = .default, kind: TemplateKind = .telegram, body: String,
        targets: [Target] = [], to: [String] = [], cc: [String] = [], subject: String = "",
        locationMode: LocationMode = .none, silent: Bool = false, place: PlaceRule? = nil,
        sortOrder: Int = 0, updatedAt: Date? = nil
    ) {
        self.init(id: id, name: name, icon: icon, kind: kind, body: body, targets: targets, to: to, cc: cc, subject: subject,
                  locationMode: locationMode, silent: silent, place: place, sortOrder: sortOrder, createdAt: fixtureDate,
                  updatedAt: updatedAt)
    }
}

extension CountdownTimer {
    /// A timer as a test makes it, created at `fixtureDate` unless it says otherwise.
    public init(
        id: UUID = UUID(), name: String, duration: TimerDuration, icon: TimerIcon = .default, color: TimerColor = .default,
        state: State = .idle, todos: [TimerTodo] = [], notes: String = "", action: CompletionAction? = nil,
        sortOrder: Int = 0, updatedAt: Date? = nil
    ) {
        self.init(id: id, name: name, duration: duration, icon: icon, color: color, state: state, todos: todos, notes: notes,
                  action: action, sortOrder: sortOrder, createdAt: fixtureDate, updatedAt: updatedAt)
    }
}

extension RenderContext {
    /// A render context as a test makes it: at `fixtureDate` unless it says when.
    public init(locale: Locale = .current, timeZone: TimeZone = .current, location: Coordinate? = nil, me: String? = nil,
                custom: [String: String] = [:]) {
        self.init(now: fixtureDate, locale: locale, timeZone: timeZone, location: location, me: me, custom: custom)
    }
}

extension SendRequest {
    /// A request as a test makes it: rendered at `fixtureDate` unless it gives a context.
    public init(template: Template, variables: [String: String] = [:], location: Coordinate? = nil, silent: Bool? = nil) {
        self.init(template: template, variables: variables, location: location, silent: silent, context: RenderContext())
    }
}
