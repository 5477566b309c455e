import Foundation
import Observation
import TgtApplication
import TgtDomain

/// Settings: the account, the connection, logging out (after a confirmation), downloaded
/// media (clearing it after a confirmation), the location permission, the default location,
/// importing a templates file, snippets (`snippets`) and the app's version.
@Observable @MainActor
public final class SettingsModel {
    public private(set) var accountName: AppText = AppText("settings.account.none")
    public internal(set) var connection: AppText = AppText.connection(nil)
    public private(set) var locationAuthorization: LocationAuthorization = .notDetermined
    /// The default location as typed ("45.4642, 9.19"); empty for none.
    public var defaultLocation = ""
    public private(set) var defaultLocationError: AppText?
    public private(set) var isConfirmingLogout = false
    public private(set) var isLoggingOut = false
    public private(set) var error: AppText?
    /// What the last import of a templates file said, until it is dismissed.
    public internal(set) var importNotice: AppText?
    /// What downloaded media takes (nil: not logged in, or not read yet).
    public internal(set) var mediaCache: MediaCacheUsage?
    /// "Clear downloaded media" asked, waiting for the answer.
    public internal(set) var isConfirmingClearMedia = false
    /// What clearing the media said, until the next reload.
    public internal(set) var mediaNotice: AppText?
    public let version: AppText
    /// Settings → Snippets.
    public let snippets: SnippetSettingsModel

    @ObservationIgnored let workspace: Workspace
    @ObservationIgnored let host: LiveSession
    @ObservationIgnored let location: any LocationProviding

    init(workspace: Workspace, host: LiveSession, location: any LocationProviding, version: String) {
        self.workspace = workspace
        self.host = host
        self.location = location
        self.version = AppText("settings.version", version)
        snippets = SnippetSettingsModel(workspace: workspace)
    }

    /// The location permission in words.
    public var locationText: AppText {
        switch locationAuthorization {
        case .notDetermined: AppText("settings.location.notDetermined")
        case .denied: AppText("settings.location.denied")
        case .restricted: AppText("settings.location.restricted")
        case .allowed: AppText("settings.location.allowed")
        }
    }

    /// Reads the account, permission and default location again.
    public func reload() async {
        locationAuthorization = await location.authorization()
        defaultLocation = ((try? workspace.settings.defaultLocation()) ?? nil).map { "\($0.latitude), \($0.longitude)" } ?? ""
        if let name = await host.state().accountName {
            accountName = .verbatim(name)
        } else {
            accountName = AppText("settings.account.none")
        }
        mediaNotice = nil
        snippets.reload()
        await readMediaCache()
    }

    /// Saves the default location (empty clears it); a bad value changes nothing.
    @discardableResult
    public func saveDefaultLocation() -> Bool {
        do {
            try workspace.settings.setDefaultLocation(typed: defaultLocation)
            defaultLocationError = nil
            return true
        } catch is SettingsError {
            defaultLocationError = AppText("settings.defaultLocation.invalid")
            return false
        } catch {
            defaultLocationError = .failure(error)
            return false
        }
    }

    public var logoutConfirmation: (title: AppText, body: AppText, confirm: AppText) {
        (AppText("settings.logout.title"), AppText("settings.logout.body"), AppText("settings.logout.confirm"))
    }

    public func requestLogout() { isConfirmingLogout = true }
    public func cancelLogout() { isConfirmingLogout = false }

    /// Logs out of Telegram (only after `requestLogout`); the app goes back to the login screen.
    public func confirmLogout() async {
        guard isConfirmingLogout else { return }
        isConfirmingLogout = false
        isLoggingOut = true
        defer { isLoggingOut = false }
        do {
            try await host.logOut()
            error = nil
            accountName = AppText("settings.account.none")
        } catch {
            self.error = .failure(error)
        }
    }
}
