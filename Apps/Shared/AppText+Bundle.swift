import Foundation
import SwiftUI
import TgtAppModel

extension AppText {
    /// The sentence in the user's language, from the String Catalog (English when a key has
    /// no translation yet).
    var localized: String {
        resolved { key in
            let value = Bundle.main.localizedString(forKey: key, value: "\u{0}", table: nil)
            return value == "\u{0}" ? nil : value
        }
    }
}

extension Text {
    /// A Text for a view model's sentence.
    init(_ text: AppText) {
        self.init(verbatim: text.localized)
    }
}
