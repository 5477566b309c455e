/// The audio of an Ogg Opus file (RFC 3533 pages, RFC 7845 packets: how Telegram keeps voice
/// notes): its channel count and pre-skip, every audio packet's bytes and length in samples, and
/// the stream's last granule position. The bytes are anyone's: each page's lengths, sequence and
/// checksum are checked, and a stream that is not Opus, or is broken, throws; a file cut short
/// keeps the packets that arrived whole.
public struct OggOpusAudio: Sendable, Equatable {
    /// 1 (mono) or 2 (stereo): more channels (Opus multistream) are refused.
    public var channels: Int
    /// Samples (at 48 kHz) the decoder drops from the start.
    public var preSkip: Int
    /// The audio packets' bytes, one after the other.
    public var bytes: [UInt8]
    /// Each packet's length in bytes, in order (they add up to `bytes.count`).
    public var packetSizes: [Int]
    /// Each packet's length in samples at 48 kHz, read from its table-of-contents byte.
    public var packetSamples: [Int]
    /// The granule position of the page that ends the stream: the samples (pre-skip
    /// included) up to the end of its last packet, which may trim the last packet (RFC 7845
    /// section 4.4). Nil when the stream did not end (a file cut short) or said none.
    public var lastGranule: Int64?

    /// The most audio packets read (over five hours of 20 ms packets): a stream of more is
    /// refused as too long before it takes the memory of millions of tiny packets.
    public static let maxPackets = 1_000_000

    /// The samples of all the packets, pre-skip included.
    public var totalSamples: Int { packetSamples.reduce(0, +) }

    /// Reads `bytes`: the first Opus stream's audio (other streams multiplexed with it are
    /// skipped; a stream chained after its end is not read).
    public static func read(_ bytes: UnsafeRawBufferPointer, maxPackets: Int = maxPackets) throws(OpusAudioError) -> OggOpusAudio {
        var reader = Reader(maxPackets: maxPackets)
        var offset = 0
        // A page cut off by the end of the file ends the reading.
        while offset < bytes.count, let page = try OggPage(bytes, at: offset) {
            offset = page.end
            guard try reader.take(page, in: bytes) else { break }
        }
        return try reader.finish()
    }

    /// Reads `bytes` (a copy for callers holding an array).
    public static func read(_ bytes: [UInt8], maxPackets: Int = maxPackets) throws(OpusAudioError) -> OggOpusAudio {
        do {
            return try bytes.withUnsafeBytes { buffer in try read(buffer, maxPackets: maxPackets) }
        } catch let error as OpusAudioError {
            throw error
        } catch {
            throw .damaged
        }
    }

    /// The samples (at 48 kHz) an Opus packet decodes to, from its table-of-contents byte (and
    /// the frame-count byte that follows it in a code 3 packet), or nil for a packet that is
    /// not valid Opus (empty, or longer than 120 ms).
    public static func samples(inPacket packet: some Collection<UInt8>) -> Int? {
        guard let toc = packet.first else { return nil }
        let config = Int(toc >> 3)
        let perFrame = switch config {
        case 0 ... 11: [480, 960, 1920, 2880][config % 4]  // SILK: 10, 20, 40, 60 ms
        case 12 ... 15: [480, 960][config % 2]  // hybrid: 10, 20 ms
        default: [120, 240, 480, 960][config % 4]  // CELT: 2.5, 5, 10, 20 ms
        }
        let frames: Int
        switch toc & 3 {
        case 0: frames = 1
        case 1, 2: frames = 2
        default:
            guard packet.count >= 2 else { return nil }
            frames = Int(packet[packet.index(after: packet.startIndex)] & 0x3F)
        }
        let samples = perFrame * frames
        guard frames > 0, samples <= 5_760 else { return nil }
        return samples
    }

    /// Follows one logical stream through its pages: the ID header, the comment header, then
    /// audio packets.
    private struct Reader {
        enum Stage { case idHeader, commentHeader, audio }
        let maxPackets: Int
        var stage = Stage.idHeader
        var serial: UInt32?
        var nextSequence: UInt32 = 0
        var channels = 0
        var preSkip = 0
        /// A header packet being put together (the comment header may span pages).
        var header: [UInt8] = []
        var audio: [UInt8] = []
        /// Where the audio packet being put together starts in `audio`.
        var packetStart = 0
        var sizes: [Int] = []
        var samples: [Int] = []
        var lastGranule: Int64?

