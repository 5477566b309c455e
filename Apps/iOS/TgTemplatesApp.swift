import AppIntents
import Intents
import SwiftUI
import TDLibFramework
import TgtAppModel
import TgtApplication
import UserNotifications
import WidgetKit

/// The iOS app: builds the one `AppModel` (store in the App Group, TDLib from TDLibFramework
/// in the private container, secrets in the Keychain) and shows the screen it routes to.
///
/// The system also launches it in the background, with no window, to perform a widget
/// button's or Siri's intent: `init` tells `AppRuntime` how to start the model then.
@main
struct TgTemplatesApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var delegate
    @Environment(\.scenePhase) private var phase

    init() {
        AppRuntime.shared.launcher = { await AppLauncher.start() }
        AppRuntime.shared.backgroundWork = AppLauncher.activity
    }

    var body: some Scene {
        WindowGroup {
            RootView()
                .task {
                    await AppLauncher.start()
                    // SiriKit's messaging intents (CarPlay, "send a message with TgTemplates")
                    // reach the app only once the person allowed Siri; asked on screen, once.
                    if INPreferences.siriAuthorizationStatus() == .notDetermined {
                        _ = await INPreferences.requestSiriAuthorization()
                    }
                }
                .onOpenURL { url in
                    Task {
                        // A templates file (the dashboard's or `tgt templates export`'s) opened
                        // with the app from Files, Mail or AirDrop is imported; a link sends.
                        if url.isFileURL {
                            await AppLauncher.start()
                            AppRuntime.shared.model?.settings.importTemplates(fileAt: url)
                        } else {
                            _ = await AppRuntime.shared.model?.open(url)
                        }
                    }
                }
        }
        .onChange(of: phase) { _, newPhase in
            switch newPhase {
            case .background: AppLauncher.activity.appWentToBackground()
            case .active:
                AppLauncher.activity.appBecameActive()
                Task { await AppRuntime.shared.model?.queue.drain() }
                // A Live Activity can only start while the app is in the foreground: a timer
                // started on the watch meanwhile gets its activity now.
                Task { await TimerSurfaces.shared.timersChanged() }
            default: break
            }
        }
    }
}

/// Puts the app's services together with the real parts.
enum AppLauncher {
    /// The app's background time for sends started by intents.
    @MainActor static let activity = BackgroundActivity()

    @MainActor
    static func start() async {
        await AppRuntime.shared.start {
            let version = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "?"
            let build = Bundle.main.object(forInfoDictionaryKey: "CFBundleVersion") as? String ?? "?"
            let services = try AppServices.app(
                containers: try AppGroup.containers(),
                clock: AppGroup.clock,
                backend: .linkedTDLib(LinkedTDLibFunctions(create: td_create_client_id, send: td_send, receive: td_receive, execute: td_execute)),
                secrets: KeychainSecretStore(),
                location: CoreLocationProvider(),
                widgets: WidgetCenterReloader(),
                appVersion: "\(version) (\(build))")
            var withPlaces = services
            withPlaces.places = CoreLocationPlaceMonitor.shared
            withPlaces.messageAlerts = MessageNotifications()
            withPlaces.audio = { SystemAudioPlayer() }
            return try AppModel(services: withPlaces)
        }
        if let model = AppRuntime.shared.model, let containers = try? AppGroup.containers() {
            TimerSurfaces.shared.start(app: model, containers: containers)
            startPlaceEvents(model)
        }
    }

    /// Core Location's events for the templates' places, forwarded for as long as the app runs
    /// (started once per launch, background launches for a crossing included).
    @MainActor private static var placeEvents: Task<Void, Never>?

    @MainActor private static func startPlaceEvents(_ model: AppModel) {
        guard placeEvents == nil else { return }
        let places = model.places
        placeEvents = Task { await CoreLocationPlaceMonitor.shared.run(places: places, work: activity) }
    }
}

/// Asks WidgetKit to redraw the template widgets, and App Intents to fetch the templates Siri's
/// phrases may name again (without it, a new or renamed template is not heard until the
/// system happens to refresh them).
struct WidgetCenterReloader: WidgetReloading {
    func reloadWidgets() {
        WidgetCenter.shared.reloadAllTimelines()
    }

    func reloadShortcutParameters() {
        TgTemplatesShortcuts.updateAppShortcutParameters()
    }
}

/// Hands SiriKit's messaging intents (CarPlay communication apps must take them) to the handler,
/// and sets the notification delegate before launching ends, as UserNotifications requires.
final class AppDelegate: NSObject, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        UNUserNotificationCenter.current().delegate = ForegroundNotifications.shared
        // Core Location relaunches the app, without a window, for a place's crossing: the
        // model and its monitor start here so the waiting event is delivered.
        Task { @MainActor in await AppLauncher.start() }
        return true
    }

    func application(_ application: UIApplication, handlerFor intent: INIntent) -> Any? {
        MessagingIntentHandler()
    }
}
