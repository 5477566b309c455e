import Foundation

/// A signed-in browser: the cookie's token and the CSRF token its pages carry.
public struct WebSession: Sendable, Equatable {
    public let token: String
    public let csrfToken: String
    public let createdAt: Date
    public var lastSeenAt: Date
}

/// The dashboard's signed-in browsers, kept in memory (a restart signs everyone out).
/// Sessions end after `idleTimeout` without use or `maximumAge` in all.
public actor WebSessions {
    public static let cookieName = "tgt_session"
    private var sessions: [String: WebSession] = [:]
    public let idleTimeout: TimeInterval
    public let maximumAge: TimeInterval

    public init(idleTimeout: TimeInterval = 7 * 24 * 3600, maximumAge: TimeInterval = 30 * 24 * 3600) {
        self.idleTimeout = idleTimeout
        self.maximumAge = maximumAge
    }

    public func create(now: Date) -> WebSession {
        let session = WebSession(token: SecretToken.make(), csrfToken: SecretToken.make(), createdAt: now, lastSeenAt: now)
        sessions[session.token] = session
        if sessions.count > 1000 { expire(now: now) }
        return session
    }

    /// The live session for a cookie value (and marks it used), or nil.
    public func session(for token: String, now: Date) -> WebSession? {
        guard var session = sessions[token] else { return nil }
        guard now.timeIntervalSince(session.lastSeenAt) < idleTimeout, now.timeIntervalSince(session.createdAt) < maximumAge else {
            sessions[token] = nil
            return nil
        }
        session.lastSeenAt = now
        sessions[token] = session
        return session
    }

    public func end(_ token: String) {
        sessions[token] = nil
    }

    /// Signs every browser out (after a password change), except `keeping`.
    public func endAll(keeping: String? = nil) {
        sessions = sessions.filter { $0.key == keeping }
    }

    private func expire(now: Date) {
        sessions = sessions.filter {
            now.timeIntervalSince($0.value.lastSeenAt) < idleTimeout && now.timeIntervalSince($0.value.createdAt) < maximumAge
        }
    }
}