        /// Takes a page: false once the stream has ended.
        mutating func take(_ page: OggPage, in bytes: UnsafeRawBufferPointer) throws(OpusAudioError) -> Bool {
            if serial == nil {
                // The stream is the first whose opening page holds an Opus ID header.
                guard page.beginsStream else { throw .notOpus }
                guard page.body(in: bytes).starts(with: OpusHeader.idMagic) else { return true }
                serial = page.serial
                // Page numbers count on from the first page's (which need not be 0).
                nextSequence = page.sequence
            }
            guard page.serial == serial else { return true }
            guard page.sequence == nextSequence else { throw .damaged }
            nextSequence &+= 1
            let continues = stage == .audio ? audio.count > packetStart : !header.isEmpty
            guard page.continuesPacket == continues else { throw .damaged }
            var start = page.bodyStart
            for lacing in page.lacing {
                let segment = UnsafeRawBufferPointer(rebasing: bytes[start ..< start + lacing])
                start += lacing
                if stage == .audio { audio.append(contentsOf: segment) } else { header.append(contentsOf: segment) }
                if lacing < 255 { try endPacket() }
            }
            // Only the last page's granule position trims the end.
            if page.endsStream, stage == .audio, page.granule != -1 { lastGranule = page.granule }
            return !page.endsStream
        }

        mutating func endPacket() throws(OpusAudioError) {
            switch stage {
            case .idHeader:
                let id = try OpusHeader(header)
                channels = id.channels
                preSkip = id.preSkip
                stage = .commentHeader
            case .commentHeader:
                guard header.starts(with: OpusHeader.commentMagic) else { throw .damaged }
                stage = .audio
            case .audio:
                let packet = audio[packetStart...]
                guard let count = OggOpusAudio.samples(inPacket: packet) else { throw .damaged }
                guard sizes.count < maxPackets else { throw .tooLong }
                sizes.append(packet.count)
                samples.append(count)
                packetStart = audio.count
            }
            header = []
        }

        mutating func finish() throws(OpusAudioError) -> OggOpusAudio {
            guard serial != nil else { throw .notOpus }
            // A packet cut off by the end of the file is dropped: the rest plays.
            audio.removeSubrange(packetStart...)
            guard stage == .audio, !sizes.isEmpty else { throw .noSound }
            return OggOpusAudio(channels: channels, preSkip: preSkip, bytes: audio, packetSizes: sizes,
                                packetSamples: samples, lastGranule: lastGranule)
        }
    }
}

/// Why an Ogg Opus file's audio cannot be read.
public enum OpusAudioError: Error, Sendable, Equatable {
    /// Not an Ogg file holding Opus (Vorbis, say, or not Ogg at all).
    case notOpus
    /// Opus with more than two channels.
    case tooManyChannels(Int)
    /// One or two channels in a layout other than Opus's plain mono or stereo (several
    /// streams, or channels mapped in another order).
    case unsupportedLayout
    /// A page or packet is broken (wrong checksum, a page missing, lengths that do not add up).
    case damaged
    /// No audio packet arrived whole.
    case noSound
    /// Longer than the app remuxes in memory.
    case tooLong

    public var message: String {
        switch self {
        case .notOpus: "It is not an Opus recording."
        case let .tooManyChannels(count): "It has \(count) channels; only mono and stereo play here."
        case .unsupportedLayout: "Its channels are laid out in a way that does not play here."
        case .damaged: "Its file is damaged."
        case .noSound: "It holds no sound."
        case .tooLong: "It is too long to play here."
        }
    }
}

/// The Opus ID header (RFC 7845 section 5.1), the first packet of the stream.
struct OpusHeader {
    static let idMagic = Array("OpusHead".utf8)
    static let commentMagic = Array("OpusTags".utf8)

    var channels: Int
    var preSkip: Int

