import AppIntents
import Foundation
import TgtAppModel
import TgtApplication
import TgtDomain
import TgtTimerSync

/// Pause, resume or reset from a timer's Live Activity or Dynamic Island. As a
/// `LiveActivityIntent` it runs in the app's process (launched in the background when needed,
/// never opened): the control is one store transaction, then the activities, notifications and
/// timers widget follow, and the running app tells the watch (`TimerControlIntent.afterChange`).
struct TimerControlIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Control Timer"
    static let description = IntentDescription("Pauses, resumes or resets one of your TgTemplates timers.")
    static let isDiscoverable = false

    /// Set by the app once its model runs: what else follows a timer change there (the watch).
    @MainActor static var afterChange: (@MainActor (Workspace) async -> Void)?

    @Parameter(title: "Timer")
    var timerID: String

    @Parameter(title: "Control")
    var control: String

    init() {}

    init(timerID: UUID, control: TimerControl) {
        self.timerID = timerID.uuidString
        self.control = control.rawValue
    }

    @MainActor
    func perform() async throws -> some IntentResult {
        guard let id = UUID(uuidString: timerID), let control = TimerControl(rawValue: control) else { return .result() }
        let workspace = try AppGroup.openWorkspace()
        // A control that no longer applies (paused elsewhere meanwhile) leaves the timer as it is;
        // the activity is brought up to date either way.
        _ = try? TimerControlAction.perform(control, timerID: id, workspace: workspace)
        // Even when the app has no scene (launched in the background for this button), a pause
        // must take back the notification at the old end.
        await TimerFollowers.follow((try? workspace.timers().all()) ?? [])
        await Self.afterChange?(workspace)
        return .result()
    }
}
