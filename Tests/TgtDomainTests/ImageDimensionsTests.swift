import Testing
import TgtDomain

/// Picture sizes read from headers (PNG, JPEG after long metadata, the three WebP kinds, GIF), hostile
/// and cut-short bytes answered with nil, and Telegram's rule for what a photo may be.
@Suite("Image dimensions")
struct ImageDimensionsTests {
    static func png(_ width: UInt32, _ height: UInt32) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0]
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }

    /// SOI, an APP1 of `metadata` bytes, a DQT, then SOF2 (progressive) with the sides.
    static func jpeg(width: Int, height: Int, metadata: Int = 30_000) -> [UInt8] {
        var b: [UInt8] = [0xFF, 0xD8]
        b += [0xFF, 0xE1] + be16(metadata + 2) + [UInt8](repeating: 0xAB, count: metadata)
        b += [0xFF, 0xDB] + be16(67) + [UInt8](repeating: 1, count: 65)
        b += [0xFF, 0xC2] + be16(17) + [8] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        return b + [0xFF, 0xD9]
    }

    static func webp(_ chunk: String, _ body: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array(chunk.utf8) + [0, 0, 0, 0] + body + [UInt8](repeating: 0, count: 16)
    }

    @Test("PNG, JPEG past 30 KB of metadata, and WebP (lossy, lossless, extended) give their sides")
    func reads() {
        #expect(ImageDimensions.read(Self.png(1080, 24_000)) == ImageDimensions(width: 1080, height: 24_000))
        #expect(ImageDimensions.read(Self.jpeg(width: 4032, height: 3024)) == ImageDimensions(width: 4032, height: 3024))
        // VP8: 3 bytes of frame tag, the start code, 14-bit sides.
        #expect(ImageDimensions.read(Self.webp("VP8 ", [0, 0, 0, 0x9D, 0x01, 0x2A, 0x80, 0x02, 0xE0, 0x01])) == ImageDimensions(width: 640, height: 480))
        // VP8L: the signature, then width-1 and height-1 in 14 bits each (here 800 × 600).
        let bits = UInt32(799) | UInt32(599) << 14
        #expect(ImageDimensions.read(Self.webp("VP8L", [0x2F, UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24)]))
            == ImageDimensions(width: 800, height: 600))
        // VP8X: flags, then the canvas's width-1 and height-1 in 24 bits each.
        #expect(ImageDimensions.read(Self.webp("VP8X", [0, 0, 0, 0, 0x7F, 0x07, 0, 0x37, 0x04, 0])) == ImageDimensions(width: 1920, height: 1080))
        // GIF: the logical screen's sides after the signature, little-endian.
        #expect(ImageDimensions.read(Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00, 0, 0, 0]) == ImageDimensions(width: 320, height: 240))
        #expect(ImageDimensions.read(Array("GIF87a".utf8) + [0x40, 0x01]) == nil, "cut short")
    }

    @Test("cut short, broken or not a picture: nil, never a crash")
    func hostile() {
        #expect(ImageDimensions.read(Array(Self.png(10, 10).prefix(20))) == nil)
        #expect(ImageDimensions.read(Array(Self.jpeg(width: 10, height: 10).prefix(30_010))) == nil)
        #expect(ImageDimensions.read([0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x00]) == nil)  // a length below 2
        #expect(ImageDimensions.read([0xFF, 0xD8, 0x00, 0x00, 0xFF, 0xC0]) == nil)  // no marker where one must be
        #expect(ImageDimensions.read(Self.png(0, 100)) == nil)
        #expect(ImageDimensions.read(Array("GIF89a".utf8) + [0, 0, 10, 0]) == nil, "a GIF of width 0")
        #expect(ImageDimensions.read(Array("<svg width=10 height=10>".utf8)) == nil, "not a picture it reads")
        #expect(ImageDimensions.read([]) == nil)
        #expect(ImageDimensions.read(Array(Self.webp("VP8 ", [0, 0, 0, 1, 2, 3, 4, 5, 6, 7]).prefix(29))) == nil)
    }

    @Test("Telegram's photo rule: sides together at most 10,000, the longer at most 20 times the shorter")
    func telegramRule() {
        #expect(ImageDimensions(width: 4032, height: 3024).fitsTelegramPhoto)
        #expect(ImageDimensions(width: 5000, height: 5000).fitsTelegramPhoto)
        #expect(!ImageDimensions(width: 5000, height: 5001).fitsTelegramPhoto)
        #expect(ImageDimensions(width: 400, height: 8000).fitsTelegramPhoto)
        #expect(!ImageDimensions(width: 399, height: 8000).fitsTelegramPhoto)
        #expect(!ImageDimensions(width: 1080, height: 24_000).fitsTelegramPhoto)
    }
}
