/// Ogg Opus streams written page by page for the tests: the ID and comment headers, audio
/// packets of a chosen table-of-contents byte, pages that split a packet, and each page's
/// checksum (computed bit by bit here, apart from the reader's table).
struct OggTestStream {
    var serial: UInt32 = 7
    var sequence: UInt32 = 0
    var bytes: [UInt8] = []

    /// 20 ms of CELT (config 31, one frame).
    static let celt20: UInt8 = 31 << 3
    /// 60 ms of SILK (config 3, one frame).
    static let silk60: UInt8 = 3 << 3
    /// 10 ms of CELT (config 30, one frame).
    static let celt10: UInt8 = 30 << 3

    static func opusHead(channels: UInt8 = 1, preSkip: UInt16 = 312, family: UInt8 = 0, version: UInt8 = 1) -> [UInt8] {
        Array("OpusHead".utf8) + [version, channels, UInt8(preSkip & 0xFF), UInt8(preSkip >> 8), 0x80, 0xBB, 0, 0, 0, 0, family]
            + (family == 0 ? [] : [1, 0] + (0 ..< channels).map { $0 })
    }

    static let opusTags = Array("OpusTags".utf8) + [4, 0, 0, 0] + Array("test".utf8) + [0, 0, 0, 0]

    /// An audio packet: `toc`, then `size - 1` bytes.
    static func packet(_ toc: UInt8, size: Int = 40) -> [UInt8] {
        [toc] + [UInt8](repeating: 0x5A, count: max(0, size - 1))
    }

    /// The lacing values of a whole packet.
    static func lacing(_ length: Int) -> [Int] {
        [Int](repeating: 255, count: length / 255) + [length % 255]
    }

    /// A page of `lacing` over `body`.
    mutating func page(lacing: [Int], body: [UInt8], continued: Bool = false, begins: Bool = false, ends: Bool = false,
                       granule: Int64 = -1, serial: UInt32? = nil) {
        let flags = UInt8(continued ? 1 : 0) | (begins ? 2 : 0) | (ends ? 4 : 0)
        var page = Array("OggS".utf8) + [0, flags]
        page += Self.little(UInt64(bitPattern: granule), 8)
        page += Self.little(UInt64(serial ?? self.serial), 4)
        page += Self.little(UInt64(sequence), 4)
        page += [0, 0, 0, 0, UInt8(lacing.count)] + lacing.map { UInt8($0) } + body
        let crc = Self.checksum(page)
        page.replaceSubrange(22 ..< 26, with: Self.little(UInt64(crc), 4))
        bytes += page
        if serial == nil { sequence += 1 }
    }

    /// A page of whole packets.
    mutating func page(_ packets: [[UInt8]], begins: Bool = false, ends: Bool = false, granule: Int64 = -1) {
        page(lacing: packets.flatMap { Self.lacing($0.count) }, body: packets.flatMap { $0 }, begins: begins, ends: ends, granule: granule)
    }

    /// The two header pages.
    mutating func headers(_ head: [UInt8] = opusHead()) {
        page([head], begins: true, granule: 0)
        page([Self.opusTags], granule: 0)
    }

    /// A whole stream: headers, then `packets` four to a page, the last page ending the stream
    /// at `granule` (default: every sample of the packets).
    static func stream(_ packets: [[UInt8]], head: [UInt8] = opusHead(), granule: Int64? = nil) -> [UInt8] {
        var stream = OggTestStream()
        stream.headers(head)
        var samples: Int64 = 0
        let pages = stride(from: 0, to: packets.count, by: 4).map { Array(packets[$0 ..< min($0 + 4, packets.count)]) }
        for (index, page) in pages.enumerated() {
            samples += Int64(page.count) * 960
            let last = index == pages.count - 1
            stream.page(page, ends: last, granule: last ? granule ?? samples : samples)
        }
        return stream.bytes
    }

    static func little(_ value: UInt64, _ width: Int) -> [UInt8] {
        (0 ..< width).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0
        for byte in bytes {
            crc ^= UInt32(byte) << 24
            for _ in 0 ..< 8 { crc = crc & 0x8000_0000 != 0 ? (crc << 1) ^ 0x04C1_1DB7 : crc << 1 }
        }
        return crc
    }
}
