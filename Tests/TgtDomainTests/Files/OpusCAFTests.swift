import Foundation
import Testing
import TgtDomain
import TgtTestSupport

/// Ogg Opus voice notes moved into CAF for Apple's players: a real opusenc recording packet for
/// packet (what ffmpeg reads back from the CAF decodes to the recording's samples), Ogg's page
/// rules (packets across pages, checksums, missing pages, other streams multiplexed or chained),
/// the packet table's trimming, and hostile or broken bytes refused with a reason.
@Suite("Opus in CAF")
struct OpusCAFTests {
    static let recording = TestRecordings.opusVoiceNote

    /// A CAF file's chunks in order: type and contents.
    static func chunks(_ caf: [UInt8]) -> [(type: String, body: [UInt8])] {
        var chunks: [(String, [UInt8])] = []
        var offset = 8
        while offset + 12 <= caf.count {
            let type = String(decoding: caf[offset ..< offset + 4], as: UTF8.self)
            let size = Int(big(caf, offset + 4, 8))
            chunks.append((type, Array(caf[offset + 12 ..< min(caf.count, offset + 12 + size)])))
            offset += 12 + size
        }
        return chunks
    }

    static func big(_ bytes: [UInt8], _ offset: Int, _ width: Int) -> UInt64 {
        bytes[offset ..< offset + width].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The packet table's variable-length integers.
    static func variableLengths(_ bytes: ArraySlice<UInt8>) -> [Int] {
        var values: [Int] = []
        var value = 0
        for byte in bytes {
            value = value << 7 | Int(byte & 0x7F)
            if byte & 0x80 == 0 {
                values.append(value)
                value = 0
            }
        }
        return values
    }

    @Test("a real recording: 51 packets of 960 samples, pre-skip as priming, the end trimmed to one second")
    func realRecording() throws {
        let audio = try OggOpusAudio.read(Self.recording)
        #expect(audio.channels == 1)
        #expect(audio.preSkip == 312)
        #expect(audio.packetSizes.count == 51)
        #expect(audio.packetSamples.allSatisfy { $0 == 960 })
        #expect(audio.packetSizes.reduce(0, +) == audio.bytes.count)
        #expect(audio.lastGranule == 48_312)

        let caf = try OpusCAF.remux(Self.recording)
        #expect(Array(caf.prefix(8)) == Array("caff".utf8) + [0, 1, 0, 0])
        let chunks = Self.chunks(caf)
        #expect(chunks.map(\.type) == ["desc", "chan", "pakt", "data"])
        let desc = chunks[0].body
        #expect(Double(bitPattern: Self.big(desc, 0, 8)) == 48_000)
        #expect(Array(desc[8 ..< 12]) == Array("opus".utf8))
        #expect(Self.big(desc, 16, 4) == 0)  // bytes per packet: they vary
        #expect(Self.big(desc, 20, 4) == 960)  // frames per packet
        #expect(Self.big(desc, 24, 4) == 1)  // channels
        #expect(chunks[1].body == [0, 100, 0, 1] + [UInt8](repeating: 0, count: 8))  // mono
        let pakt = chunks[2].body
        #expect(Self.big(pakt, 0, 8) == 51)
        #expect(Self.big(pakt, 8, 8) == 48_000)  // valid: exactly one second
        #expect(Self.big(pakt, 16, 4) == 312)  // priming: the pre-skip
        #expect(Self.big(pakt, 20, 4) == 648)  // remainder: 51 × 960 − 312 − 48,000
        #expect(Self.variableLengths(pakt[24...]) == audio.packetSizes)
        #expect(chunks[3].body == [0, 0, 0, 0] + audio.bytes)
        #expect(caf.count == 8 + chunks.reduce(0) { $0 + 12 + $1.body.count })
    }

    @Test("a packet split over two pages is whole again; packets of different lengths put each length in the table")
    func pagesAndLengths() throws {
        var stream = OggTestStream()
        stream.headers()
        let long = OggTestStream.packet(OggTestStream.celt20, size: 600)
        let short = OggTestStream.packet(OggTestStream.silk60, size: 3)
        // 255 + 255 bytes on one page, the last 90 on the next (which says it continues a packet).
        stream.page(lacing: [255, 255], body: Array(long[..<510]), granule: -1)
        stream.page(lacing: [90, 3], body: Array(long[510...]) + short, continued: true, ends: true, granule: 312 + 3_000)
        let audio = try OggOpusAudio.read(stream.bytes)
        #expect(audio.packetSizes == [600, 3])
        #expect(audio.packetSamples == [960, 2_880])
        #expect(audio.bytes == long + short)

        let chunks = Self.chunks(try OpusCAF.remux(stream.bytes))
        #expect(Self.big(chunks[0].body, 20, 4) == 0)  // frames per packet: they vary
        let pakt = chunks[2].body
        #expect(Self.variableLengths(pakt[24...]) == [600, 960, 3, 2_880])  // size, then length, per packet
        #expect(Array(pakt[24 ..< 26]) == [0x84, 0x58])  // 600 in two bytes, high bit on the first
        #expect(Self.big(pakt, 8, 8) == 3_000)
        #expect(Self.big(pakt, 20, 4) == 3_840 - 312 - 3_000)
    }

    @Test("stereo gets the stereo layout; a granule position that does not fit the packets trims nothing from the end")
    func stereoAndTrimming() throws {
        let packets = (0 ..< 6).map { _ in OggTestStream.packet(OggTestStream.celt10, size: 20) }
        let stereo = OggTestStream.stream(packets, head: OggTestStream.opusHead(channels: 2, preSkip: 100), granule: 1_000_000)
        let chunks = Self.chunks(try OpusCAF.remux(stereo))
        #expect(Self.big(chunks[0].body, 24, 4) == 2)
        #expect(Self.big(chunks[0].body, 20, 4) == 480)
        #expect(chunks[1].body == [0, 101, 0, 2] + [UInt8](repeating: 0, count: 8))
        let audio = try OggOpusAudio.read(stereo)
        #expect(OpusCAF.trimming(audio) == (valid: 6 * 480 - 100, priming: 100, remainder: 0))
        // A pre-skip longer than the sound: all of it primes, none plays.
        let short = OggTestStream.stream([OggTestStream.packet(OggTestStream.celt10)], head: OggTestStream.opusHead(preSkip: 4_000), granule: 4_000)
        #expect(OpusCAF.trimming(try OggOpusAudio.read(short)) == (valid: 0, priming: 480, remainder: 0))
    }

    @Test("another stream multiplexed with the voice note is skipped, and a stream chained after its end is not read")
    func otherStreams() throws {
        var stream = OggTestStream()
        let video = Array("\u{80}theora".utf8) + [UInt8](repeating: 1, count: 30)
        stream.page(lacing: OggTestStream.lacing(video.count), body: video, begins: true, granule: 0, serial: 99)
        stream.headers()
        stream.page(lacing: [10], body: [UInt8](repeating: 2, count: 10), granule: 5, serial: 99)
        let first = OggTestStream.packet(OggTestStream.celt20, size: 11)
        stream.page([first], ends: true, granule: 960)
        var chained = OggTestStream(serial: 8)
        chained.headers()
        chained.page([OggTestStream.packet(OggTestStream.celt20)], ends: true, granule: 960)
        let audio = try OggOpusAudio.read(stream.bytes + chained.bytes)
        #expect(audio.packetSizes == [11])
        #expect(audio.bytes == first)
    }

    @Test("a file cut short keeps the packets that arrived whole")
    func cutShort() throws {
        let packets = (0 ..< 8).map { OggTestStream.packet(OggTestStream.celt20, size: 30 + $0) }
        let whole = OggTestStream.stream(packets)
        let full = try OggOpusAudio.read(whole)
        #expect(full.packetSizes.count == 8)
        // Into the last page's body, then into its header: the first page of audio remains.
        for cut in [whole.count - 10, whole.count - 4 * 34 - 20] {
            let audio = try OggOpusAudio.read(Array(whole[..<cut]))
            #expect(audio.packetSizes == Array(full.packetSizes.prefix(4)))
            #expect(audio.bytes == Array(full.bytes.prefix(full.packetSizes.prefix(4).reduce(0, +))))
        }
        // A packet whose end never came is dropped.
        var stream = OggTestStream()
        stream.headers()
        stream.page(lacing: [20, 255], body: OggTestStream.packet(OggTestStream.celt20, size: 20) + [UInt8](repeating: 0xF8, count: 255))
        #expect(try OggOpusAudio.read(stream.bytes).packetSizes == [20])
    }

    @Test("what is not an Opus recording, or is broken, is refused with a reason", arguments: [
        ("Vorbis", OggTestStreamCase.vorbis, OpusAudioError.notOpus),
        ("a PNG", .png, .notOpus),
        ("nothing", .empty, .notOpus),
        ("Opus version 16", .version16, .notOpus),
        ("three channels", .threeChannels, .tooManyChannels(3)),
        ("a changed byte", .changedByte, .damaged),
        ("a page missing", .pageMissing, .damaged),
        ("a page that says it continues nothing", .falseContinuation, .damaged),
        ("garbage after the first page", .garbage, .damaged),
        ("an empty packet", .emptyPacket, .damaged),
        ("a packet of 140 ms", .tooManyFrames, .damaged),
        ("headers only", .headersOnly, .noSound),
        ("no comment header", .noTags, .damaged),
    ])
    func refused(_ what: String, _ input: OggTestStreamCase, _ error: OpusAudioError) {
        #expect(throws: error, "\(what)") { _ = try OpusCAF.remux(input.bytes) }
        #expect(!error.message.isEmpty)
    }

    @Test("an end trim longer than the last packet, or a stream ending at 0, trims nothing (no trap); one inside the last packet trims it")
    func endTrims() throws {
        let packets = (0 ..< 10).map { _ in OggTestStream.packet(OggTestStream.celt20) }
        // Ending at 0 after 10 packets would trim 9,600 samples: more than the last packet holds.
        let zero = try OggOpusAudio.read(OggTestStream.stream(packets, head: OggTestStream.opusHead(preSkip: 0), granule: 0))
        #expect(OpusCAF.trimming(zero) == (valid: 9_600, priming: 0, remainder: 0))
        let chunks = Self.chunks(OpusCAF.file(for: zero))
        #expect(Self.big(chunks[2].body, 20, 4) == 0)
        let inside = try OggOpusAudio.read(OggTestStream.stream(packets, head: OggTestStream.opusHead(preSkip: 100), granule: 9_000))
        #expect(OpusCAF.trimming(inside) == (valid: 8_900, priming: 100, remainder: 600))
        // Only the page that ends the stream trims: a file cut short trims nothing.
        let whole = OggTestStream.stream(packets)
        let cut = try OggOpusAudio.read(Array(whole.dropLast(5)))
        #expect(cut.lastGranule == nil && OpusCAF.trimming(cut).remainder == 0)
    }

    @Test("more packets than the limit are refused as too long; page numbers may start anywhere; family 1 plain stereo plays, another layout does not")
    func limitsAndLayouts() throws {
        let packets = (0 ..< 12).map { _ in OggTestStream.packet(OggTestStream.celt10, size: 3) }
        #expect(throws: OpusAudioError.tooLong) { _ = try OggOpusAudio.read(OggTestStream.stream(packets), maxPackets: 10) }
        #expect(try OggOpusAudio.read(OggTestStream.stream(packets), maxPackets: 12).packetSizes.count == 12)

        var late = OggTestStream()
        late.sequence = 1_000
        late.headers()
        late.page([OggTestStream.packet(OggTestStream.celt20)], ends: true, granule: 960)
        #expect(try OggOpusAudio.read(late.bytes).packetSizes.count == 1)

        // Family 1: one stream, one coupled pair, channels in order — stereo by another name.
        let familyOne = Array("OpusHead".utf8) + [1, 2, 0x38, 0x01, 0x80, 0xBB, 0, 0, 0, 0, 1, 1, 1, 0, 1]
        #expect(try OggOpusAudio.read(OggTestStream.stream(packets, head: familyOne)).channels == 2)
        let twoStreams = Array("OpusHead".utf8) + [1, 2, 0x38, 0x01, 0x80, 0xBB, 0, 0, 0, 0, 1, 2, 0, 0, 1]
        let swapped = Array("OpusHead".utf8) + [1, 2, 0x38, 0x01, 0x80, 0xBB, 0, 0, 0, 0, 1, 1, 1, 1, 0]
        for head in [twoStreams, swapped] {
            #expect(throws: OpusAudioError.unsupportedLayout) { _ = try OggOpusAudio.read(OggTestStream.stream(packets, head: head)) }
        }
    }

    @Test("a file over the limit is refused before it is read")
    func tooLong() {
        let large = [UInt8](repeating: 0, count: OpusCAF.maxInputBytes + 1)
        #expect(throws: OpusAudioError.tooLong) { _ = try OpusCAF.remux(large) }
    }

    @Test("an Opus packet's length comes from its table-of-contents byte", arguments: [
        ([OggTestStream.celt20], 960), ([OggTestStream.silk60], 2_880), ([OggTestStream.celt10], 480),
        ([UInt8(12 << 3)], 480), ([UInt8(13 << 3 | 1)], 1_920), ([UInt8(16 << 3 | 2)], 240),
        ([UInt8(31 << 3 | 3), 6], 5_760),
    ])
    func packetLengths(_ packet: [UInt8], _ samples: Int) {
        #expect(OggOpusAudio.samples(inPacket: packet) == samples)
    }

    @Test("streams of random pages, packets and lengths are read or refused, never more")
    func randomStreams() {
        var random = SeededRandom(seed: 23)
        var (read, refused) = (0, 0)
        for _ in 0 ..< 400 {
            var stream = OggTestStream()
            stream.headers(OggTestStream.opusHead(channels: [0, 1, 1, 2, 2, 3].randomElement(using: &random) ?? 1, preSkip: UInt16.random(in: 0 ... 9_000, using: &random)))
            // A page continues a packet when the last ended on a full segment, but not always.
            var pending = false
            for _ in 0 ..< Int.random(in: 0 ... 5, using: &random) {
                let lacing = (0 ..< Int.random(in: 0 ... 4, using: &random)).map { _ in [0, 2, 5, 5, 40, 40, 40, 255, 255].randomElement(using: &random) ?? 0 }
                // Mostly one-frame packets (code 0), now and then any first byte.
                let mask: UInt8 = random.next() % 4 == 0 ? 0xFF : 0xFC
                let body = (0 ..< lacing.reduce(0, +)).map { _ in UInt8.random(in: 0 ... 255, using: &random) & mask }
                stream.page(lacing: lacing, body: body, continued: pending != (random.next() % 8 == 0), ends: random.next() % 6 == 0,
                            granule: Int64.random(in: -1 ... 20_000, using: &random))
                if let last = lacing.last { pending = last == 255 }
            }
            do {
                let audio = try OggOpusAudio.read(stream.bytes)
                let trim = OpusCAF.trimming(audio)
                #expect(trim.valid >= 0 && trim.remainder >= 0 && trim.valid + trim.priming + trim.remainder == audio.totalSamples)
                #expect(audio.packetSizes.reduce(0, +) == audio.bytes.count)
                let caf = OpusCAF.file(for: audio)
                #expect(Self.chunks(caf).map(\.type) == ["desc", "chan", "pakt", "data"])
                read += 1
            } catch {
                #expect(!error.message.isEmpty)
                refused += 1
            }
        }
        // Both ways were taken, often.
        #expect(read > 40 && refused > 40, "\(read) read, \(refused) refused")
    }
}

/// Inputs the remux refuses.
enum OggTestStreamCase: Sendable, CustomTestStringConvertible {
    case vorbis, png, empty, version16, threeChannels, changedByte, pageMissing, falseContinuation, garbage
    case emptyPacket, tooManyFrames, headersOnly, noTags

