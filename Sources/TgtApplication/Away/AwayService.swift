import Foundation
import TgtDomain
import TgtStore

/// Away replies' settings for every face (Settings, the API): read, and save after checking
/// that the templates are Telegram ones that need no values (nobody is there to type them).
public struct AwayService: Sendable {
    let store: AppDatabase
    public let clock: any AppClock

    public init(store: AppDatabase, clock: any AppClock) {
        self.store = store
        self.clock = clock
    }

    public func settings() throws -> AwaySettings { try store.awaySettings() }

    /// Saves `settings` (changing nothing when anything is refused).
    public func save(_ settings: AwaySettings) throws {
        let settings = try settings.validated()
        for id in [settings.replyTemplateID, settings.greetingTemplateID].compactMap({ $0 }) { try Self.check(id, store: store) }
        if case .until(let end) = settings.mode, end <= clock.now { throw AwayError.badSchedule("That moment has passed; give one to come.") }
        try store.setAwaySettings(settings)
    }

    /// When `tgt serve` last looked for messages to answer, and how many answers went out in
    /// the last hour.
    public func status() throws -> (checkedAt: Date?, answersLastHour: Int) {
        (try store.awayCheckedAt(), try store.awayAnswers(inHourBefore: clock.now))
    }

    /// A template an automatic answer can send: Telegram, every custom variable with a default.
    static func check(_ id: UUID, store: AppDatabase) throws {
        guard let template = try store.template(id: id) else { throw AwayError.templateNotFound }
        guard template.kind == .telegram else { throw AwayError.notTelegram(template.name) }
        let needed = template.variablesNeedingValues
        guard needed.isEmpty else { throw AwayError.needsValues(template: template.name, names: needed) }
    }
}

extension AwayService {
    /// Notes that the away replies looked for messages now (the Settings page shows when).
    public func noteCheck() throws(StoreError) { try store.noteAwayCheck(at: clock.now) }
}
