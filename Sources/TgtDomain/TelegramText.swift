/// Telegram's own rules for message text, applied before anything is saved or sent so that
/// save, dry run and send agree with what TDLib will accept.
public enum TelegramText {
    /// Whether TDLib would find `text` empty ("Message must be non-empty"): nothing but
    /// spaces, line breaks and the characters TDLib strips or treats as empty (zero-width
    /// spaces and joiners, direction marks, the byte-order mark, no-break and other Unicode
    /// spaces, Braille blank, object replacement, tag characters, and the control and
    /// formatting characters TDLib removes on input). Follows TDLib's `clean_input_string`
    /// and `strip_empty_characters`.
    public static func isEffectivelyEmpty(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.allSatisfy(isEmptyScalar)
    }

    static func isEmptyScalar(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x20: true  // control characters become spaces, \r is dropped
        case 0x7F: false
        case 0xA0: true  // no-break space
        case 0x0333, 0x033F, 0x030A: true  // combining "vertical lines" TDLib removes
        case 0x1680, 0x180E, 0x2000...0x200F: true  // Unicode spaces, zero-width spaces, joiners, marks
        case 0x2028...0x202F: true  // separators and embedding controls TDLib removes; narrow no-break space
        case 0x205F, 0x2800, 0x3000, 0xFEFF, 0xFFFC: true
        case 0xE0000...0xE007F: true  // tag characters
        default: false
        }
    }

    /// The first control character in `text` other than line breaks and tabs, with its
    /// 1-based character position, or nil. TDLib would silently turn these into spaces.
    public static func firstControlCharacter(in text: String) -> (position: Int, scalar: Unicode.Scalar)? {
        var position = 0
        for character in text {
            position += 1
            for scalar in character.unicodeScalars where isForbiddenControl(scalar) {
                return (position, scalar)
            }
        }
        return nil
    }

    static func isForbiddenControl(_ s: Unicode.Scalar) -> Bool {
        guard s.properties.generalCategory == .control else { return false }
        return s != "\n" && s != "\r" && s != "\t"
    }

    /// "U+0000 (NUL)" style name of a control character for messages.
    public static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let names: [UInt32: String] = [0: "NUL", 0x1B: "ESC", 0x7F: "DEL", 0x08: "backspace", 0x0B: "vertical tab", 0x0C: "form feed"]
        if let name = names[scalar.value] { return "U+\(padded) (\(name))" }
        return "U+\(padded)"
    }
}