    var testDescription: String { "\(self)" }

    var bytes: [UInt8] {
        let packets = (0 ..< 8).map { _ in OggTestStream.packet(OggTestStream.celt20) }
        switch self {
        case .vorbis:
            var stream = OggTestStream()
            stream.page([Array("\u{1}vorbis".utf8) + [UInt8](repeating: 0, count: 23)], begins: true, granule: 0)
            return stream.bytes
        case .png: return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 40)
        case .empty: return []
        case .version16: return OggTestStream.stream(packets, head: OggTestStream.opusHead(version: 16))
        case .threeChannels: return OggTestStream.stream(packets, head: OggTestStream.opusHead(channels: 3, family: 1))
        case .changedByte:
            var bytes = OggTestStream.stream(packets)
            bytes[bytes.count - 5] ^= 0x01
            return bytes
        case .pageMissing:
            var stream = OggTestStream()
            stream.headers()
            stream.page([packets[0]])
            stream.sequence += 1
            stream.page([packets[1]], ends: true, granule: 1_920)
            return stream.bytes
        case .falseContinuation:
            var stream = OggTestStream()
            stream.headers()
            stream.page(lacing: [40], body: packets[0], continued: true, ends: true, granule: 960)
            return stream.bytes
        case .garbage:
            var stream = OggTestStream()
            stream.headers()
            return stream.bytes + [UInt8](repeating: 0x41, count: 64)
        case .emptyPacket: return OggTestStream.stream([packets[0], [], packets[1]])
        case .tooManyFrames: return OggTestStream.stream([[31 << 3 | 3, 7] + [UInt8](repeating: 0, count: 20)])
        case .headersOnly:
            var stream = OggTestStream()
            stream.headers()
            return stream.bytes
        case .noTags:
            var stream = OggTestStream()
            stream.page([OggTestStream.opusHead()], begins: true, granule: 0)
            stream.page([packets[0]], ends: true, granule: 960)
            return stream.bytes
        }
    }
}
