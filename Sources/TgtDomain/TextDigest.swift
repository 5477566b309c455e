/// A short fingerprint of a message text (64-bit FNV-1a of its UTF-8, as 16 hex digits).
///
/// Not a security hash: it only lets a later process recognise, among the messages TDLib is
/// still sending after a crash, the one a send log row handed over, without keeping the text.
public enum TextDigest {
    public static func of(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
