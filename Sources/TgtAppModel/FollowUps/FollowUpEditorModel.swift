import Foundation
import Observation
import TgtApplication
import TgtDomain

/// "Follow up…" on a tap's send in the app: a condition (not read, no reply, when read), a wait
/// in minutes, hours or days (a minute to a week; When read may leave it empty: a week), and
/// what to do (remind me in Saved Messages, or send a Telegram template that needs no typed
/// values, the rule `FollowUpService` holds every face to). Save sets it on the send's batch
/// through `FollowUpService.add`; a refusal is said in words with everything typed kept.
@Observable @MainActor
public final class FollowUpEditorModel: Identifiable {
    /// The unit the wait is typed in.
    public enum WaitUnit: Int, Sendable, CaseIterable, Identifiable {
        case minutes = 60
        case hours = 3_600
        case days = 86_400

        public var id: Int { rawValue }
        public var label: AppText {
            switch self {
            case .minutes: .label(.waitMinutes)
            case .hours: .label(.waitHours)
            case .days: .label(.waitDays)
            }
        }
    }

    /// What the follow-up does when its condition holds.
    public enum Action: Sendable, Hashable, CaseIterable, Identifiable {
        case remind
        case send

        public var id: Self { self }
        public var label: AppText { self == .remind ? .label(.actionRemind) : .label(.actionSend) }
    }

    /// A template Send a template may send.
    public struct Choice: Sendable, Equatable, Identifiable {
        public var id: UUID
        public var name: String
    }

    public let id = UUID()
    /// The tap's send the follow-up is set on.
    public let batchID: UUID
    /// "On “Hello” to Alice" (with "one follow-up per chat" for several chats).
    public let about: AppText
    /// When the send went out.
    public let sentAt: Date

    public var condition: FollowUpCondition = .notRead {
        didSet {
            guard condition != oldValue else { return }
            // When read may wait without a number (a week); the others need one.
            if condition == .read, amount == Self.suggestedAmount, unit == .hours { amount = "" }
            if oldValue == .read, amount.isEmpty {
                amount = Self.suggestedAmount
                unit = .hours
            }
            waitProblem = nil
        }
    }
    /// The wait's number, as typed.
    public var amount = FollowUpEditorModel.suggestedAmount { didSet { waitProblem = nil } }
    public var unit: WaitUnit = .hours { didSet { waitProblem = nil } }
    public var action: Action = .remind { didSet { templateProblem = nil } }
    /// The template Send a template sends; one of `choices`.
    public var templateID: UUID? { didSet { templateProblem = nil } }

    /// The Telegram templates that need no typed values, by name.
    public private(set) var choices: [Choice] = []
    /// Said under the picker when some Telegram templates are left out for needing values.
    public private(set) var hiddenNote: AppText?
    /// Why the wait is refused; the sheet stays open.
    public private(set) var waitProblem: AppText?
    /// Why the template is refused (none chosen, deleted meanwhile).
    public private(set) var templateProblem: AppText?
    /// Why Save was refused otherwise (nothing to follow, its moment passed, too many waiting).
    public private(set) var saveProblem: AppText?

    static let suggestedAmount = "2"

    @ObservationIgnored let chats: [String]
    @ObservationIgnored let service: FollowUpService
    @ObservationIgnored let workspace: Workspace

    init(batchID: UUID, templateName: String, chats: [String], sentAt: Date, workspace: Workspace) {
        self.batchID = batchID
        self.sentAt = sentAt
        self.workspace = workspace
        self.chats = chats
        service = workspace.followUps
        let names = chats.joined(separator: ", ")
        about = chats.count > 1 ? AppText("followUps.about.several", templateName, names) : .followUpAbout(template: templateName, chats: names)
        loadChoices()
    }

    /// What the chosen condition does.
    public var conditionHint: AppText {
        switch condition {
        case .notRead: AppText("followUps.hint.notRead")
        case .noReply: AppText("followUps.hint.noReply")
        case .read: AppText("followUps.hint.read")
        }
    }

    /// The wait's label: "Within", or "Wait for the read at most".
    public var waitLabel: AppText { condition == .read ? .label(.followUpReadWait) : .label(.followUpWait) }

    /// How the wait counts, under it.
    public var waitHint: AppText { AppText(condition == .read ? "followUps.hint.readWait" : "followUps.hint.wait") }

    /// The rule in words as it stands ("If Alice has not read it within 2 h, …"), when it
    /// reads; for a send to one chat (several chats get one follow-up each, said in `about`).
    public var preview: AppText? {
        guard chats.count == 1, let chat = chats.first, let rule = try? rule(checking: false) else { return nil }
        let name = templateID.flatMap { id in choices.first { $0.id == id }?.name }
        return AppText.followUpSentence(rule, chat: chat, templateName: name)
    }

    /// Sets the follow-up: one per Telegram message of the send. Nil, with the reason beside
    /// its field or in `saveProblem`, when it was refused; what was typed stays.
    public func save() -> [FollowUpItem]? {
        waitProblem = nil
        templateProblem = nil
        saveProblem = nil
        guard let rule = try? rule(checking: true) else { return nil }
        do {
            return try service.add(rule, toBatch: batchID)
        } catch FollowUpError.badWait {
            waitProblem = .failure(FollowUpError.badWait)
        } catch let failure as FollowUpError {
            switch failure {
            case .templateNotFound, .templateUnusable:
                // The list as it is now (a deleted template is no longer chosen), then why.
                loadChoices()
                templateProblem = .failure(failure)
            default:
                saveProblem = .failure(failure)
            }
        } catch {
            saveProblem = .failure(error)
        }
        return nil
    }

    /// Fills `choices` again: what was chosen stays chosen while it can still be chosen.
    func loadChoices() {
        do {
            let telegram = try workspace.templates().all().filter { $0.kind == .telegram }
            let usable = telegram.filter(\.variablesNeedingValues.isEmpty)
            choices = usable.map { Choice(id: $0.id, name: $0.name) }
            hiddenNote = usable.count < telegram.count ? AppText("followUps.hiddenTemplates") : nil
        } catch {
            choices = []
            templateProblem = .failure(error)
        }
        if let chosen = templateID, !choices.contains(where: { $0.id == chosen }) { templateID = nil }
    }

    /// The rule the form says; with `checking`, each problem is put beside its field.
    private func rule(checking: Bool) throws -> FollowUpRule {
        let typed = amount.trimmingCharacters(in: .whitespaces)
        var within: TimeInterval?
        if typed.isEmpty {
            guard condition == .read else {
                if checking { waitProblem = AppText("followUps.problem.noWait") }
                throw FollowUpError.badWait
            }
        } else {
            guard let number = Int(typed), typed.allSatisfy(\.isASCII) else {
                if checking { waitProblem = AppText("followUps.problem.wholeNumber") }
                throw FollowUpError.badWait
            }
            within = TimeInterval(number) * TimeInterval(unit.rawValue)
        }
        let followUpAction: FollowUpAction
        switch action {
        case .remind:
            followUpAction = .remind
        case .send:
            guard let templateID else {
                if checking { templateProblem = AppText(choices.isEmpty ? "followUps.problem.noTemplates" : "followUps.problem.chooseTemplate") }
                throw FollowUpError.templateNotFound
            }
            followUpAction = .send(templateID: templateID)
        }
        do {
            return try FollowUpRule(condition: condition, within: within, action: followUpAction)
        } catch {
            if checking { waitProblem = .failure(error) }
            throw error
        }
    }
}
