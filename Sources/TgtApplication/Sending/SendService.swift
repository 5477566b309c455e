import Foundation
import TgtDomain
import TgtStore
import TgtTelegram

/// Sending a template, now or later, on a Telegram session this process holds: the checks
/// every face shares (`request(for:)`), then the send or the schedule. `tgt send` with its own
/// session, the dashboard's one tap and Send later, and through them `tgt send` while a
/// dashboard runs, all come here; the send log it writes reaches open screens from the store.
public struct SendService: TemplateSending, SendChecking {
    /// Runs `work` on the face's session with its sender, the request's `{{me}}` filled in.
    public typealias OnSession = @Sendable (SendRequest, _ work: @escaping @Sendable (any MessageSending, SendRequest) async throws -> SendReport?) async throws -> SendReport?
    /// Schedules a prepared request on Telegram's servers (the session's `ScheduleKeeper`).
    public typealias Schedule = @Sendable (SendRequest, Date) async throws -> [ScheduledSend]

    let store: AppDatabase
    public let clock: any AppClock
    private let onSession: OnSession
    private let schedule: Schedule

    /// `onSession` and `schedule` run on the face's session (`LiveSession.sending` for the
    /// dashboard and the app, or a command's own session).
    public init(store: AppDatabase, clock: any AppClock, onSession: @escaping OnSession, schedule: @escaping Schedule) {
        self.store = store
        self.clock = clock
        self.onSession = onSession
        self.schedule = schedule
    }

    /// The request an order makes, after every check (`SendRules`).
    private func request(for order: SendOrder) throws -> SendRequest {
        try SendRules(store: store).request(for: order)
    }

    /// Sends now, or after the order's undo hold (`SendHold`): then nothing reaches Telegram
    /// until the hold ends, and an undo meanwhile sends nothing.
    public func send(_ order: SendOrder, progress: @escaping @Sendable (SendStep) -> Void = { _ in }) async throws -> SendOutcome {
        let request = try request(for: order)
        let batch = order.batchID ?? UUID()
        if let report = try await send(request, hold: order.hold, batch: batch, progress: progress) { return Self.outcome(report) }
        return SendHold(store: store, clock: clock).outcome(batch: batch, templateName: request.template.name)
    }

    /// Sends a request already checked (`SendRules.request(for:)`, then what the face added:
    /// the app's location of this device) now, or after `hold` (`SendHold`); nil when it was
    /// undone during the hold. The one place that decides between the two.
    public func send(_ request: SendRequest, hold: UndoHold, batch: UUID, progress: @escaping @Sendable (SendStep) -> Void) async throws -> SendReport? {
        let holding = SendHold(store: store, clock: clock)
        return try await onSession(request) { sender, request in
            if hold.isOff { return try await sender.send(request) { progress(Self.step($0)) } }
            return try await holding.run(request, hold: hold, batch: batch, on: sender, progress: progress)
        }
    }

    /// Everything `send` checks, on the session, and nothing more: nothing is sent or written.
    public func check(_ order: SendOrder) async throws {
        let request = try request(for: order)
        _ = try await onSession(request) { sender, request in
            try await sender.check(request)
            return nil
        }
    }

    public func undo(batchID: UUID) async throws -> UndoOutcome {
        try SendHold(store: store, clock: clock).undo(batch: batchID)
    }

    public func scheduleLater(_ order: SendOrder, at date: Date) async throws -> [ScheduledItem] {
        let request = try request(for: order)
        try ScheduleKeeper.check(date, now: clock.now)
        return try await schedule(request, date).map(ScheduledItem.init)
    }

    /// A report in the shape every face words.
    public static func outcome(_ report: SendReport) -> SendOutcome {
        SendOutcome(templateName: report.templateName, batchID: report.batchID.uuidString.lowercased(), items: report.results.map {
            .init(target: $0.target.key.description, title: $0.target.displayName, sent: $0.status == .sent,
                  messageID: $0.messageID, error: $0.error, attempts: $0.attempts)
        })
    }

    static func step(_ progress: SendProgress) -> SendStep {
        switch progress {
        case .sending(let target): .sending(title: target.displayName)
        case .waiting(let target, let seconds): .waiting(title: target.displayName, seconds: seconds)
        case .sent(let target, _): .sent(title: target.displayName)
        case .failed(let target, let message): .failed(title: target.displayName, message: message)
        }
    }
}

extension SendService {
    /// Sending on a session the process holds (`LiveSession.sending`), over its workspace.
    public init(workspace: Workspace, onSession: @escaping OnSession, schedule: @escaping Schedule) {
        self.init(store: workspace.store, clock: workspace.clock, onSession: onSession, schedule: schedule)
    }
}
