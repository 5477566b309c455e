import Foundation
import Observation
import TgtApplication

/// The first screen: the API id and hash from my.telegram.org, checked as they are typed and
/// saved through the secret store (the Keychain on iOS).
@Observable @MainActor
public final class CredentialsModel {
    public var apiID = ""
    public var apiHash = ""
    /// Set after a save attempt, so empty fields are marked only then.
    public private(set) var attempted = false
    public private(set) var isSaving = false
    public private(set) var error: AppText?
    public let title = AppText("credentials.title")
    public let explanation = AppText("credentials.explain")
    /// Where to create the API app.
    public let helpURL = URL(string: "https://my.telegram.org/apps")

    @ObservationIgnored var onSave: (APICredentials) async throws(StoreError) -> Void = { _ throws(StoreError) in }

    public init() {}

    /// The message under the API id field, if any.
    public var idMessage: AppText? {
        let text = apiID.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return attempted ? AppText("credentials.id.empty") : nil }
        guard let id = Int32(text), id > 0 else { return AppText("credentials.id.invalid") }
        return nil
    }

    /// The message under the API hash field, if any.
    public var hashMessage: AppText? {
        let text = apiHash.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return attempted ? AppText("credentials.hash.empty") : nil }
        guard text.count == 32, text.allSatisfy(\.isHexDigit) else {
            return AppText("credentials.hash.invalid", String(text.count))
        }
        return nil
    }

    public var canSave: Bool {
        !isSaving && (try? APICredentials(apiID: apiID, apiHash: apiHash)) != nil
    }

    /// Saves valid credentials and starts Telegram with them; returns whether it did.
    @discardableResult
    public func save() async -> Bool {
        attempted = true
        error = nil
        guard let credentials = try? APICredentials(apiID: apiID, apiHash: apiHash) else { return false }
        isSaving = true
        defer { isSaving = false }
        do {
            try await onSave(credentials)
            apiHash = ""
            return true
        } catch {
            self.error = AppText("credentials.saveFailed", error.message)
            return false
        }
    }
}
