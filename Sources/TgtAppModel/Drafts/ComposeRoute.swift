import Foundation
import TgtDomain

/// What this device can do with a draft; the iOS shell fills it from
/// `MFMailComposeViewController.canSendMail()`, `MFMessageComposeViewController.canSendText()`
/// and `UIApplication.canOpenURL`.
public struct ComposeCapabilities: Sendable {
    public var canSendMail: Bool
    public var canSendText: Bool
    /// Whether some app handles `mailto:` links (another mail app when Mail has no account).
    public var canOpenMailLinks: Bool

    public init(canSendMail: Bool, canSendText: Bool, canOpenMailLinks: Bool) {
        self.canSendMail = canSendMail
        self.canSendText = canSendText
        self.canOpenMailLinks = canOpenMailLinks
    }
}

/// How the app hands a draft over: the system compose sheet when the device can show it, the
/// draft's link otherwise, or why neither works. The decision lives here, tested on Linux; the
/// SwiftUI shell only presents what it is told.
public enum ComposeRoute: Sendable, Equatable {
    /// `MFMailComposeViewController` with these fields.
    case mailSheet(to: [String], cc: [String], subject: String, body: String)
    /// `MFMessageComposeViewController`: recipients as `+` and digits.
    case messageSheet(recipients: [String], body: String)
    /// Open the link (`mailto:` in another mail app; X's post intent in the X app or Safari).
    case openLink(URL)
    /// Nothing on this device can take the draft.
    case unavailable(AppText)

    /// The route for `draft` on a device with `capabilities`.
    public static func route(for draft: Draft, capabilities: ComposeCapabilities) -> ComposeRoute {
        switch draft.kind {
        case .email:
            if capabilities.canSendMail {
                return .mailSheet(to: draft.to, cc: draft.cc, subject: draft.subject ?? "", body: draft.body)
            }
            if capabilities.canOpenMailLinks, let url = URL(string: draft.url) { return .openLink(url) }
            return .unavailable(AppText("compose.noMail"))
        case .text:
            guard capabilities.canSendText else { return .unavailable(AppText("compose.noMessages")) }
            return .messageSheet(recipients: draft.to.compactMap(Recipient.normalizedPhone), body: draft.body)
        case .x:
            guard let url = URL(string: draft.url) else { return .unavailable(AppText("compose.badLink")) }
            return .openLink(url)
        case .telegram:
            return .unavailable(AppText("compose.notADraft"))
        }
    }
}

/// How a compose sheet or link ended, as the shell reports it back.
public enum ComposeResult: Sendable, Equatable {
    /// Sent, queued in the outbox, or saved as a draft in the other app; or the link opened.
    case handedOver
    case cancelled
    case failed(String)
}

/// A draft waiting for the shell to present it: the rendered draft and how to hand it over.
public struct ComposeRequest: Sendable, Equatable, Identifiable {
    public let id = UUID()
    public let template: Template
    public let draft: Draft
    public let route: ComposeRoute

    public static func == (a: ComposeRequest, b: ComposeRequest) -> Bool { a.id == b.id }
}
