import Foundation
import TgtDomain

extension Error {
    /// The error's own message when it has one for people (`UserFacingError`), else its
    /// description: what a screen shows verbatim (`AppText.verbatim`) until the app's catalog
    /// words it.
    var shownMessage: String { (self as? any UserFacingError)?.message ?? "\(self)" }
}
