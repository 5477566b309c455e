import Foundation
import HummingbirdBcrypt
import TgtApplication
import TgtDomain

/// An API token for scripts, as stored: never the token itself, only its SHA-256.
public struct APIToken: Codable, Sendable, Equatable {
    public var id: UUID
    public var name: String
    public var digest: String
    public var createdAt: Date
    public var lastUsedAt: Date?
}

/// Why a dashboard password or token change was refused.
public struct DashboardSecretError: UserFacingError, Equatable {
    public var message: String
    public var nextStep: String?
    public var code: String
}

/// The dashboard's own secrets in `dashboard.json` (0600, written atomically): the password
/// as a bcrypt hash and the API tokens as digests.
public final class DashboardSecrets: Sendable {
    struct Contents: Codable {
        var passwordHash: String?
        var tokens: [APIToken] = []
    }

    public static let minimumPasswordLength = 8
    public static let maximumPasswordLength = 72
    public let file: URL
    private let bcryptCost: UInt8
    private let contents: Locked<Contents>

    /// Reads the file (a missing file means: no password yet, no tokens).
    public init(directory: DataDirectory, bcryptCost: UInt8 = 12) throws(StoreError) {
        file = directory.url.appendingPathComponent("dashboard.json")
        self.bcryptCost = bcryptCost
        if let data = SecureFile.read(file) {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            guard let decoded = try? decoder.decode(Contents.self, from: data) else {
                throw .dataDirectory("\(file.path) is damaged; delete it to choose a new dashboard password (API tokens will need to be created again)")
            }
            contents = Locked(decoded)
        } else {
            contents = Locked(Contents())
        }
    }

    public var hasPassword: Bool { contents.withLock { $0.passwordHash != nil } }

    /// Checks a password against the stored hash (slow on purpose).
    public func verifyPassword(_ password: String) -> Bool {
        guard let hash = contents.withLock({ $0.passwordHash }), password.utf8.count <= Self.maximumPasswordLength else { return false }
        return Bcrypt.verify(password, hash: hash)
    }

    /// Sets a new password; when one exists, `current` must match it.
    public func setPassword(_ new: String, current: String?) throws(DashboardSecretError) {
        if hasPassword {
            guard let current, verifyPassword(current) else {
                throw DashboardSecretError(message: "The current password is not right.", nextStep: "Type the password you sign in with.", code: "wrong_password")
            }
        }
        try Self.checkStrength(new)
        let hash = Bcrypt.hash(new, cost: bcryptCost)
        try update { $0.passwordHash = hash }
    }

    /// Sets the password without asking for the old one: for the folder's owner at the
    /// terminal (`tgt serve --set-password`), who could delete the file anyway.
    public func replacePassword(_ new: String) throws(DashboardSecretError) {
        try Self.checkStrength(new)
        let hash = Bcrypt.hash(new, cost: bcryptCost)
        try update { $0.passwordHash = hash }
    }

    /// Refuses passwords that are too short or too long for bcrypt.
    public static func checkStrength(_ password: String) throws(DashboardSecretError) {
        guard password.count >= minimumPasswordLength else {
            throw DashboardSecretError(message: "The password must have at least \(minimumPasswordLength) characters.", nextStep: nil, code: "weak_password")
        }
        guard password.utf8.count <= maximumPasswordLength else {
            throw DashboardSecretError(message: "The password must be at most \(maximumPasswordLength) bytes long.", nextStep: nil, code: "weak_password")
        }
    }

    public var tokens: [APIToken] { contents.withLock { $0.tokens } }

    /// Creates a token; the returned secret is shown once and never stored.
    public func createToken(name: String, now: Date) throws(DashboardSecretError) -> (APIToken, secret: String) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...64).contains(trimmed.count) else {
            throw DashboardSecretError(message: "A token's name must be 1–64 characters.", nextStep: nil, code: "invalid_input")
        }
        let secret = "tgt_" + SecretToken.make()
        let token = APIToken(id: UUID(), name: trimmed, digest: SecretToken.digest(secret), createdAt: now, lastUsedAt: nil)
        try update { $0.tokens.append(token) }
        return (token, secret)
    }

    /// Deletes a token; false if there was none with that id.
    public func revokeToken(id: UUID) throws(DashboardSecretError) -> Bool {
        guard tokens.contains(where: { $0.id == id }) else { return false }
        try update { $0.tokens.removeAll { $0.id == id } }
        return true
    }

    /// The token a secret belongs to, if any.
    public func token(forSecret secret: String) -> APIToken? {
        guard secret.hasPrefix("tgt_") else { return nil }
        let digest = SecretToken.digest(secret)
        return contents.withLock { c in c.tokens.first { SecretToken.constantTimeEqual($0.digest, digest) } }
    }

    private func update(_ change: (inout Contents) -> Void) throws(DashboardSecretError) {
        let failure: StoreError? = contents.withLock { c in
            var next = c
            change(&next)
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            do {
                try SecureFile.write(try encoder.encode(next), to: file)
            } catch let error as StoreError {
                return error
            } catch {
                return .dataDirectory("cannot encode the dashboard settings")
            }
            c = next
            return nil
        }
        if let failure { throw DashboardSecretError(message: failure.message, nextStep: failure.nextStep, code: "store") }
    }
}
