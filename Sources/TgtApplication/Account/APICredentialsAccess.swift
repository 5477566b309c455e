import Foundation
import TgtStore

/// The Telegram API id and hash a data folder's sessions start with (saved in the folder, 0600,
/// or given by `TGT_API_ID` and `TGT_API_HASH`), for the faces that read and save them:
/// `tgt setup`, `tgt status`, the first-run walk-through.
public struct APICredentialsAccess: Sendable {
    let secrets: SecretStore

    public init(directory: DataDirectory) {
        secrets = SecretStore(directory: directory)
    }

    /// The credentials in effect, or nil when none are set up.
    public func current() throws(CredentialsError) -> APICredentials? { try secrets.credentials() }

    /// Where the credentials in effect come from (the file, or the environment variables).
    public var source: String { secrets.credentialsSource }

    /// Saves the credentials in the folder (atomically, readable by the owner only).
    public func save(_ credentials: APICredentials) throws(StoreError) { try secrets.saveCredentials(credentials) }
}
