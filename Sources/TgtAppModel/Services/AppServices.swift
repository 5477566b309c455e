import Foundation
import TgtApplication
import TgtDomain

/// Asks the system's surfaces outside the app to catch up with the store: the widgets
/// (WidgetKit's `reloadAllTimelines` on iOS) and the App Shortcuts whose Siri phrases take a
/// template as parameter (`updateAppShortcutParameters()`, which Siri needs to hear a new or
/// renamed template's name).
public protocol WidgetReloading: Sendable {
    func reloadWidgets()
    /// The list of templates changed (added, renamed, removed, reordered).
    func reloadShortcutParameters()
}

/// What the app's view models are built from: the shared store's workspace, the Telegram connection
/// (TDLib folder, backend, secret store), the location provider and the widget reloader.
/// The iOS app makes one with the real parts; tests use the simulator and temporary folders.
public struct AppServices: Sendable {
    public var workspace: Workspace
    public var connection: TelegramConnection
    public var location: any LocationProviding
    public var widgets: any WidgetReloading
    /// "1.0 (42)": shown in Settings.
    public var appVersion: String
    /// How long a ✓ stays on a template after it was sent.
    public var sentDisplayDuration: Double
    /// How long a location lookup may take before the send goes on without it.
    public var locationTimeout: Double
    /// Where the screens' "now" and their timed changes (a ✓ that goes away) come from: the
    /// store's, the one clock of the process.
    public var clock: any AppClock { workspace.clock }
    /// Watches places for arriving and leaving (nil where the device cannot: then Settings
    /// says so and no template sends on a crossing).
    public var places: (any PlaceMonitoring)?
    /// Where new messages are told and the icon's badge set while the app runs (nil: nowhere).
    public var messageAlerts: (any MessageAlerting)?
    /// Makes the player of a conversation's voice notes, which then play in their bubbles
    /// (nil: they open in the viewer).
    public var audio: (@MainActor @Sendable () -> any AudioPlaying)?

    public init(workspace: Workspace, connection: TelegramConnection, location: any LocationProviding,
                widgets: any WidgetReloading, appVersion: String, sentDisplayDuration: Double = 1.5, locationTimeout: Double = 10)
    {
        self.workspace = workspace
        self.connection = connection
        self.location = location
        self.widgets = widgets
        self.appVersion = appVersion
        self.sentDisplayDuration = sentDisplayDuration
        self.locationTimeout = locationTimeout
    }

    /// The services of the iOS app: the store in the App Group container, TDLib in the private
    /// one, credentials and the database key in `secrets` (the Keychain).
    public static func app(containers: AppContainers, clock: any AppClock, backend: TelegramBackend, secrets: any SecretStoring,
                           location: any LocationProviding, widgets: any WidgetReloading, appVersion: String) throws(StoreError) -> AppServices
    {
        try containers.telegramDirectory.create()
        let workspace = try containers.openWorkspace(clock: clock)  // also protects TDLib's folder, now that it exists
        return AppServices(
            workspace: workspace,
            connection: TelegramConnection(directory: containers.telegramDirectory, backend: backend, secrets: secrets),
            location: location, widgets: widgets, appVersion: appVersion)
    }
}

/// Redraws the widgets when, and only when, what they draw changed since they were last drawn:
/// a template (any change: name, icon, targets, order, not only the number of templates), a
/// timer, or a queued tap (queued, sending, sent or failed: the buttons show it). Refreshes the
/// App Shortcuts' template parameters when, and only when, the templates changed (at launch too:
/// another process may have changed them).
public final class WidgetRefresher: Sendable {
    private let workspace: Workspace
    private let reloader: any WidgetReloading
    private let drawn = Locked<Int64?>(nil)
    private let announcedTemplates = Locked<Int64?>(nil)

    public init(workspace: Workspace, reloader: any WidgetReloading) {
        self.workspace = workspace
        self.reloader = reloader
    }

    /// Reloads the widgets if the widget revision moved; returns whether it did.
    @discardableResult
    public func refreshIfChanged() -> Bool {
        guard let revision = try? workspace.widgetRevision() else { return false }
        let changed = drawn.record(revision)
        if changed { reloader.reloadWidgets() }
        if let templates = try? workspace.templatesRevision(), announcedTemplates.record(templates) {
            reloader.reloadShortcutParameters()
        }
        return changed
    }
}

extension Locked<Int64?> {
    /// Keeps `revision` as the last one seen; true when it differs from the one before.
    fileprivate func record(_ revision: Int64) -> Bool {
        withLock { last in
            defer { last = revision }
            return last != revision
        }
    }
}
