/// An Ogg Opus recording (a Telegram voice note) moved, packet for packet and without
/// re-encoding, into a Core Audio Format file: Apple's players play Opus in CAF but not in Ogg.
/// The file has the audio description (48 kHz Opus), the channel layout, the packet table
/// (each packet's size, and its length when they differ; the pre-skip as priming frames and the
/// end trimmed as the granule position says) and the audio data, in that order.
public enum OpusCAF {
    /// The largest Ogg file remuxed (it is held in memory twice): about two hours of speech.
    public static let maxInputBytes = 64 * 1024 * 1024

    /// The CAF file for the Ogg Opus file `ogg`.
    public static func remux(_ ogg: UnsafeRawBufferPointer) throws(OpusAudioError) -> [UInt8] {
        guard ogg.count <= maxInputBytes else { throw .tooLong }
        return file(for: try OggOpusAudio.read(ogg))
    }

    /// The CAF file for the Ogg Opus file `ogg` (a copy for callers holding an array).
    public static func remux(_ ogg: [UInt8]) throws(OpusAudioError) -> [UInt8] {
        guard ogg.count <= maxInputBytes else { throw .tooLong }
        return file(for: try OggOpusAudio.read(ogg))
    }

    /// The CAF file holding `audio`'s packets.
    public static func file(for audio: OggOpusAudio) -> [UInt8] {
        let samples = audio.packetSamples
        // One length for every packet goes in the description; otherwise each packet's is in the table.
        let constant = samples.allSatisfy { $0 == samples.first } ? samples.first ?? 0 : 0
        var out = Array("caff".utf8)
        out.big(UInt16(1))  // version
        out.big(UInt16(0))  // flags

        out.chunk("desc") { desc in
            desc.big(Double(48_000).bitPattern)
            desc.append(contentsOf: Array("opus".utf8))
            desc.big(UInt32(0))  // format flags
            desc.big(UInt32(0))  // bytes per packet: they vary
            desc.big(UInt32(constant))  // frames per packet
            desc.big(UInt32(audio.channels))
            desc.big(UInt32(0))  // bits per channel: compressed
        }
        out.chunk("chan") { chan in
            // kAudioChannelLayoutTag_Mono (100 << 16 | 1) or _Stereo (101 << 16 | 2), no bitmap or descriptions.
            chan.big(UInt32(audio.channels == 1 ? 100 << 16 | 1 : 101 << 16 | 2))
            chan.big(UInt32(0))
            chan.big(UInt32(0))
        }
        let trim = trimming(audio)
        out.chunk("pakt") { pakt in
            pakt.big(UInt64(audio.packetSizes.count))
            pakt.big(UInt64(trim.valid))
            pakt.big(UInt32(clamping: trim.priming))
            pakt.big(UInt32(clamping: trim.remainder))
            for (size, length) in zip(audio.packetSizes, samples) {
                pakt.variableLength(size)
                if constant == 0 { pakt.variableLength(length) }
            }
        }
        // The audio goes straight in (it is most of the file), after the edit count.
        out.reserveCapacity(out.count + 16 + audio.bytes.count)
        out.append(contentsOf: Array("data".utf8))
        out.big(UInt64(4 + audio.bytes.count))
        out.big(UInt32(0))
        out.append(contentsOf: audio.bytes)
        return out
    }

    /// The samples played (`valid`), dropped from the start (`priming`: the pre-skip, at most
    /// 65,535) and from the end (`remainder`: part of the last packet, at most 5,760), from the
    /// granule position the stream ended with. One that trims more than the last packet, or
    /// does not fit the packets (a stream that did not start at zero, or a broken one), trims
    /// nothing (RFC 7845 section 4.4: such an end trim is an error).
    public static func trimming(_ audio: OggOpusAudio) -> (valid: Int, priming: Int, remainder: Int) {
        let total = audio.totalSamples
        let priming = min(audio.preSkip, total)
        let lastPacket = audio.packetSamples.last ?? 0
        var valid = total - priming
        if let granule = audio.lastGranule, granule >= Int64(priming), granule - Int64(priming) <= Int64(valid),
           Int64(valid) - (granule - Int64(priming)) <= Int64(lastPacket)
        {
            valid = Int(granule) - priming
        }
        return (valid, priming, total - priming - valid)
    }
}

extension [UInt8] {
    fileprivate mutating func big(_ value: some FixedWidthInteger) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }

    /// A chunk: its four-letter type, its size (8 bytes), then what `body` writes.
    fileprivate mutating func chunk(_ type: String, _ body: (inout [UInt8]) -> Void) {
        var content: [UInt8] = []
        body(&content)
        append(contentsOf: Array(type.utf8))
        big(UInt64(content.count))
        append(contentsOf: content)
    }

    /// CAF's variable-length integer: 7 bits a byte, most significant first, the high bit set
    /// on every byte but the last.
    fileprivate mutating func variableLength(_ value: Int) {
        var groups = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest > 0 {
            groups.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        append(contentsOf: groups.reversed())
    }
}
