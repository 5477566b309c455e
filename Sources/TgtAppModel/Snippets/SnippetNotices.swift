import Foundation
import Observation
import TgtApplication
import TgtDomain

/// Tells the person when a snippet they typed was left as typed (its template needs values, say),
/// as the dashboard does: while the app is in the foreground, a banner in words; in the
/// background, a notification through the message alerts' plumbing (`MessageAlerting`, the
/// app's one notification path), which opens the chat when tapped.
///
/// Each outcome is told once, restarts included: the send log rows are numbered, and the newest
/// one told is kept in the store (`SnippetService.noticeMark`). On the very first run the newest
/// snippet row counts as told (nothing from before is told late).
@Observable @MainActor
public final class SnippetNotices {
    /// The banner: the latest snippet left as typed, until dismissed.
    public private(set) var notice: AppText?
    /// Whether the app is on the screen (the shell follows its scene's phase): a banner then,
    /// a notification otherwise.
    @ObservationIgnored public var isInForeground = false

    @ObservationIgnored let workspace: Workspace
    @ObservationIgnored let alerting: (any MessageAlerting)?
    /// The newest snippet row told (or there when the app started).
    @ObservationIgnored private var told: Int64

    /// How many of the newest snippet rows are looked at per change.
    static let window = 20

    init(workspace: Workspace, alerting: (any MessageAlerting)?) {
        self.workspace = workspace
        self.alerting = alerting
        let stored = try? workspace.snippets.noticeMark()
        told = (stored ?? nil) ?? ((try? workspace.snippets.recent(limit: 1)) ?? []).first?.id ?? 0
    }

    /// The send log changed: tells each snippet left as typed since the last look, oldest first.
    func check() {
        guard let rows = try? workspace.snippets.recent(limit: Self.window) else { return }
        let fresh = rows.filter { $0.id > told }.sorted { $0.id < $1.id }
        guard let newest = fresh.last else { return }
        told = newest.id
        try? workspace.snippets.setNoticeMark(newest.id)
        let prefix = (try? workspace.snippets.settings().prefix) ?? SnippetSettings.defaultPrefix
        for row in fresh where row.status == .failed {
            let text = Self.text(row, prefix: prefix)
            if !isInForeground, let alerting {
                let alert = MessageAlert(chatID: row.target.chatID, messageID: row.id, title: row.targetTitle, body: text, about: "snippet-\(row.id)")
                Task { await alerting.show(alert) }
            } else {
                notice = text
            }
        }
    }

    /// Takes the banner away.
    public func dismiss() { notice = nil }

    /// "“;leaving” in Alice was left as typed: It needs a value for {{eta}}: type “;leaving eta=…”."
    /// (the reason is the expander's, as the send log keeps it).
    static func text(_ row: SendLogEntry, prefix: String) -> AppText {
        AppText("snippets.notice", prefix + SnippetCommand.suggestedSpelling(of: row.templateName), row.targetTitle,
                row.error ?? "")
    }
}
