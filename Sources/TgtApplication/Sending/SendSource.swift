import Foundation
import TgtDomain
import TgtStore

/// Where a send comes from, which decides whether it waits out the undo hold (Settings) before
/// anything reaches Telegram. Each face that sends a template from a tap, a command, a link or an
/// automation names its source and asks `SendRules.hold(for:asked:)`; none decides by itself
/// (a template sent into an open chat from a conversation goes at once).
public enum SendSource: String, Sendable, CaseIterable {
    /// A tile on the dashboard's grid or in the app.
    case grid
    /// A home screen widget's button.
    case widget
    /// A template chosen in CarPlay.
    case carPlay
    /// `tgt send` on an interactive terminal, where Ctrl-C undoes.
    case terminal
    /// `tgt send` in a pipe, a script or with `--json`.
    case script
    /// The JSON API, from a client that did not ask for a hold.
    case api
    /// Siri, asked aloud (it answers aloud).
    case siri
    /// A `tgtemplates://send` link.
    case deepLink
    /// Arriving at or leaving a place.
    case place
    /// A trigger link (an automation, an NFC tag): held, so a wrong one can be undone in Recent.
    case trigger
    /// An away reply or greeting.
    case away

    /// Whether a send from here waits out the undo hold. One touch may be the wrong one (the
    /// grid, a widget, CarPlay, a terminal) and so may an automation's link; nobody is there
    /// to undo a script's, the API's, a place's or an away reply's send, and Siri was asked aloud.
    public var usesUndoHold: Bool {
        switch self {
        case .grid, .widget, .carPlay, .terminal, .trigger: true
        case .script, .api, .siri, .deepLink, .place, .away: false
        }
    }

    /// The source of a tap the app queued (`SendJob.Source`).
    public init(_ job: SendJob.Source) {
        switch job {
        case .app: self = .grid
        case .widget: self = .widget
        case .carPlay: self = .carPlay
        case .siri: self = .siri
        case .deepLink: self = .deepLink
        case .place: self = .place
        }
    }
}

extension SendRules {
    /// How long a send from `source` waits, undoable, before it goes out: `asked` when the
    /// person gave a hold for this send (`tgt send --hold`, the API's `hold`), else the undo
    /// hold from Settings for a source that waits (`SendSource.usesUndoHold`), else none.
    public func hold(for source: SendSource, asked: UndoHold? = nil) throws(StoreError) -> UndoHold {
        if let asked { return asked }
        return source.usesUndoHold ? try store.undoHold() : .off
    }
}
