import Foundation
import TgtDomain

/// Telegram API credentials from my.telegram.org. The hash is a secret: it is kept only in a
/// 0600 file (or the environment) and never logged or printed in full.
public struct APICredentials: Codable, Sendable, Equatable {
    public var apiID: Int32
    public var apiHash: String

    enum CodingKeys: String, CodingKey {
        case apiID = "api_id"
        case apiHash = "api_hash"
    }

    /// Validates: the id is a positive 32-bit integer, the hash 32 hexadecimal characters.
    public init(apiID: String, apiHash: String) throws(CredentialsError) {
        let idText = apiID.trimmingCharacters(in: .whitespaces)
        guard let id = Int32(idText), id > 0 else { throw .invalidID(idText) }
        let hash = apiHash.trimmingCharacters(in: .whitespaces).lowercased()
        guard hash.count == 32, hash.allSatisfy(\.isHexDigit) else { throw .invalidHash }
        self.apiID = id
        self.apiHash = hash
    }

    /// "1a2b…9f" for display: never the whole hash.
    public var maskedHash: String { "\(apiHash.prefix(4))…\(apiHash.suffix(2))" }
}

/// Why credentials were refused or are missing.
public enum CredentialsError: UserFacingError, Equatable {
    case invalidID(String)
    case invalidHash
    case missing

    public var message: String {
        switch self {
        case .invalidID(let text): "“\(text)” is not an API id: it is a positive whole number, like 1234567."
        case .invalidHash: "The API hash must be 32 characters of 0–9 and a–f."
        case .missing: "Telegram API credentials are not set up yet."
        }
    }

    public var nextStep: String? {
        switch self {
        case .invalidID, .invalidHash: "Copy both from https://my.telegram.org → API development tools."
        case .missing: "Enter your API id and hash from https://my.telegram.org → API development tools."
        }
    }

    public var code: String {
        switch self {
        case .invalidID: "invalid_api_id"
        case .invalidHash: "invalid_api_hash"
        case .missing: "not_configured"
        }
    }
}

/// Where API credentials and the TDLib database key are kept: 0600 files on Linux and macOS
/// (`SecretStore`), the Keychain in the iOS app.
public protocol SecretStoring: Sendable {
    /// The credentials in effect, or nil when none are saved.
    func credentials() throws(CredentialsError) -> APICredentials?
    func saveCredentials(_ credentials: APICredentials) throws(StoreError)
    func removeCredentials()
    /// The TDLib database encryption key: 32 random bytes, made on first use and kept.
    func tdlibDatabaseKey() throws(StoreError) -> Data
}

/// Where credentials and the TDLib database key live: 0600 files in the data folder, with
/// `TGT_API_ID` / `TGT_API_HASH` taking precedence when both are set.
public struct SecretStore: SecretStoring {
    public let directory: DataDirectory
    public let environment: [String: String]

    public init(directory: DataDirectory, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.directory = directory
        self.environment = environment
    }

    /// The credentials in effect, or nil. Bad values in the environment are an error, not ignored.
    public func credentials() throws(CredentialsError) -> APICredentials? {
        if let id = environment["TGT_API_ID"], let hash = environment["TGT_API_HASH"], !id.isEmpty, !hash.isEmpty {
            return try APICredentials(apiID: id, apiHash: hash)
        }
        guard let data = SecureFile.read(directory.credentialsFile) else { return nil }
        guard let stored = try? JSONDecoder().decode(APICredentials.self, from: data) else { return nil }
        return try APICredentials(apiID: String(stored.apiID), apiHash: stored.apiHash)
    }

    /// Where the credentials in effect come from, for `tgt status`.
    public var credentialsSource: String {
        if let id = environment["TGT_API_ID"], let hash = environment["TGT_API_HASH"], !id.isEmpty, !hash.isEmpty {
            return "environment (TGT_API_ID, TGT_API_HASH)"
        }
        return directory.credentialsFile.path
    }

    public func saveCredentials(_ credentials: APICredentials) throws(StoreError) {
        try directory.create()
        let data: Data
        do { data = try JSONEncoder().encode(credentials) } catch { throw .dataDirectory("cannot encode credentials") }
        try SecureFile.write(data, to: directory.credentialsFile)
    }

    public func removeCredentials() {
        try? FileManager.default.removeItem(at: directory.credentialsFile)
    }

    /// The TDLib database encryption key: 32 random bytes made once and kept in a 0600 file.
    public func tdlibDatabaseKey() throws(StoreError) -> Data {
        if let existing = SecureFile.read(directory.tdlibKeyFile), let key = Data(base64Encoded: existing), key.count == 32 {
            return key
        }
        try directory.create()
        var generator = SystemRandomNumberGenerator()
        let key = Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try SecureFile.write(Data(key.base64EncodedString().utf8), to: directory.tdlibKeyFile)
        return key
    }
}
