import Foundation

/// How long a message is in the units its channel counts, against that channel's limit.
///
/// - Telegram: Unicode characters against 4096 (or TDLib's `message_text_length_max`).
/// - Email: characters against 10,000 (mail apps cut longer `mailto:` links).
/// - Text message: SMS segments. A message entirely in the GSM 03.38 alphabet takes 160
///   characters in one SMS (the extension characters `^{}\[~]|€` count twice), 153 per part
///   once it is split; any other character switches the whole message to UCS-2: 70 UTF-16
///   units, 67 per part. A part never splits an extension pair or a surrogate pair. The limit
///   is 10 parts, the common carrier limit for a concatenated SMS.
/// - X: the weighted length of twitter-text 3 against 280: characters in the Latin,
///   punctuation and general ranges count 1, others (CJK, most emoji) 2, an emoji sequence
///   counts 2 in all, and every link counts as 23 however long it is.
public struct MessageLength: Sendable, Hashable, Codable {
    public var kind: TemplateKind
    /// Characters, weighted characters (X) or encoding units (SMS).
    public var count: Int
    /// The most allowed, in the same units as `count` (SMS: parts).
    public var limit: Int
    /// SMS only: the number of parts and the alphabet.
    public var segments: Int?
    public var encoding: SMSEncoding?

    /// The alphabet an SMS is sent in.
    public enum SMSEncoding: String, Sendable, Hashable, Codable {
        case gsm7 = "GSM-7", ucs2 = "UCS-2"
    }

    /// Whether the text is over its channel's limit.
    public var isOver: Bool { (segments ?? count) > limit }

    /// What a counter shows: "120 / 4096", "2 SMS · 180 characters (GSM-7)", "250 / 280".
    public var summary: String {
        if let segments, let encoding {
            let parts = segments == 1 ? "1 SMS" : "\(segments) SMS"
            return "\(parts) · \(count) \(count == 1 ? "character" : "characters") (\(encoding.rawValue))"
        }
        return "\(count) / \(limit)"
    }

    /// A sentence for a save or send that is over the limit.
    public var problem: String? {
        guard isOver else { return nil }
        switch kind {
        case .telegram: return "The text is \(count) characters long; Telegram allows \(limit)."
        case .email: return "The email is \(count) characters long; at most \(limit) fit in a draft."
        case .text: return "The text message needs \(segments ?? 0) SMS; at most \(limit) can be joined into one message."
        case .x: return "The post counts \(count) of X's \(limit) characters (links count 23, most emoji and CJK characters 2)."
        }
    }

    public static let emailLimit = 10_000
    public static let smsPartLimit = 10
    public static let xLimit = 280
    public static let xLinkWeight = 23

    /// Measures `text` for `kind`. `telegramLimit` is TDLib's limit when known.
    public static func measure(_ text: String, kind: TemplateKind, telegramLimit: Int = TemplateValidator.defaultMaxTextLength) -> MessageLength {
        switch kind {
        case .telegram: MessageLength(kind: kind, count: text.unicodeScalars.count, limit: telegramLimit)
        case .email: MessageLength(kind: kind, count: text.count, limit: emailLimit)
        case .text: sms(text)
        case .x: MessageLength(kind: kind, count: xWeightedLength(text), limit: xLimit)
        }
    }

    // MARK: SMS

    /// GSM 03.38 basic alphabet.
    static let gsmBasic: Set<Unicode.Scalar> = Set(
        "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà".unicodeScalars)
    /// GSM 03.38 extension table (each takes an escape plus the character).
    static let gsmExtension: Set<Unicode.Scalar> = Set("^{}\\[~]|€\u{0C}".unicodeScalars)

    static func sms(_ text: String) -> MessageLength {
        let scalars = Array(text.unicodeScalars)
        if scalars.allSatisfy({ gsmBasic.contains($0) || gsmExtension.contains($0) }) {
            let units = scalars.map { gsmExtension.contains($0) ? 2 : 1 }
            let total = units.reduce(0, +)
            return MessageLength(kind: .text, count: scalars.count, limit: smsPartLimit,
                                 segments: parts(units, total: total, single: 160, multi: 153), encoding: .gsm7)
        }
        let units = scalars.map { $0.utf16.count }
        let total = units.reduce(0, +)
        return MessageLength(kind: .text, count: text.utf16.count, limit: smsPartLimit,
                             segments: parts(units, total: total, single: 70, multi: 67), encoding: .ucs2)
    }

    /// Packs indivisible units into parts greedily, as phones do.
    static func parts(_ units: [Int], total: Int, single: Int, multi: Int) -> Int {
        if total == 0 { return 0 }
        if total <= single { return 1 }
        var parts = 1, used = 0
        for unit in units {
            if used + unit > multi {
                parts += 1
                used = 0
            }
            used += unit
        }
        return parts
    }

    // MARK: X

    static func xWeightedLength(_ text: String) -> Int {
        let normalized = text.precomposedStringWithCanonicalMapping
        var total = 0
        var cursor = normalized.startIndex
        for link in links(in: normalized) {
            total += weight(normalized[cursor..<link.lowerBound]) + xLinkWeight
            cursor = link.upperBound
        }
        return total + weight(normalized[cursor...])
    }

    private static func weight(_ text: Substring) -> Int {
        var total = 0
        for character in text {
            if isEmoji(character) {
                total += 2
                continue
            }
            for scalar in character.unicodeScalars {
                let v = scalar.value
                let light = v <= 4351 || (8192...8205).contains(v) || (8208...8223).contains(v) || (8242...8247).contains(v)
                total += light ? 1 : 2
            }
        }
        return total
    }

    private static func isEmoji(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        if first.properties.isEmojiPresentation { return true }
        // Text-default symbols become emoji with VS16, keycaps and flags are sequences.
        return first.properties.isEmoji && character.unicodeScalars.count > 1
            && character.unicodeScalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 || $0.properties.isEmojiPresentation }
    }

    /// Ranges of links: `http(s)://…` and bare domains with a common top-level domain
    /// (`example.com/path`), without trailing punctuation.
    static func links(in text: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                index = text.index(after: index)
                continue
            }
            var end = index
            while end < text.endIndex, !text[end].isWhitespace { end = text.index(after: end) }
            let word = text[index..<end]
            if let link = link(in: word) { found.append(link) }
            index = end
        }
        return found
    }

    static let commonTLDs: Set<String> = [
        "com", "org", "net", "io", "co", "me", "app", "dev", "ai", "info", "biz", "edu", "gov", "tv", "ly", "gl", "gg",
        "uk", "us", "de", "fr", "it", "es", "nl", "ru", "jp", "cn", "in", "br", "ca", "au", "ch", "se", "no", "eu", "xyz", "news", "blog",
    ]

    private static func link(in word: Substring) -> Range<String.Index>? {
        var start = word.startIndex
        while start < word.endIndex, "([\"'“‘<".contains(word[start]) { start = word.index(after: start) }
        var end = word.endIndex
        while end > start, ".,!?;:)]\"'”’>".contains(word[word.index(before: end)]) { end = word.index(before: end) }
        guard start < end else { return nil }
        let candidate = word[start..<end]
        let lower = candidate.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            let rest = lower.drop(while: { $0 != "/" }).dropFirst(2)
            return rest.contains(".") ? start..<end : nil
        }
        let host = lower.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" })
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let tld = labels.last, commonTLDs.contains(String(tld)),
              labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } }),
              !host.contains("@") else { return nil }
        return start..<end
    }
}
