import Foundation
import Observation
import TgtApplication
import TgtDomain

/// The Follow-ups screen: the live follow-ups soonest first (the rule in words, the message
/// it follows, where it stands, when it is judged) with Cancel after a confirmation, then the
/// ones that ended lately with how and why. Changes go through `FollowUpService`; the app's
/// session judges and acts (`LiveSession.watchFollowUps`, while the app runs), and the screen
/// reloads when the store says scheduled sends or sends changed, whichever process changed them.
///
/// It also knows which templates' latest tap can be followed up (`canFollowUp`), for the
/// grid's Follow up….
@Observable @MainActor
public final class FollowUpListModel {
    /// One follow-up's card.
    public struct Row: Sendable, Equatable, Identifiable {
        public var id: UUID
        /// "If Alice has not read it within 2 h, send “Nudge”".
        public var sentence: AppText
        /// "On “Hello” to Alice".
        public var about: AppText
        /// Live: "Watching for a reply", "Waiting for its message to go out"; ended: "Done",
        /// "Not needed", "Expired", "Cannot know", "Cancelled", "Failed".
        public var state: AppText
        /// "Judged at" or "Gives up at" (for When read), with `dueAt`; nil while its message
        /// waits to go out, and for ended ones.
        public var dueLabel: AppText?
        public var dueAt: Date?
        /// Why it ended as it did, in the service's words ("Read at 15:10, within 2 h: nothing
        /// was done."); nil while live.
        public var reason: AppText?
        /// When it ended (ended ones only).
        public var endedAt: Date?
        /// Whether Cancel is offered (not while it is acting, nor once ended).
        public var canCancel: Bool
    }

    /// Every follow-up as the service lists them (live first, then the latest ended).
    public private(set) var items: [FollowUpItem] = []
    /// Why the list could not be read or Cancel failed; nothing changed then.
    public private(set) var error: AppText?
    /// The templates whose latest tap went out (or is on its way) with its batch: what Follow
    /// up… sets a follow-up on.
    public private(set) var lastTaps: [UUID: LastTap] = [:]

    /// A template's latest tap, as Follow up… uses it.
    public struct LastTap: Sendable, Equatable {
        public var batchID: UUID
        public var templateName: String
        /// When the tap went out (or last moved on).
        public var at: Date
    }

    /// How many ended follow-ups the screen shows.
    static let endedShown = 20

    @ObservationIgnored let workspace: Workspace
    @ObservationIgnored let service: FollowUpService

    init(workspace: Workspace) {
        self.workspace = workspace
        service = workspace.followUps
    }

    /// Reads the follow-ups and the taps they can be set on again.
    public func reload() {
        do {
            items = try service.list(ended: Self.endedShown)
            error = nil
        } catch {
            self.error = AppText("followUps.loadFailed", sentence: .failure(error))
        }
        reloadLastTaps()
    }

    /// The live ones, soonest first.
    public var live: [Row] { items.filter(\.state.isLive).map(Self.row) }

    /// The ones that ended lately, latest first.
    public var ended: [Row] { items.filter { !$0.state.isLive }.map(Self.row) }

    /// What follow-ups are and when they are judged, when there are none.
    public var emptyText: AppText? { error == nil && items.isEmpty ? AppText("followUps.empty") : nil }

    /// That follow-ups are judged only while the app is open, said under the list.
    public var watchNote: AppText { AppText("followUps.watchNote") }

    /// What Cancel asks before it cancels follow-up `id`.
    public func cancelQuestion(_ id: UUID) -> AppText {
        guard let item = items.first(where: { $0.id == id }) else { return AppText("failure.followUp.notFound") }
        return AppText("followUps.cancel.question", parts: [
            .sentence(Self.sentence(item)), .text(item.followedTemplate), .text(item.chatTitle),
        ])
    }

    /// Cancels follow-up `id` (after `cancelQuestion` was answered yes). The list follows the
    /// store's change feed, as it does any other face's change.
    public func cancel(_ id: UUID) {
        do {
            _ = try service.cancel(id: id)
            error = nil
        } catch {
            reload()
            self.error = .failure(error)
        }
    }

    /// Whether Follow up… is offered on `templateID`'s latest tap.
    public func canFollowUp(_ templateID: UUID) -> Bool { lastTaps[templateID] != nil }

    /// A tap finished (from the queue's outcomes): its batch can be followed up at once.
    func note(_ outcome: JobOutcome) {
        let job = outcome.job
        // Every target failed: nothing of it is out to follow.
        if case .sent(let report) = outcome.result, report.sentCount == 0 {
            lastTaps[job.templateID] = nil
            return
        }
        if let tap = Self.lastTap(job) { lastTaps[job.templateID] = tap } else { lastTaps[job.templateID] = nil }
    }

    private func reloadLastTaps() {
        do {
            let ids = try workspace.templates().all().filter { $0.kind == .telegram }.map(\.id)
            lastTaps = try workspace.sendQueue.latest(for: ids).compactMapValues(Self.lastTap)
        } catch {
            // Follow up… is only offered on what could be read; the list says what failed.
            lastTaps = [:]
        }
    }

    /// A job's batch, when the job's messages went out (all, or some) or are on their way.
    static func lastTap(_ job: SendJob) -> LastTap? {
        guard let batch = job.batchID else { return nil }
        switch job.state {
        case .sent, .held, .sending, .failed: return LastTap(batchID: batch, templateName: job.templateName, at: job.updatedAt)
        case .pending, .undone: return nil
        }
    }

    static func sentence(_ item: FollowUpItem) -> AppText {
        AppText.followUpSentence(FollowUpRule(stored: item.condition, within: item.within, action: item.actionTemplateID.map { .send(templateID: $0) } ?? .remind),
                                 chat: item.chatTitle, templateName: item.actionTemplateName)
    }

    static func row(_ item: FollowUpItem) -> Row {
        let live = item.state.isLive
        let dueLabel: AppText? = live && item.state != .waiting && item.dueAt != nil
            ? AppText(item.condition == .read ? "followUps.due.givesUp" : "followUps.due.judged") : nil
        return Row(
            id: item.id, sentence: sentence(item), about: .followUpAbout(template: item.followedTemplate, chats: item.chatTitle),
            state: .followUpState(item.state, condition: item.condition), dueLabel: dueLabel, dueAt: dueLabel == nil ? nil : item.dueAt,
            reason: live ? nil : item.reason.map(AppText.verbatim), endedAt: live ? nil : item.updatedAt,
            canCancel: item.state == .waiting || item.state == .watching)
    }
}
