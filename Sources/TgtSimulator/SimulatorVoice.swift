import Foundation
import TgtDomain

/// Recordings the simulator's voice notes are made of: real Opus, as Telegram's are.
public enum SimulatorRecordings {
    /// One second of a 440 Hz tone, mono, 6 kbit/s, 20 ms packets: `opusenc --bitrate 6 --comp 10
    /// --framesize 20` (libopus 1.3.1). ffprobe reads 51 packets and 48,312 samples (pre-skip 312).
    public static let tone: [UInt8] = {
        let text = [
        "T2dnUwACAAAAAAAAAAAz8UlAAAAAAF5Iq9YBE09wdXNIZWFkAQE4AYC7AAAAAABPZ2dTAAAAAAAAAAAAADPxSUABAAAAh7TTuwP/",
        "//5PcHVzVGFncx8AAABsaWJvcHVzIDEuMy4xLCBsaWJvcHVzZW5jIDAuMi4xAgAAACMAAABFTkNPREVSPW9wdXNlbmMgZnJvbSBv",
        "cHVzLXRvb2xzIDAuMjQAAABFTkNPREVSX09QVElPTlM9LS1iaXRyYXRlIDYgLS1mcmFtZXNpemUgMjAgLS1jb21wIDEwAAAAAAAA",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "AAAAAAAAAAAAAAAAAAAAAE9nZ1MAAIC7AAAAAAAAM/FJQAIAAAB02LB7Mg0VExIQDw0QEBAPExISEBIODxMQDg0OFhcMDg4ODQ4P",
        "DA0NCw0MDQ0ODgsLDA4MCw0NCINtgtAc/epJ/gE/wAinGl2KmC5fWspQj0PpJrkNsG40QAihLxDkXfvcBAxIvcap4Y+Dh0AIoTjQ",
        "dzKqVz3/XFtn7EHwh4AIoTjQdzKqXlgh3SiI4cNACKFIA0bVUnPaiQlRYtZYCKE40HcyqlwzVzYLOQihLxDkXfvcBvI+vXWEjBAI",
        "oTjQdzKqVr1bWvlXq15QCKE40Hcyqmb1W80andvvYgihLxDkXfvF3pCme/VaIAihONB3MqpWmfIYN7F5dcGmTNAIoTjQdzKqXlLM",
        "GuRYSjgAIXgIoTjQdzKqVr7yIHSBnXEvEIIIoTjQdzKqXqnVBoVxON2nCKFIA0bVUn1a6rP1iz+0bpfACKE40Hcyql6puJx1TYAI",
        "oS8Q5F3738uAbgjJVUAIoTjO/AZGOE9PlUJxTLJoyFoUCKE40Hcyql6QAeaw70vZNwihSANG1VJz2oR/vJxMCKE40Hcyql6puILt",
        "wAihLxDkXfvfy3v7xejQCKL5JTToqUdFTArZLJaW41E7mQJvsAikSLrsSrIDOFpXu7dwA7501f2VWbUzCKPT5LHlsyDtbgi7CKPT",
        "5LG7ApCGsz25drAIo9PkseWzIO11GXmDQAij0+Sx5bMg7W4NoFnACKKBLvwCMxg2xTnyoAg6lEWeMTDIS8N+2T3QCDquAmrKg4eH",
        "p7mlEBhACDtktZ4xOJquhw4oCDtktZ4xOKDk4L8GQAg7ZLWeLzBG6rdoCvAIO2S1ni8AgBpOwAg7YXainmc3ZBWNbmEIO2S1njE4",
        "mq6HDygIO2S1njEwvxkCbxsYCDtktZ4vMFNMu+wE2Ag7ZLWeLvtyjyZHV3qzCDthdqKeS+qRcAW5TZAIO2S1njE85lcznQg7ZLWe",
        "MTBG0b3ZCDtktZ4vMEZnB0g3CDtktZ4u+wyOuc+V9EAIO2F2op5nUadxGGMIO2S1njE4n7OU7Qg7ZLWeMTC/GQJvGxgIO2S1ni8w",
        "U0y77ATYT2dnUwAEuLwAAAAAAAAz8UlAAwAAAFQNtXwBFwgF9EI+l6cfdIQDf3j6b+yrfQ6vX3No",
        ].joined()
        return Data(base64Encoded: text).map { [UInt8]($0) } ?? []
    }()
}

