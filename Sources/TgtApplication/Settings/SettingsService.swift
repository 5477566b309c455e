import Foundation
import TgtDomain
import TgtStore

/// The preferences kept in the store, for every face (`tgt settings`, the dashboard's Settings
/// page and API, the app's Settings screen): one rule for what a typed default location may
/// be, and the write.
public struct SettingsService: Sendable {
    let store: AppDatabase

    public init(store: AppDatabase) {
        self.store = store
    }

    /// A default location as typed: blank forgets it; otherwise "latitude,longitude" (spaces
    /// around the comma allowed). A bad value changes nothing.
    @discardableResult
    public func setDefaultLocation(typed text: String) throws -> Coordinate? {
        let coordinate = try Self.defaultLocation(from: text)
        try store.setDefaultLocation(coordinate)
        return coordinate
    }

    /// The rule alone, for forms that check before saving.
    public static func defaultLocation(from text: String) throws(SettingsError) -> Coordinate? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.count <= 100, let coordinate = Coordinate(parsing: trimmed.replacingOccurrences(of: " ", with: "")) else {
            throw .notALocation(String(trimmed.prefix(100)))
        }
        return coordinate
    }

    public func defaultLocation() throws(StoreError) -> Coordinate? {
        try store.defaultLocation()
    }

    /// The undo hold of one-tap sends, as typed ("5", "0", "30"); outside 0…30 s it is
    /// refused and nothing changes.
    @discardableResult
    public func setUndoHold(typed text: String) throws -> UndoHold {
        let hold = try UndoHold(parsing: text)
        try store.setUndoHold(hold)
        return hold
    }

    /// The undo hold in whole seconds, as a JSON number gives it.
    @discardableResult
    public func setUndoHold(seconds: Int) throws -> UndoHold {
        guard let hold = UndoHold(seconds: seconds) else { throw UndoHoldError(text: "\(seconds)") }
        try store.setUndoHold(hold)
        return hold
    }

    public func undoHold() throws(StoreError) -> UndoHold {
        try store.undoHold()
    }
}

/// Why a setting was refused (nothing changed).
public enum SettingsError: Error, Equatable, UserFacingError {
    case notALocation(String)

    public var message: String {
        switch self {
        case .notALocation(let text): "“\(text)” is not a location."
        }
    }

    public var nextStep: String? {
        switch self {
        case .notALocation: "Write latitude,longitude with latitude -90…90 and longitude -180…180, e.g. 45.4642,9.19."
        }
    }

    public var code: String {
        switch self {
        case .notALocation: "invalid_input"
        }
    }
}

extension SettingsService {
    /// The account's name as Telegram last gave it (`{{me}}` while no session is open), or nil.
    public func accountName() throws(StoreError) -> String? { try store.senderName() }

    /// Keeps the account's name a session reported, for `{{me}}` without a session.
    public func noteAccountName(_ name: String) throws(StoreError) { try store.noteSenderName(name) }

    /// The longest message text Telegram takes (the account's limit, as last seen).
    public var messageLengthLimit: Int { store.validator().maxTextLength }
}
