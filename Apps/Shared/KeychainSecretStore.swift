import Foundation
import Security
import TgtStore

/// API credentials and TDLib's database key in the Keychain (this device only, available after
/// the first unlock so queued sends can go out while the phone is locked).
struct KeychainSecretStore: SecretStoring {
    private let service = "app.tgtemplates.telegram"

    func credentials() throws(CredentialsError) -> APICredentials? {
        guard let data = read("api-credentials"),
            let stored = try? JSONDecoder().decode(APICredentials.self, from: data)
        else { return nil }
        return try APICredentials(apiID: String(stored.apiID), apiHash: stored.apiHash)
    }

    func saveCredentials(_ credentials: APICredentials) throws(StoreError) {
        guard let data = try? JSONEncoder().encode(credentials) else { throw .dataDirectory("cannot encode credentials") }
        try write(data, as: "api-credentials")
    }

    func removeCredentials() {
        SecItemDelete(query("api-credentials") as CFDictionary)
    }

    func tdlibDatabaseKey() throws(StoreError) -> Data {
        if let key = read("tdlib-key"), key.count == 32 { return key }
        var bytes = [UInt8](repeating: 0, count: 32)
        guard SecRandomCopyBytes(kSecRandomDefault, bytes.count, &bytes) == errSecSuccess else {
            throw .dataDirectory("no random bytes for the TDLib key")
        }
        let key = Data(bytes)
        try write(key, as: "tdlib-key")
        return key
    }

    private func query(_ account: String) -> [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: account]
    }

    private func read(_ account: String) -> Data? {
        var request = query(account)
        request[kSecReturnData as String] = true
        request[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: AnyObject?
        guard SecItemCopyMatching(request as CFDictionary, &result) == errSecSuccess else { return nil }
        return result as? Data
    }

    private func write(_ data: Data, as account: String) throws(StoreError) {
        SecItemDelete(query(account) as CFDictionary)
        var item = query(account)
        item[kSecValueData as String] = data
        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        let status = SecItemAdd(item as CFDictionary, nil)
        guard status == errSecSuccess else { throw .dataDirectory("Keychain error \(status)") }
    }
}
