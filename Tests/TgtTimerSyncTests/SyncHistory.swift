import Foundation
import TgtDomain
import TgtTestSupport
import TgtTimerSync

/// One random history: the phone (0) and the watch (1) edit the same timers concurrently —
/// create, rename, start with an end date, pause, resume, +1 min, reset, settle, delete, to-dos
/// added / ticked / edited / reordered / deleted, notes — while a lossy link carries their
/// changes; then anti-entropy over the same link until both agree.
struct SyncHistory {
    let seed: UInt64
    var random: SeededRandom
    var replicas = [TimerReplica(id: ReplicaID("phone")), TimerReplica(id: ReplicaID("watch"))]
    var link = LossyLink()
    /// Each device's clock against the true time: the watch may run seconds fast or slow.
    var skew: [Int] = [0, 0]
    var trueMillis: Int64 = 1_798_761_600_000  // 2027-01-01
    /// Every change ever made, joined: what both sides must end up holding.
    var oracle = TimerReplica(id: ReplicaID("oracle"))
    var deletedTimers: Set<UUID> = []
    var deletedTodos: Set<UUID> = []
    /// Per side, the timers and to-dos it has seen deleted.
    var seenDeleted: [Set<UUID>] = [[], []]
    var step = 0
    var failures: [String] = []

    init(seed: UInt64) {
        self.seed = seed
        random = SeededRandom(seed: seed)
        skew = [0, Int.random(in: -5_000...5_000, using: &random)]
    }

    func now(_ side: Int) -> Date { Date(timeIntervalSince1970: Double(trueMillis + Int64(skew[side])) / 1000) }

    mutating func run(steps: Int) throws {
        for _ in 0..<steps {
            step += 1
            trueMillis += Int64.random(in: 0...1_500, using: &random)
            if random.chance(0.55) { try edit(side: Int.random(in: 0...1, using: &random)) }
            try deliver()
        }
    }

    /// Full-state resends over the lossy link until both sides hold the same records.
    mutating func antiEntropy(maxRounds: Int = 200) throws -> Int {
        for round in 1...maxRounds {
            step += 1
            trueMillis += 100
            for side in 0...1 { try link.send(replicas[side].fullState(), to: 1 - side, at: step, random: &random) }
            try deliver()
            if replicas[0].records == replicas[1].records { return round }
        }
        return maxRounds
    }

    mutating func deliver() throws {
        for message in link.deliverable(at: step, random: &random) {
            try receive(SyncMessage(data: message.bytes), at: message.to)
        }
    }

    mutating func receive(_ message: SyncMessage, at side: Int) throws {
        replicas[side].receive(message)
        checkNothingCameBack(side)
    }

    /// Once a side has seen a timer or a to-do deleted, it never shows it again.
    mutating func checkNothingCameBack(_ side: Int) {
        let shown = replicas[side].timers
        for timer in shown where seenDeleted[side].contains(timer.id) {
            failures.append("seed \(seed) step \(step): timer \(timer.name) came back on side \(side)")
        }
        for todo in shown.flatMap(\.todos) where seenDeleted[side].contains(todo.id) {
            failures.append("seed \(seed) step \(step): to-do \(todo.text) came back on side \(side)")
        }
        for (id, record) in replicas[side].records {
            if record.deleted != nil { seenDeleted[side].insert(id) }
            for (todoID, todo) in record.todos where todo.deleted != nil { seenDeleted[side].insert(todoID) }
        }
    }

    mutating func edit(side: Int) throws {
        let now = now(side)
        let shown = replicas[side].timers
        let target = shown.randomElement(using: &random)
        var message: SyncMessage?
        switch Int.random(in: 0..<15, using: &random) {
        case 0, 1:
            guard let duration = TimerDuration(seconds: Int.random(in: 1...600, using: &random)) else { return }
            let timer = CountdownTimer(
                id: random.uuid(), name: Self.names.randomElement(using: &random) ?? "Tea", duration: duration,
                color: TimerColor.allCases.randomElement(using: &random) ?? .blue, sortOrder: Int.random(in: 0...9, using: &random),
                createdAt: now)
            message = replicas[side].save(timer, at: now)
        case 2:
            guard let target else { return }
            let name = Self.names.randomElement(using: &random) ?? "Tea"
            message = edit(target, side: side) { $0.name = name }
        case 3: message = control(.start, target, side: side)
        case 4: message = control(.pause, target, side: side)
        case 5: message = control(.resume, target, side: side)
        case 6: message = control(.extend, target, side: side)
        case 7: message = control(.reset, target, side: side)
        case 8:
            guard let target else { return }
            deletedTimers.insert(target.id)
            message = replicas[side].delete(target.id, at: now)
        case 9:
            let todo = TimerTodo(id: random.uuid(), text: "Step \(step)")
            message = edit(target, side: side) { $0.todos.append(todo) }
        case 10:
            guard let todo = target?.todos.randomElement(using: &random) else { return }
            message = edit(target, side: side) { t in
                if let i = t.todos.firstIndex(where: { $0.id == todo.id }) { t.todos[i].done.toggle() }
            }
        case 11:
            guard let todo = target?.todos.randomElement(using: &random) else { return }
            deletedTodos.insert(todo.id)
            message = edit(target, side: side) { t in t.todos.removeAll { $0.id == todo.id } }
        case 12:
            let text = "Note \(step) from \(side)"
            message = edit(target, side: side) { $0.notes = text }
        case 13:
            message = edit(target, side: side) { $0.todos.reverse() }
        default:
            message = replicas[side].settle(at: now)
        }
        guard let message else { return }
        oracle.receive(message)
        checkNothingCameBack(side)
        try link.send(message, to: 1 - side, at: step, random: &random)
    }

    /// A control that does not apply (pause while idle) changes nothing, as on the device.
    private mutating func control(_ control: TimerControl, _ target: CountdownTimer?, side: Int) -> SyncMessage? {
        guard let target else { return nil }
        return try? replicas[side].control(control, target.id, at: now(side))
    }

    private mutating func edit(_ target: CountdownTimer?, side: Int, _ body: (inout CountdownTimer) -> Void) -> SyncMessage? {
        guard let target else { return nil }
        return try? replicas[side].edit(target.id, at: now(side), body)
    }

    static let names = ["Tea", "Pasta", "Run", "Focus", "Laundry", "Bread"]
}
