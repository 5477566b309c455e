import Foundation
import TgtApplication

extension AppModel {
    /// The send log changed: a snippet left as typed is told, and Settings lists the latest.
    func snippetsChanged() {
        snippetNotices.check()
        settings.snippets.reloadOutcomes()
    }
}
