import Foundation
import TgtApplication
import TgtDomain

/// CarPlay's grid: at most 8 buttons, up to 7 templates plus Refresh, or a placeholder asking
/// to add templates on the iPhone. Buttons and alerts name templates, never their text: a
/// driver must not read messages.
public struct CarPlayGridModel: Sendable, Equatable {
    /// CarPlay's limit for a grid template.
    public static let maximumButtons = 8
    /// The alert's one button.
    public static let dismissTitle = AppText("carplay.ok")

    public struct Button: Sendable, Equatable, Identifiable {
        public enum Action: Sendable, Equatable {
            case send(UUID)
            case refresh
            /// The placeholder: does nothing but say what to do.
            case none
        }

        public var title: AppText
        /// An SF Symbol name.
        public var symbol: String
        public var action: Action
        public var id: String {
            switch action {
            case .send(let template): template.uuidString
            case .refresh: "refresh"
            case .none: "placeholder"
            }
        }
    }

    public var title: AppText
    public var buttons: [Button]

    public init(templates: [Template]) {
        title = AppText("carplay.title")
        let refresh = Button(title: AppText("carplay.refresh"), symbol: "arrow.clockwise", action: .refresh)
        if templates.isEmpty {
            buttons = [Button(title: AppText("carplay.empty"), symbol: "iphone", action: .none), refresh]
        } else {
            buttons = templates.prefix(Self.maximumButtons - 1).map {
                Button(title: .verbatim($0.name), symbol: $0.icon.symbolName, action: .send($0.id))
            } + [refresh]
        }
    }

    /// Reads the first templates from the store.
    public static func load(from workspace: Workspace) throws(StoreError) -> CarPlayGridModel {
        CarPlayGridModel(templates: try workspace.templates().first(maximumButtons - 1))
    }

    /// The alert after a tap: sent, partly sent, failed, or queued (for a login, or until
    /// Telegram can be reached).
    public static func alert(for outcome: AppModel.TapOutcome, templateName: String) -> AppText {
        switch AppModel.summary(of: outcome) {
        case .sent: AppText("carplay.sent", templateName)
        case .partly(let sent, let total): AppText("carplay.partly", templateName, String(sent), String(total))
        // Only the name: a reason could quote the message, which a driver must not read.
        case .failed: AppText("carplay.failed", templateName)
        case .waitingForLogin: AppText("carplay.notLoggedIn", templateName)
        case .waitingForConnection: AppText("carplay.queued", templateName)
        case .notFound: AppText("link.notFound")
        case .undone: AppText("carplay.undone", templateName)
        }
    }

    /// The alert while a tap waits out its undo hold: its name and the seconds left, with
    /// Undo (which takes it back) and OK (which lets it go).
    public static func holdAlert(for tap: HeldTap, now: Date) -> (title: AppText, undo: AppText, letGo: AppText) {
        let seconds = max(0, Int(tap.until.timeIntervalSince(now).rounded(.up)))
        return (AppText("carplay.held", tap.templateName, String(seconds)), AppText("carplay.undo"), dismissTitle)
    }
}
