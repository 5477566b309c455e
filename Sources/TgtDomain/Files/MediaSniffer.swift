/// What a file really is, read from its first bytes (never from the name or the MIME type its
/// sender claimed), and whether a browser may show it inline. Only images, video and audio
/// that browsers decode without running anything are inline types; everything else (HTML,
/// SVG, PDF, scripts, archives, unknown bytes) is a download of `application/octet-stream`.
public enum MediaSniffer {
    /// A type this product serves inline, with its MIME type.
    public enum InlineType: String, Sendable, CaseIterable {
        case jpeg = "image/jpeg"
        case png = "image/png"
        case gif = "image/gif"
        case webp = "image/webp"
        case mp4 = "video/mp4"
        case webm = "video/webm"
        case ogg = "audio/ogg"
        case mpeg = "audio/mpeg"
        case m4a = "audio/mp4"
        case wav = "audio/wav"
        /// Core Audio Format: how Apple's players and Safari take Opus (`OpusCAF`).
        case caf = "audio/x-caf"

        public var mimeType: String { rawValue }
    }

    /// How many leading bytes `sniff` needs.
    public static let prefixLength = 16

    /// The inline type the bytes begin with, or nil (serve as a download).
    public static func sniff(_ head: [UInt8]) -> InlineType? {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset ..< offset + magic.count]) == magic
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("RIFF".utf8)), starts(Array("WAVE".utf8), at: 8) { return .wav }
        if starts(Array("ftyp".utf8), at: 4), head.count >= 12 {
            let brand = String(decoding: head[8 ..< 12], as: UTF8.self)
            if ["M4A ", "M4B ", "M4P "].contains(brand) { return .m4a }
            // Video brands only: HEIC, AVIF and other ISO files are not video.
            if ["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "M4VH", "M4VP", "MSNV", "dash", "3gp4", "3gp5", "3gp6", "3g2a", "qt  "]
                .contains(brand) { return .mp4 }
            return nil
        }
        if starts([0x1A, 0x45, 0xDF, 0xA3]) { return .webm }
        if starts(Array("OggS".utf8)) { return .ogg }
        if starts(Array("caff".utf8) + [0, 1]) { return .caf }
        if starts(Array("ID3".utf8)) { return .mpeg }
        if head.count >= 2, head[0] == 0xFF, head[1] & 0xE0 == 0xE0 { return .mpeg }
        return nil
    }
}
