import Foundation

/// Text from other people (chat and topic titles, a reply's sender and preview, the account's
/// name as Telegram gives it), made fit to keep: a NUL is dropped, since SQLite's text as it is
/// read back ends at the first one (a title "a\0b" would come back as "a", and no search by
/// its whole title would find it). Everything else is kept as it came.
enum OutsideText {
    static func storable(_ text: String) -> String {
        text.unicodeScalars.contains("\u{0}") ? String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{0}" })) : text
    }
}
