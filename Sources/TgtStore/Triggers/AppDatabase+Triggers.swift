import Foundation
import GRDB
import TgtDomain

/// A trigger link as kept in the store: its template, name and policy, and the digest of its
/// secret (the secret itself is shown once, when it is made, and never kept).
public struct TriggerRecord: Sendable, Hashable, Identifiable {
    public var id: UUID
    public var templateID: UUID
    public var name: String
    /// SHA-256 of the secret, hex.
    public var secretDigest: String
    public var policy: TriggerPolicy
    public var createdAt: Date
    /// When it last sent, and how many times in all.
    public var lastUsed: Date?
    public var useCount: Int
    /// The moments of its sends of the last 24 hours (as last written), oldest first.
    public var recentUses: [Date]
    public var revokedAt: Date?

    public init(id: UUID = UUID(), templateID: UUID, name: String, secretDigest: String, policy: TriggerPolicy, createdAt: Date,
                lastUsed: Date? = nil, useCount: Int = 0, recentUses: [Date] = [], revokedAt: Date? = nil)
    {
        self.recentUses = recentUses
        self.id = id
        self.templateID = templateID
        self.name = name
        self.secretDigest = secretDigest
        self.policy = policy
        self.createdAt = createdAt
        self.lastUsed = lastUsed
        self.useCount = useCount
        self.revokedAt = revokedAt
    }

    /// How many times it sent in the 24 hours before `now`.
    public func usesInLastDay(at now: Date) -> Int {
        recentUses.filter { now.timeIntervalSince($0) < TriggerPolicy.day && $0 <= now }.count
    }

    /// Whether it may fire at `now` (not revoked, not expired).
    public func isLive(at now: Date) -> Bool {
        revokedAt == nil && (policy.expires.map { now < $0 } ?? true)
    }
}

