import Foundation
import TgtApplication
import Logging
import TgtDomain

/// How one queued tap ended.
public struct JobOutcome: Sendable, Equatable {
    public enum Result: Sendable, Equatable {
        /// Telegram's report: every target's result (some may have failed).
        case sent(SendReport)
        /// Nothing was sent, and why.
        case failed(AppText)
        /// Taken back during its undo hold: nothing was sent.
        case undone
    }

    public var job: SendJob
    public var result: Result
    /// Something the person should know even though it went out (no location, default used).
    public var notice: AppText?

    public init(job: SendJob, result: Result, notice: AppText? = nil) {
        self.job = job
        self.result = result
        self.notice = notice
    }
}

/// Sends the shared queue's jobs through the app's one Telegram session, oldest first and one
/// at a time, once the session is logged in.
///
/// Every tap (in the app, on a widget, in CarPlay, from Siri or a link) goes through here, so
/// all of them are kept in order and none is sent twice: a job is taken from the queue in the
/// same transaction that marks it `sending`, and a job an earlier run left `sending` is
/// reported as interrupted instead of being sent again.
public actor SendQueueRunner {
    public nonisolated let host: LiveSession
    public nonisolated let workspace: Workspace
    public nonisolated let location: LocationResolver
    /// The undo hold's clock (the app's: a test moves it).
    public nonisolated let clock: any AppClock
    /// Each finished job, as it finishes.
    public nonisolated let outcomes = Broadcast<JobOutcome>()
    /// Each tap whose send starts its undo hold, as it starts (the grid's countdown, CarPlay's
    /// alert with Undo).
    public nonisolated let holds = Broadcast<HeldTap>()
    private var running: Task<Void, Never>?
    private let logger = Logger(label: "tgt.app.queue")

    public init(host: LiveSession, workspace: Workspace, location: LocationResolver, clock: any AppClock) {
        self.host = host
        self.workspace = workspace
        self.location = location
        self.clock = clock
    }

    /// Marks jobs a previous run left half-done as failed (call once at launch).
    public func recoverInterrupted() {
        do {
            let count = try workspace.sendQueue.failInterrupted(reason: "Interrupted: the app stopped while sending. Check the chat before sending it again.")
            if count > 0 { logger.warning("send jobs interrupted by the last run", metadata: ["count": "\(count)"]) }
        } catch {
            logger.error("could not check the send queue", metadata: ["error": "\(error.message)"])
        }
    }

    /// Sends every pending job if logged in; returns when the queue is empty (or the session
    /// is not logged in). Calls made while a drain runs wait for it: they never run beside it.
    public func drain() async {
        let previous = running
        let task = Task {
            await previous?.value
            await self.sendPending()
        }
        running = task
        await task.value
    }

    private var isLoggedIn: Bool {
        get async { await host.isLoggedIn }
    }

    private func sendPending() async {
        while await isLoggedIn {
            let job: SendJob
            do {
                guard let next = try workspace.sendQueue.claimNext() else { return }
                job = next
            } catch {
                logger.error("could not read the send queue", metadata: ["error": "\(error.message)"])
                return
            }
            guard let outcome = await send(job) else { return }
            outcomes.send(outcome)
        }
    }

    /// Sends one taken job; nil when it went back to the queue (logged out meanwhile).
    private func send(_ job: SendJob) async -> JobOutcome? {
        guard ((try? workspace.templates().template(id: job.templateID)) ?? nil) != nil else {
            return finish(job, .failed(AppText("link.notFound")))
        }
        // The same rules as every face's send (kind, values), checked before this device's
        // location is looked for, then again with it on the order.
        var order = SendOrder(templateID: job.templateID, variables: job.variables)
        let request: SendRequest
        let notice: AppText?
        do {
            let checked = try workspace.sendRules.request(for: order)
            do throws(LocationRefusal) {
                notice = try await location.resolve(for: checked.template).apply(to: &order)
            } catch {
                return finish(job, .failed(error.notice))
            }
            request = try workspace.sendRules.request(for: order)
        } catch {
            return finish(job, .failed(.failure(error)))
        }
        // Whether it waits out the undo hold is the source's (`SendSource`), as on every face.
        let source = SendSource(job.source)
        let hold = (try? workspace.sendRules.hold(for: source)) ?? (source.usesUndoHold ? .standard : .off)
        do {
            let started = Locked(false)
            let report = try await host.sending.send(request, hold: hold, batch: UUID()) { [workspace, holds] step in
                switch step {
                case .holding(let batchID, let until, _):
                    guard started.withLock({ was in defer { was = true }; return !was }), let batch = UUID(uuidString: batchID) else { return }
                    try? workspace.sendQueue.markHeld(job.id, batchID: batch, until: until)
                    holds.send(HeldTap(jobID: job.id, templateID: job.templateID, templateName: job.templateName, source: job.source,
                                       batchID: batch, until: until))
                default:
                    // The hold is over (a send without one never held).
                    if started.withLock({ $0 }) { try? workspace.sendQueue.markReleased(job.id) }
                }
            }
            guard let report else { return finish(job, .undone, notice: notice) }
            return finish(job, .sent(report), notice: notice)
        } catch SendError.notLoggedIn {
            // Nothing reached Telegram: the job keeps its place for the next login.
            try? workspace.sendQueue.giveBack(job.id)
            return nil
        } catch {
            return finish(job, .failed(.failure(error)), notice: notice)
        }
    }

    private func finish(_ job: SendJob, _ result: JobOutcome.Result, notice: AppText? = nil) -> JobOutcome {
        var job = job
        switch result {
        case .sent(let report):
            job.state = report.allSent ? .sent : .failed
            job.batchID = report.batchID
            job.error = report.results.first { $0.status == .failed }?.error
        case .failed(let why):
            job.state = .failed
            job.error = why.description
        case .undone:
            job.state = .undone
            job.error = nil
        }
        do {
            try workspace.sendQueue.finish(job.id, state: job.state, batchID: job.batchID, error: job.error)
        } catch {
            logger.error("could not record a finished send job", metadata: ["error": "\(error.message)"])
        }
        return JobOutcome(job: job, result: result, notice: notice)
    }
}
