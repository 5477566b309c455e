import Foundation
import Observation
import TgtApplication
import TgtDomain

/// What a snippet did lately, as Settings lists it: expanded, or left as typed and why.
public struct SnippetOutcome: Sendable, Equatable, Identifiable {
    /// The send log row.
    public var id: Int64
    /// True when the message became the template's text; false when it stayed as typed.
    public var expanded: Bool
    /// "“Leaving” in Alice: expanded", "“Leaving” in Alice: left as typed. It needs a value for {{eta}}: …".
    public var text: AppText
}

/// Settings → Snippets in the app: on or off, the prefix (checked by `SnippetService.save`; a
/// refusal is said beside the field and what was typed stays), how snippets behave (Telegram
/// marks the message "edited"; they work while this app is open) and what they did lately.
/// The app's own store holds these settings; the app's session does the expanding
/// (`LiveSession.watchForSnippets`, started by `AppModel`).
@Observable @MainActor
public final class SnippetSettingsModel {
    /// Whether snippets are on, as saved.
    public private(set) var isOn = false
    /// The prefix as typed (saved by `savePrefix`).
    public var prefix = SnippetSettings.defaultPrefix
    /// Why the typed prefix was refused, until it is saved.
    public private(set) var prefixProblem: AppText?
    /// Why the settings could not be read or saved.
    public private(set) var error: AppText?
    /// What snippets did lately, newest first.
    public private(set) var outcomes: [SnippetOutcome] = []
    /// The prefix as saved.
    public private(set) var savedPrefix = SnippetSettings.defaultPrefix

    /// How many outcomes Settings lists.
    static let outcomeLimit = 5

    @ObservationIgnored let workspace: Workspace

    init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// What a snippet is, with the saved prefix, and that Telegram marks the message "edited".
    public var explanation: AppText {
        let example = savedPrefix + "leaving"
        return AppText("snippets.explain", example, example)
    }

    /// Where snippets work: only while this app is open.
    public var whileOpenNote: AppText { AppText("snippets.whileOpen") }

    /// The prefix's rule, under its field.
    public var prefixHint: AppText { AppText("snippets.prefixHint", String(SnippetSettings.maxPrefixLength)) }

    /// Shown when nothing is listed yet.
    public var emptyText: AppText? { outcomes.isEmpty ? AppText("snippets.recent.empty") : nil }

    /// Whether the typed prefix differs from the saved one.
    public var prefixChanged: Bool { prefix != savedPrefix }

    /// Reads the settings and the latest outcomes again; the typed prefix follows the saved
    /// one unless it was refused (then what was typed stays).
    public func reload() {
        do {
            let settings = try workspace.snippets.settings()
            isOn = settings.isOn
            savedPrefix = settings.prefix
            if prefixProblem == nil { prefix = settings.prefix }
            error = nil
        } catch {
            self.error = .failure(error)
        }
        reloadOutcomes()
    }

    /// Reads the latest outcomes again (the send log changed).
    func reloadOutcomes() {
        outcomes = ((try? workspace.snippets.recent(limit: Self.outcomeLimit)) ?? []).map(Self.outcome)
    }

    /// Turns snippets on or off, with the saved prefix.
    @discardableResult
    public func setOn(_ on: Bool) -> Bool {
        save(SnippetSettings(isOn: on, prefix: savedPrefix))
    }

    /// Saves the typed prefix; a refused one changes nothing, says why and stays as typed.
    @discardableResult
    public func savePrefix() -> Bool {
        save(SnippetSettings(isOn: isOn, prefix: prefix))
    }

    private func save(_ settings: SnippetSettings) -> Bool {
        do {
            try workspace.snippets.save(settings)
        } catch SnippetError.badPrefix(let problem) {
            prefixProblem = Self.prefixProblem(problem)
            return false
        } catch {
            self.error = AppText("snippets.saveFailed", sentence: .failure(error))
            return false
        }
        isOn = settings.isOn
        savedPrefix = settings.prefix
        if settings.prefix == prefix { prefixProblem = nil }
        error = nil
        return true
    }

    /// The domain's refusal of a prefix in the person's language: each of `SnippetSettings`'s
    /// sentences, recognised by asking it about a prefix that breaks that rule alone.
    static func prefixProblem(_ problem: String) -> AppText {
        let tooLong = String(repeating: ";", count: SnippetSettings.maxPrefixLength + 1)
        let known: [(sample: String, text: AppText)] = [
            ("", AppText("snippets.prefix.empty")),
            (tooLong, AppText("snippets.prefix.tooLong", String(SnippetSettings.maxPrefixLength))),
            ("/", AppText("snippets.prefix.slash")),
            (" ", AppText("snippets.prefix.spaces")),
            ("a", AppText("snippets.prefix.letters")),
        ]
        return known.first { SnippetSettings.problem(prefix: $0.sample) == problem }?.text ?? .verbatim(problem)
    }

    /// A send log row of a snippet in words.
    static func outcome(_ entry: SendLogEntry) -> SnippetOutcome {
        let expanded = entry.status == .sent
        let text = expanded
            ? AppText("snippets.outcome.expanded", entry.templateName, entry.targetTitle)
            : AppText("snippets.outcome.leftAsTyped", entry.templateName, entry.targetTitle, entry.error ?? "")
        return SnippetOutcome(id: entry.id, expanded: expanded, text: text)
    }
}
