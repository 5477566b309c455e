import FuzzSupport
import TgtDomain

/// An Ogg Opus file's audio, if it reads, is consistent, and its CAF file's chunks add up.
func checkOpus(_ bytes: UnsafeRawBufferPointer) {
    let audio: OggOpusAudio
    do {
        audio = try OggOpusAudio.read(bytes)
    } catch {
        check(!error.message.isEmpty, "an Opus error without a message")
        return
    }
    check((1 ... 2).contains(audio.channels), "\(audio.channels) channels read")
    check(!audio.packetSizes.isEmpty && audio.packetSizes.count == audio.packetSamples.count, "packet table lengths")
    check(audio.packetSizes.allSatisfy { $0 > 0 } && audio.packetSizes.reduce(0, +) == audio.bytes.count, "packet sizes do not add up to the audio")
    check(audio.packetSamples.allSatisfy { (120 ... 5_760).contains($0) }, "a packet length outside 2.5 to 120 ms")
    check(audio.bytes.count <= bytes.count, "more audio than input")
    let trim = OpusCAF.trimming(audio)
    check(trim.valid >= 0 && trim.priming >= 0 && trim.remainder >= 0, "negative trimming \(trim)")
    check(trim.valid + trim.priming + trim.remainder == audio.totalSamples, "trimming does not add up")
    let caf = OpusCAF.file(for: audio)
    check(caf.count >= 8 && Array(caf.prefix(4)) == Array("caff".utf8), "not a CAF file")
    // The chunks' sizes walk exactly to the end: desc, chan, pakt, data.
    var offset = 8
    var types: [String] = []
    while offset + 12 <= caf.count {
        types.append(String(decoding: caf[offset ..< offset + 4], as: UTF8.self))
        let size = caf[offset + 4 ..< offset + 12].reduce(0) { $0 << 8 | Int($1) }
        offset += 12 + size
    }
    check(offset == caf.count && types == ["desc", "chan", "pakt", "data"], "chunks \(types) end at \(offset) of \(caf.count)")
}

/// What the sniffer and the picture reader say of any bytes is bounded.
func checkSniffers(_ head: [UInt8]) {
    _ = MediaSniffer.sniff(Array(head.prefix(MediaSniffer.prefixLength)))
    if let size = ImageDimensions.read(head) {
        check(size.width > 0 && size.height > 0, "picture sides \(size.width) × \(size.height)")
    }
    let name = SafeFileName.make(String(decoding: head, as: UTF8.self))
    check(!name.isEmpty && name.unicodeScalars.first != "." && !name.unicodeScalars.contains("/") && !name.unicodeScalars.contains("\\") && !name.unicodeScalars.contains("\0"),
          "unsafe file name \(escaped(name))")
    check(name.count <= SafeFileName.maxLength, "file name of \(name.count) characters")
}

/// `bytes` with each whole Ogg page's checksum made right, so the fuzzer's changes reach the
/// page and packet logic behind the checksum check.
func repairingChecksums(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    var offset = 0
    while offset + 27 <= out.count, out[offset ..< offset + 4].elementsEqual("OggS".utf8) {
        let segments = Int(out[offset + 26])
        guard offset + 27 + segments <= out.count else { break }
        let end = offset + 27 + segments + out[offset + 27 ..< offset + 27 + segments].reduce(0) { $0 + Int($1) }
        guard end <= out.count else { break }
        let crc = OggChecksum.of(page: Array(out[offset ..< end]))
        out.replaceSubrange(offset + 22 ..< offset + 26, with: (0 ..< 4).map { UInt8(truncatingIfNeeded: crc >> (8 * UInt32($0))) })
        offset = end
    }
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMedia(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    checkOpus(bytes)
    repairingChecksums(Array(bytes)).withUnsafeBytes { checkOpus($0) }
    checkSniffers(Array(bytes))
    return 0
}
