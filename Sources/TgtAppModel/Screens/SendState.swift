import Foundation
import TgtDomain
import TgtApplication

/// Where one template's latest tap stands, as its button shows it.
public enum SendState: Sendable, Equatable {
    case idle
    /// In the queue: waiting for Telegram (not logged in or not connected yet).
    case queued
    /// In its undo hold: goes out at `until` unless undone (`TemplateListModel.undo`).
    case held(batchID: UUID, until: Date)
    /// Taken back during its undo hold (shown for a moment, then back to idle).
    case undone
    /// Going out; one entry per target so far.
    case sending([TargetState])
    /// Every target got it (shown for a moment, then back to idle).
    case sent(notice: AppText?)
    /// Some or all targets failed; the others' results are kept.
    case failed([TargetState], notice: AppText?)

    /// One target's progress.
    public struct TargetState: Sendable, Equatable, Identifiable {
        public enum Status: Sendable, Equatable { case sending, waiting, sent, failed }
        public var target: TargetKey
        public var title: String
        public var status: Status
        /// Why it failed, or how long Telegram asked to wait.
        public var detail: String?
        public var id: TargetKey { target }
    }

    public var isBusy: Bool {
        switch self {
        case .queued, .held, .sending: true
        default: false
        }
    }

    /// What the button says while held: "Sending in 4 s" at `now`.
    public func heldText(at now: Date) -> AppText? {
        guard case .held(_, let until) = self else { return nil }
        return AppText("list.held", String(max(0, Int(until.timeIntervalSince(now).rounded(.up)))))
    }

    /// Applies one target's progress to the state.
    func applying(_ progress: SendProgress) -> SendState {
        var targets: [TargetState]
        switch self {
        case .sending(let list), .failed(let list, _): targets = list
        default: targets = []
        }
        let (status, detail): (TargetState.Status, String?) = switch progress {
        case .sending: (.sending, nil)
        case .waiting(_, let seconds): (.waiting, "\(seconds) s")
        case .sent: (.sent, nil)
        case .failed(_, let message): (.failed, message)
        }
        let update = TargetState(target: progress.target.key, title: progress.target.displayName, status: status, detail: detail)
        if let index = targets.firstIndex(where: { $0.target == update.target }) {
            targets[index] = update
        } else {
            targets.append(update)
        }
        return .sending(targets)
    }

    /// The final state for a finished job.
    static func finished(_ outcome: JobOutcome) -> SendState {
        switch outcome.result {
        case .undone:
            return .undone
        case .failed(let why):
            return .failed([], notice: why)
        case .sent(let report):
            if report.allSent { return .sent(notice: outcome.notice) }
            let targets = report.results.map { result in
                TargetState(target: result.target.key, title: result.target.displayName,
                            status: result.status == .sent ? .sent : .failed, detail: result.error)
            }
            return .failed(targets, notice: outcome.notice)
        }
    }
}