/// A voice note's file as Telegram keeps it: Opus in Ogg, mono at 48 kHz, one page a second.
/// Its sound is `SimulatorRecordings.tone` over and over; each 20 ms packet is padded (as Opus
/// allows) to `packetSize` bytes, so a note weighs what a real one does (8 KB a second) and a
/// download of it takes long enough to watch.
enum SimulatorVoice {
    static let packetSize = 160
    static let preSkip = 312

    /// `seconds` (at least 1) of the tone.
    static func ogg(seconds: Int) -> Data {
        let packets = tonePackets
        var pages = OggPages(serial: 0x5445_4C45)
        pages.add([head], beginsStream: true, granule: 0)
        pages.add([tags], granule: 0)
        var samples: Int64 = 0
        let count = max(1, seconds)
        for second in 0 ..< count {
            samples += Int64(packets.count * 960)
            pages.add(packets.map(padded), endsStream: second == count - 1, granule: samples)
        }
        return Data(pages.bytes)
    }

    /// The tone's first second of 20 ms packets (its last, trimmed one left out).
    private static let tonePackets: [[UInt8]] = {
        guard let audio = try? OggOpusAudio.read(SimulatorRecordings.tone) else { return [] }
        var start = 0
        return audio.packetSizes.prefix(50).map { size in
            defer { start += size }
            return Array(audio.bytes[start ..< start + size])
        }
    }()

    /// A one-frame packet as a code 3 packet (one frame, constant bitrate) with padding, of
    /// `packetSize` bytes (RFC 6716 section 3.2.5); longer packets are left as they are.
    static func padded(_ packet: [UInt8]) -> [UInt8] {
        guard let toc = packet.first, toc & 3 == 0 else { return packet }
        let padding = packetSize - 3 - (packet.count - 1)
        guard (0 ... 254).contains(padding) else { return packet }
        return [toc | 3, 0x41, UInt8(padding)] + packet.dropFirst() + [UInt8](repeating: 0, count: padding)
    }

    /// RFC 7845's ID header: version 1, mono, the pre-skip, 48 kHz input, no gain, family 0.
    private static var head: [UInt8] {
        Array("OpusHead".utf8) + [1, 1, UInt8(preSkip & 0xFF), UInt8(preSkip >> 8), 0x80, 0xBB, 0, 0, 0, 0, 0]
    }

    /// The comment header: the vendor, no comments.
    private static var tags: [UInt8] {
        let vendor = Array("tgt simulator".utf8)
        return Array("OpusTags".utf8) + [UInt8(vendor.count), 0, 0, 0] + vendor + [0, 0, 0, 0]
    }
}

/// Ogg pages (RFC 3533) of one logical stream, each holding whole packets.
struct OggPages {
    let serial: UInt32
    private(set) var bytes: [UInt8] = []
    private var sequence: UInt32 = 0

    init(serial: UInt32) { self.serial = serial }

    mutating func add(_ packets: [[UInt8]], beginsStream: Bool = false, endsStream: Bool = false, granule: Int64) {
        let lacing = packets.flatMap { [UInt8](repeating: 255, count: $0.count / 255) + [UInt8($0.count % 255)] }
        var page = Array("OggS".utf8) + [0, (beginsStream ? 2 : 0) | (endsStream ? 4 : 0)]
        page += Self.little(UInt64(bitPattern: granule), 8) + Self.little(UInt64(serial), 4) + Self.little(UInt64(sequence), 4)
        page += [0, 0, 0, 0, UInt8(lacing.count)] + lacing + packets.flatMap { $0 }
        page.replaceSubrange(22 ..< 26, with: Self.little(UInt64(OggChecksum.of(page: page)), 4))
        bytes += page
        sequence += 1
    }

    private static func little(_ value: UInt64, _ width: Int) -> [UInt8] {
        (0 ..< width).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
