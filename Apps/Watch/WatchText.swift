import Foundation
import TgtDomain
import TgtTimerSync

/// The watch's words, from the String Catalog it shares with the phone app (en, it, ru). The
/// watch has no TgtAppModel; `Tests/apple/check_apps.py` checks every key used here is in the catalog.
enum WatchText {
    static func string(_ key: String, _ arguments: String...) -> String {
        let format = Bundle.main.localizedString(forKey: key, value: nil, table: nil)
        return arguments.isEmpty ? format : String(format: format, arguments: arguments)
    }

    static func title(_ control: TimerControl) -> String {
        switch control {
        case .start: string("timers.start")
        case .pause: string("timers.pause")
        case .resume: string("timers.resume")
        case .reset: string("timers.reset")
        case .extend: string("timers.extend")
        }
    }

    static var paused: String { string("timers.paused") }
    static var done: String { string("timers.done") }
    static var empty: String { string("timers.empty") }
    static var title: String { string("tab.timers") }
    static var todos: String { string("timers.field.todos") }
    static var notes: String { string("timers.field.notes") }
}
