import Foundation

/// Checks and normalizes the recipients of email and text message templates.
public enum Recipient {
    /// Whether `address` is a usable email address (`local@domain.tld`, dot-atom local part,
    /// a domain of at least two labels; international letters allowed).
    public static func isValidEmail(_ address: String) -> Bool {
        guard address.count <= 254, !address.isEmpty,
              let at = address.lastIndex(of: "@") else { return false }
        let local = address[..<at], domain = address[address.index(after: at)...]
        guard (1...64).contains(local.count), !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..") else { return false }
        let localExtras = Set("!#$%&'*+/=?^_`{|}~.-")
        guard local.allSatisfy({ ($0.isLetter || $0.isNumber || localExtras.contains($0)) }) else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, domain.count <= 253 else { return false }
        for label in labels {
            guard (1...63).contains(label.count), !label.hasPrefix("-"), !label.hasSuffix("-"),
                  label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return false }
        }
        guard let tld = labels.last, tld.count >= 2, !tld.allSatisfy(\.isNumber) else { return false }
        return true
    }

    /// A phone number reduced to what an `sms:` link carries (`+` and digits), or nil when it
    /// is not one: digits with optional spaces, dashes, dots and parentheses, an optional
    /// leading `+`, 3 to 15 digits (short codes included; E.164 allows 15).
    public static func normalizedPhone(_ number: String) -> String? {
        let trimmed = number.trimmingCharacters(in: .whitespaces)
        var digits = ""
        var plus = false
        for (index, c) in trimmed.enumerated() {
            if c == "+", index == 0 {
                plus = true
            } else if c.isASCII, c.isNumber {
                digits.append(c)
            } else if !(c == " " || c == "-" || c == "." || c == "(" || c == ")") {
                return nil
            }
        }
        guard (3...15).contains(digits.count) else { return nil }
        return (plus ? "+" : "") + digits
    }
}
