import Foundation
import TgtApplication

/// What a widget button shows about its template's latest tap, read from the shared queue:
/// queued → sending → ✓ or the error, with no app window.
///
/// A ✓ stays for `sentDuration` and an error for `failedDuration` after the job ended, then
/// the button is plain again; `until` says when, so the widget's timeline redraws by itself.
public struct WidgetBadge: Sendable, Equatable {
    /// Where the job stands, as the button draws it.
    public enum Phase: String, Sendable, Equatable, CaseIterable {
        case queued, sending, sent, failed
        /// In its undo hold: the button offers Undo until `until`.
        case held
        /// Taken back during its undo hold.
        case undone
    }

    public var phase: Phase
    /// The short line under the name: "Queued", "Sending…", "Sent", "Not sent".
    public var title: AppText
    /// For a failure, why (Telegram's or the app's sentence), for the accessibility label.
    public var detail: String?
    /// An SF Symbol for the phase.
    public var symbol: String
    /// When the badge goes away on its own (nil: it stays until the job moves).
    public var until: Date?
    /// For a held tap, the send Undo takes back (`UndoSendIntent`).
    public var undoBatch: UUID?

    /// How long a ✓ stays on the button.
    public static let sentDuration: TimeInterval = 5 * 60
    /// How long an error stays on the button (a later tap replaces it sooner).
    public static let failedDuration: TimeInterval = 6 * 60 * 60

    /// The badge for a template's latest job at `now`, or nil when the button is plain.
    public static func make(for job: SendJob?, now: Date) -> WidgetBadge? {
        guard let job else { return nil }
        switch job.state {
        case .pending:
            return WidgetBadge(phase: .queued, title: AppText("widget.badge.queued"), detail: nil, symbol: "clock", until: nil)
        case .sending:
            return WidgetBadge(phase: .sending, title: AppText("widget.badge.sending"), detail: nil, symbol: "paperplane", until: nil)
        case .sent:
            let until = job.updatedAt.addingTimeInterval(sentDuration)
            guard now < until else { return nil }
            return WidgetBadge(phase: .sent, title: AppText("widget.badge.sent"), detail: nil, symbol: "checkmark.circle.fill", until: until)
        case .held:
            guard let until = job.holdUntil, now < until, let batch = job.batchID else {
                return WidgetBadge(phase: .sending, title: AppText("widget.badge.sending"), detail: nil, symbol: "paperplane", until: nil)
            }
            return WidgetBadge(phase: .held, title: AppText("widget.badge.held"), detail: nil, symbol: "hourglass", until: until, undoBatch: batch)
        case .undone:
            let until = job.updatedAt.addingTimeInterval(sentDuration)
            guard now < until else { return nil }
            return WidgetBadge(phase: .undone, title: AppText("widget.badge.undone"), detail: nil, symbol: "arrow.uturn.backward", until: until)
        case .failed:
            let until = job.updatedAt.addingTimeInterval(failedDuration)
            guard now < until else { return nil }
            let reason = job.error.flatMap { $0.isEmpty ? nil : $0 }
            return WidgetBadge(phase: .failed, title: AppText("widget.badge.failed"), detail: reason,
                               symbol: "exclamationmark.triangle.fill", until: until)
        }
    }
}
