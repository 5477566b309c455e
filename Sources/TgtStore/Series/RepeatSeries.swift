import Foundation
import TgtDomain

/// A repeating send: a template posted on every occurrence of a `RepeatRule`, each occurrence
/// an ordinary message on Telegram's schedule. The series keeps the values the person gave
/// and where its planning stands (`nextIndex`, `planAt`); `ScheduleKeeper` keeps the next
/// occurrences scheduled and `SeriesService` changes it.
public struct RepeatSeries: Sendable, Hashable, Identifiable {
    /// Where a series stands.
    public enum Status: String, Sendable, Codable, CaseIterable {
        /// Its next occurrences are kept on Telegram's schedule.
        case active
        /// Nothing is scheduled until it is resumed; occurrences meanwhile are not posted.
        case paused
        /// Stopped for good by the person (or its template was deleted).
        case cancelled
        /// Its rule has no occurrences left.
        case ended

        /// Whether nothing more will be posted.
        public var isFinal: Bool { self == .cancelled || self == .ended }
    }

    public var id: UUID
    public var templateID: UUID
    /// The template's name when the series was made or last planned (kept if it is deleted).
    public var templateName: String
    public var rule: RepeatRule
    /// Values for the template's custom variables, rendered anew for every occurrence.
    public var variables: [String: String]
    public var location: Coordinate?
    /// Overrides the template's silent flag when set.
    public var silent: Bool?
    public var status: Status
    /// Occurrence numbers (as the send log counts them) not to be posted.
    public var skipped: Set<Int>
    /// The occurrence number of the rule's first occurrence: a changed rule counts on from the
    /// old one's numbers, so every occurrence keeps one number in the send log.
    public var indexBase: Int
    /// The first occurrence number not yet in the send log.
    public var nextIndex: Int
    /// When the keeper must next look at it (nil: at every pass, while a chat has no room).
    public var planAt: Date?
    /// What the last plan was made from (the template's and the series' versions).
    public var planKey: String
    /// Set on every occurrence it posts ("if not read within 2 h, remind me"), if any.
    public var followUp: FollowUpRule?
    /// Moves with every change the person makes.
    public var version: Int
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: UUID = UUID(), templateID: UUID, templateName: String, rule: RepeatRule, variables: [String: String] = [:],
                location: Coordinate? = nil, silent: Bool? = nil, status: Status = .active, skipped: Set<Int> = [], indexBase: Int = 0,
                nextIndex: Int = 0, planAt: Date? = nil, planKey: String = "", followUp: FollowUpRule? = nil, version: Int = 1, createdAt: Date,
                updatedAt: Date? = nil)
    {
        self.id = id
        self.templateID = templateID
        self.templateName = templateName
        self.rule = rule
        self.variables = variables
        self.location = location
        self.silent = silent
        self.status = status
        self.skipped = skipped
        self.indexBase = indexBase
        self.nextIndex = nextIndex
        self.planAt = planAt
        self.planKey = planKey
        self.followUp = followUp
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }

    /// The occurrences strictly after `date` (at most `limit`), numbered as the send log
    /// numbers them.
    public func occurrences(after date: Date, limit: Int) -> [(index: Int, date: Date)] {
        rule.occurrences(after: date, limit: limit).map { ($0.index + indexBase, $0.date) }
    }

    /// The occurrences from number `index` on whose date is at most `through`, at most `limit`.
    public func occurrences(from index: Int, through: Date, limit: Int) -> [(index: Int, date: Date)] {
        var found: [(index: Int, date: Date)] = []
        guard limit > 0 else { return found }
        rule.forEachOccurrence { ruleIndex, at in
            if at > through { return false }
            if ruleIndex + indexBase >= index { found.append((ruleIndex + indexBase, at)) }
            return found.count < limit
        }
        return found
    }

    /// The date of occurrence number `index`, if the rule has one.
    public func date(ofOccurrence index: Int) -> Date? {
        var found: Date?
        rule.forEachOccurrence { ruleIndex, at in
            if ruleIndex + indexBase == index { found = at; return false }
            return ruleIndex + indexBase < index
        }
        return found
    }
}

/// One occurrence of a series as a face lists it: when, and where it stands.
public struct SeriesOccurrence: Sendable, Hashable {
    /// Where an occurrence stands.
    public enum State: String, Sendable, Hashable {
        /// Not on Telegram's schedule yet (beyond the window kept scheduled, or waiting for room).
        case planned
        /// In the send log and on its way to Telegram's schedule.
        case queued
        /// On Telegram's schedule: posts with every device off.
        case scheduled
        case skipped
    }

    public var index: Int
    public var date: Date
    public var state: State

    public init(index: Int, date: Date, state: State) {
        self.index = index
        self.date = date
        self.state = state
    }
}
