import TgtDomain
import TgtApplication

/// Downloaded media in Settings: what it takes against its limit, and deleting it after a
/// confirmation (it downloads again when opened), as the dashboard's Settings do.
extension SettingsModel {
    /// "2.1 MB kept, at most 1 GB (the least recently opened go first)."; nil when unknown.
    public var mediaCacheText: AppText? {
        mediaCache.map { AppText("settings.media.usage", ByteSize.describe($0.bytes), ByteSize.describe($0.limitBytes)) }
    }

    /// Reads what downloaded media takes (nothing when not logged in).
    func readMediaCache() async {
        guard let service = try? await host.chats() else {
            mediaCache = nil
            return
        }
        mediaCache = try? await service.mediaCache(clear: false)
    }

    /// The question before clearing, what it says, and its button.
    public var clearMediaConfirmation: (title: AppText, body: AppText, confirm: AppText) {
        (AppText("settings.media.confirm"), AppText("settings.media.confirmBody"), .label(.clearMedia))
    }

    /// Asks first: "Delete downloaded photos, videos, voice messages and files?"
    public func requestClearMedia() {
        isConfirmingClearMedia = true
    }

    public func cancelClearMedia() {
        isConfirmingClearMedia = false
    }

    /// Deletes the downloaded media and says so (or why not).
    public func confirmClearMedia() async {
        isConfirmingClearMedia = false
        do {
            mediaCache = try await host.chats().mediaCache(clear: true)
            mediaNotice = AppText("settings.media.cleared")
        } catch {
            mediaNotice = .failure(error)
        }
    }
}
