import Foundation
import GRDB

/// How a process that changed timers or scheduled sends knows that another process's schedule
/// keeper (a running dashboard's) has acted on the change, without knowing the keeper's rules:
/// every change a pass acts on moves `scheduleInputsRevision()`; a pass records the revision it
/// started from once it has finished; a change is acted on when the recorded revision reaches
/// the revision read after the change was written.
extension AppDatabase {
    /// A number that grows with every change a schedule pass acts on — templates, timers,
    /// scheduled sends — by any process.
    public func scheduleInputsRevision() throws(StoreError) -> Int64 {
        try read { db in
            try Int64.fetchOne(db.cachedStatement(sql: """
                SELECT COALESCE(SUM(value), 0) FROM revision WHERE name IN ('change.templates', 'change.timers', 'change.scheduled')
                """)) ?? 0
        }
    }

    /// The inputs revision the latest finished pass started from.
    public func scheduleSyncedThrough() throws(StoreError) -> Int64 {
        try read { db in try Int64.fetchOne(db.cachedStatement(sql: "SELECT value FROM revision WHERE name = 'schedule.synced'")) ?? 0 }
    }

    /// Records that a pass which started at inputs revision `revision` has finished.
    public func recordSchedulePass(startedAt revision: Int64) throws(StoreError) {
        try write { db in
            try db.cachedStatement(sql: """
                INSERT INTO revision (name, value) VALUES ('schedule.synced', ?)
                    ON CONFLICT(name) DO UPDATE SET value = MAX(value, excluded.value)
                """).execute(arguments: [revision])
        }
    }
}
