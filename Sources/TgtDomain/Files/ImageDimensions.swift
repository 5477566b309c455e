/// A picture's width and height, read from the header of a PNG, JPEG, WebP or GIF file, so a
/// picture Telegram would refuse as a photo (its sides add up to more than 10,000 pixels, or
/// one is more than 20 times the other: a long screenshot) goes as a file instead. The bytes
/// are anyone's: every offset is checked, and anything unclear is nil.
public struct ImageDimensions: Sendable, Equatable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// How many leading bytes `read` looks at (a JPEG's size follows its metadata, which a
    /// camera can make long).
    public static let headLength = 256 * 1024

    /// Whether Telegram takes it as a photo: both sides at least 1, together at most 10,000,
    /// the longer at most 20 times the shorter.
    public var fitsTelegramPhoto: Bool {
        width > 0 && height > 0 && width + height <= 10_000 && max(width, height) <= 20 * min(width, height)
    }

    /// The dimensions the header gives, or nil (not one of the three, cut short, or broken).
    public static func read(_ bytes: [UInt8]) -> ImageDimensions? {
        switch MediaSniffer.sniff(Array(bytes.prefix(MediaSniffer.prefixLength))) {
        case .png?: png(bytes)
        case .jpeg?: jpeg(bytes)
        case .webp?: webp(bytes)
        case .gif?: gif(bytes)
        default: nil
        }
    }

    private static func png(_ b: [UInt8]) -> ImageDimensions? {
        // The first chunk is IHDR: width and height, 4 bytes each, big-endian.
        guard b.count >= 24, Array(b[12 ..< 16]) == Array("IHDR".utf8) else { return nil }
        return valid(Int(big32(b, 16)), Int(big32(b, 20)))
    }

    private static func jpeg(_ b: [UInt8]) -> ImageDimensions? {
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            if marker == 0x01 || (0xD0 ... 0xD9).contains(marker) { i += 2; continue }  // no length
            let length = Int(big16(b, i + 2))
            guard length >= 2 else { return nil }
            // Start of frame (baseline, progressive …; not DHT C4, JPG C8 or DAC CC).
            if (0xC0 ... 0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard i + 9 <= b.count else { return nil }
                return valid(Int(big16(b, i + 7)), Int(big16(b, i + 5)))
            }
            i += 2 + length
        }
        return nil
    }

    private static func gif(_ b: [UInt8]) -> ImageDimensions? {
        // The logical screen's width and height follow the signature, 2 bytes each, little-endian.
        guard b.count >= 10 else { return nil }
        return valid(Int(little16(b, 6)), Int(little16(b, 8)))
    }

    private static func webp(_ b: [UInt8]) -> ImageDimensions? {
        guard b.count >= 30 else { return nil }
        switch String(decoding: b[12 ..< 16], as: UTF8.self) {
        case "VP8 ":
            // A key frame's start code, then 14-bit width and height.
            guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else { return nil }
            return valid(Int(little16(b, 26) & 0x3FFF), Int(little16(b, 28) & 0x3FFF))
        case "VP8L":
            guard b[20] == 0x2F else { return nil }
            let bits = UInt32(b[21]) | UInt32(b[22]) << 8 | UInt32(b[23]) << 16 | UInt32(b[24]) << 24
            return valid(Int(bits & 0x3FFF) + 1, Int((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            let width = Int(b[24]) | Int(b[25]) << 8 | Int(b[26]) << 16
            let height = Int(b[27]) | Int(b[28]) << 8 | Int(b[29]) << 16
            return valid(width + 1, height + 1)
        default:
            return nil
        }
    }

    private static func valid(_ width: Int, _ height: Int) -> ImageDimensions? {
        width > 0 && height > 0 ? ImageDimensions(width: width, height: height) : nil
    }

    private static func big16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) << 8 | UInt16(b[at + 1]) }
    private static func little16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) | UInt16(b[at + 1]) << 8 }
    private static func big32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }
}