extension AppDatabase {
    public func addTrigger(_ trigger: TriggerRecord) throws(StoreError) {
        let policy = Self.policyJSON(trigger.policy)
        try write { db in
            guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM template WHERE id = ?)"), arguments: [trigger.templateID.uuidString]) == true else {
                throw StoreError.templateNotFound(trigger.templateID.uuidString.lowercased())
            }
            try db.cachedStatement(sql: """
                    INSERT INTO trigger_link (id, template_id, name, secret_digest, policy, uses, use_count, created_at_ms)
                    VALUES (?, ?, ?, ?, ?, '[]', 0, ?)
                    """).execute(
                arguments: [trigger.id.uuidString, trigger.templateID.uuidString, trigger.name, trigger.secretDigest, policy,
                            Self.millis(trigger.createdAt)])
        }
    }

    /// Every trigger (revoked ones too when asked), newest first.
    public func triggers(includingRevoked: Bool = false) throws(StoreError) -> [TriggerRecord] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM trigger_link \(includingRevoked ? "" : "WHERE revoked_at_ms IS NULL ") ORDER BY created_at_ms DESC, id")
                .compactMap(Self.trigger)
        }
    }

    public func trigger(id: UUID) throws(StoreError) -> TriggerRecord? {
        try read { db in try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM trigger_link WHERE id = ?"), arguments: [id.uuidString]).flatMap(Self.trigger) }
    }

    /// The trigger whose secret has this digest, revoked or not.
    public func trigger(secretDigest: String) throws(StoreError) -> TriggerRecord? {
        try read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM trigger_link WHERE secret_digest = ?"), arguments: [secretDigest]).flatMap(Self.trigger)
        }
    }

    /// The live trigger whose secret has this digest (not revoked, not expired at `now`, its
    /// template still there), or nil. One statement decides all of it, so a revoked, expired,
    /// orphaned and unknown digest take the same path: one index lookup, no row read back.
    public func liveTrigger(secretDigest: String, at now: Date) throws(StoreError) -> TriggerRecord? {
        try read { db in
            try Row.fetchOne(db.cachedStatement(sql: """
                SELECT * FROM trigger_link
                WHERE secret_digest = ? AND revoked_at_ms IS NULL
                  AND (json_extract(policy, '$.expires') IS NULL OR json_extract(policy, '$.expires') > ?)
                  AND EXISTS (SELECT 1 FROM template WHERE template.id = trigger_link.template_id)
                """), arguments: [secretDigest, Self.millis(now)]).flatMap(Self.trigger)
        }
    }

    /// Renames a trigger; false when there is no such live trigger.
    @discardableResult
    public func renameTrigger(id: UUID, to name: String) throws(StoreError) -> Bool {
        try write { db in
            try db.cachedStatement(sql: "UPDATE trigger_link SET name = ? WHERE id = ? AND revoked_at_ms IS NULL").execute(arguments: [name, id.uuidString])
            return db.changesCount == 1
        }
    }

    /// Revokes a trigger for good (its link then answers as if it never existed); false when
    /// there is no such live trigger.
    @discardableResult
    public func revokeTrigger(id: UUID, at now: Date) throws(StoreError) -> Bool {
        try write { db in
            try db.cachedStatement(sql: "UPDATE trigger_link SET revoked_at_ms = ? WHERE id = ? AND revoked_at_ms IS NULL").execute(
                arguments: [Self.millis(now), id.uuidString])
            return db.changesCount == 1
        }
    }

    /// Records a send by a trigger at `now` if its policy allows one (in one transaction, so two
    /// requests at once cannot both pass the limit): the refusal otherwise, changing nothing.
    public func useTrigger(id: UUID, at now: Date) throws(StoreError) -> TriggerError? {
        try write { db in
            guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM trigger_link WHERE id = ?"), arguments: [id.uuidString]),
                  let trigger = Self.trigger(row), trigger.isLive(at: now)
            else { return TriggerError.notFound }
            let kept = trigger.recentUses.filter { now.timeIntervalSince($0) < TriggerPolicy.day }
            if let refusal = trigger.policy.refusal(uses: kept, now: now) { return refusal }
            let uses = (kept + [now]).map(Self.millis)
            let json = String(decoding: (try? JSONEncoder().encode(uses)) ?? Data("[]".utf8), as: UTF8.self)
            try db.cachedStatement(sql: "UPDATE trigger_link SET uses = ?, use_count = use_count + 1, last_used_ms = ? WHERE id = ?").execute(
                arguments: [json, Self.millis(now), id.uuidString])
            return nil
        }
    }

    /// Gives back the use `useTrigger` took at `usedAt` when the send it allowed was refused
    /// before anything reached Telegram (the template changed meanwhile): the use no longer
    /// counts towards the limits, the count and the last use are as before (`lastUsed`, the
    /// trigger's last use before this one). A use another request took since stays counted.
    public func refundTriggerUse(id: UUID, usedAt: Date, lastUsed: Date?) throws(StoreError) {
        try write { db in
            guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM trigger_link WHERE id = ?"), arguments: [id.uuidString]),
                  let trigger = Self.trigger(row)
            else { return }
            var uses = trigger.recentUses.map(Self.millis)
            guard let index = uses.lastIndex(of: Self.millis(usedAt)) else { return }
            uses.remove(at: index)
            let json = String(decoding: (try? JSONEncoder().encode(uses)) ?? Data("[]".utf8), as: UTF8.self)
            let stillLast = trigger.lastUsed.map(Self.millis) == Self.millis(usedAt)
            try db.cachedStatement(sql: """
                UPDATE trigger_link SET uses = ?, use_count = MAX(use_count - 1, 0),
                       last_used_ms = CASE WHEN ? THEN ? ELSE last_used_ms END
                WHERE id = ?
                """).execute(arguments: [json, stillLast, lastUsed.map(Self.millis), id.uuidString])
        }
    }

    static func policyJSON(_ policy: TriggerPolicy) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return String(decoding: (try? encoder.encode(policy)) ?? Data("{}".utf8), as: UTF8.self)
    }

    static func trigger(_ row: Row) -> TriggerRecord? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        let policyText: String = row["policy"]
        guard let id = UUID(uuidString: row["id"]), let template = UUID(uuidString: row["template_id"]),
              let policy = try? decoder.decode(TriggerPolicy.self, from: Data(policyText.utf8))
        else { return nil }
        let last: Int64? = row["last_used_ms"]
        let revoked: Int64? = row["revoked_at_ms"]
        let usesText: String = row["uses"]
        let uses = ((try? JSONDecoder().decode([Int64].self, from: Data(usesText.utf8))) ?? []).map(date)
        return TriggerRecord(id: id, templateID: template, name: row["name"], secretDigest: row["secret_digest"], policy: policy,
                             createdAt: date(row["created_at_ms"]), lastUsed: last.map(date), useCount: row["use_count"],
                             recentUses: uses, revokedAt: revoked.map(date))
    }
}