    init(_ packet: [UInt8]) throws(OpusAudioError) {
        guard packet.count >= 19, packet.starts(with: Self.idMagic) else { throw .notOpus }
        // Versions 0 to 15 share a layout; a higher major version is another format.
        guard packet[8] & 0xF0 == 0 else { throw .notOpus }
        channels = Int(packet[9])
        preSkip = Int(packet[10]) | Int(packet[11]) << 8
        let mappingFamily = packet[18]
        guard channels > 0 else { throw .damaged }
        guard channels <= 2 else { throw .tooManyChannels(channels) }
        // Family 0 is one stream, mono or stereo. Family 1 with one stream, the channels
        // coupled as in stereo and mapped in order, is the same thing (RFC 7845 section
        // 5.1.1); any other table is not.
        if mappingFamily != 0 {
            guard mappingFamily == 1, packet.count >= 21 + channels, packet[19] == 1, Int(packet[20]) == channels - 1,
                  (0 ..< channels).allSatisfy({ Int(packet[21 + $0]) == $0 })
            else { throw .unsupportedLayout }
        }
    }
}

/// One Ogg page's header (RFC 3533 section 6), its checksum checked against its contents.
struct OggPage {
    var beginsStream: Bool
    var endsStream: Bool
    var continuesPacket: Bool
    /// -1: no packet ends on this page.
    var granule: Int64
    var serial: UInt32
    var sequence: UInt32
    var lacing: [Int]
    var bodyStart: Int
    var end: Int

    /// The page at `offset`, or nil when the bytes end before it does.
    init?(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(OpusAudioError) {
        let headerLength = 27
        guard bytes.count - offset >= headerLength else { return nil }
        func byte(_ i: Int) -> UInt8 { bytes[offset + i] }
        func little(_ i: Int, _ width: Int) -> UInt64 {
            (0 ..< width).reduce(0) { $0 | UInt64(byte(i + $1)) << (8 * UInt64($1)) }
        }
        guard (0 ..< 4).allSatisfy({ byte($0) == Array("OggS".utf8)[$0] }), byte(4) == 0 else {
            throw offset == 0 ? .notOpus : .damaged
        }
        let flags = byte(5)
        continuesPacket = flags & 0x01 != 0
        beginsStream = flags & 0x02 != 0
        endsStream = flags & 0x04 != 0
        granule = Int64(bitPattern: little(6, 8))
        serial = UInt32(little(14, 4))
        sequence = UInt32(little(18, 4))
        let checksum = UInt32(little(22, 4))
        let segments = Int(byte(26))
        bodyStart = offset + headerLength + segments
        guard bytes.count >= bodyStart else { return nil }
        lacing = (0 ..< segments).map { Int(byte(headerLength + $0)) }
        end = bodyStart + lacing.reduce(0, +)
        guard bytes.count >= end else { return nil }
        guard OggChecksum.of(bytes, from: offset, to: end, checksumAt: offset + 22) == checksum else { throw .damaged }
    }

    func body(in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[bodyStart ..< end])
    }
}

/// Ogg's CRC-32 (polynomial 0x04C11DB7, not reflected, starting at 0), taken over a page with
/// its own checksum field read as zeros: what a page's reader checks and its writer fills in.
public enum OggChecksum {
    /// The checksum of a whole page, `page` (its checksum field, bytes 22 to 25, read as zeros).
    public static func of(page: [UInt8]) -> UInt32 {
        page.withUnsafeBytes { of($0, from: 0, to: page.count, checksumAt: 22) }
    }

    static let table: [UInt32] = (0 ..< 256).map { index in
        var value = UInt32(index) << 24
        for _ in 0 ..< 8 { value = value & 0x8000_0000 != 0 ? (value << 1) ^ 0x04C1_1DB7 : value << 1 }
        return value
    }

    static func of(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int, checksumAt field: Int) -> UInt32 {
        var crc: UInt32 = 0
        func add(_ byte: UInt8) { crc = (crc << 8) ^ table[Int((crc >> 24) ^ UInt32(byte))] }
        let (fieldStart, fieldEnd) = (min(max(field, start), end), min(max(field + 4, start), end))
        for index in start ..< fieldStart { add(bytes[index]) }
        for _ in fieldStart ..< fieldEnd { add(0) }
        for index in fieldEnd ..< end { add(bytes[index]) }
        return crc
    }
}
