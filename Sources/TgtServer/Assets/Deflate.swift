import Foundation

/// Deflate (RFC 1951) with the fixed Huffman codes, matching each byte run against a few given
/// distances only (for an image: the previous pixel and the row above). Not a general-purpose
/// compressor, but it shrinks the app icon's flat colours from 1 MB to a few kilobytes at 512 px.
enum Deflate {
    /// One final block of fixed-code deflate data for `data`.
    static func compress(_ data: [UInt8], distances: [Int]) -> [UInt8] {
        var out = BitWriter()
        out.write(1, bits: 1) // the final block
        out.write(1, bits: 2) // fixed Huffman codes
        let candidates = distances.filter { $0 > 0 && $0 <= 32768 }.sorted()
        var i = 0
        while i < data.count {
            var best = (length: 0, distance: 0)
            for distance in candidates where distance <= i {
                var length = 0
                while length < 258, i + length < data.count, data[i + length] == data[i + length - distance] { length += 1 }
                if length > best.length { best = (length, distance) }
            }
            if best.length >= 3 {
                out.match(length: best.length, distance: best.distance)
                i += best.length
            } else {
                out.symbol(Int(data[i]))
                i += 1
            }
        }
        out.symbol(256) // end of block
        return out.finish()
    }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                               4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// Bits packed from the least significant end of each byte, as deflate wants them.
    struct BitWriter {
        var bytes: [UInt8] = []
        var buffer: UInt64 = 0
        var count = 0

        mutating func write(_ value: Int, bits: Int) {
            buffer |= UInt64(value) << UInt64(count)
            count += bits
            while count >= 8 {
                bytes.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                count -= 8
            }
        }

        /// A Huffman code: most significant bit first.
        mutating func code(_ value: Int, bits: Int) {
            var reversed = 0
            for bit in 0..<bits where value & (1 << bit) != 0 { reversed |= 1 << (bits - 1 - bit) }
            write(reversed, bits: bits)
        }

        /// A literal byte, a length code or the end of the block, in the fixed code.
        mutating func symbol(_ symbol: Int) {
            switch symbol {
            case 0...143: code(0x30 + symbol, bits: 8)
            case 144...255: code(0x190 + symbol - 144, bits: 9)
            case 256...279: code(symbol - 256, bits: 7)
            default: code(0xC0 + symbol - 280, bits: 8)
            }
        }

        /// "Copy `length` bytes from `distance` back" (length 3…258, distance 1…32768).
        mutating func match(length: Int, distance: Int) {
            let l = (lengthBase.lastIndex { $0 <= length }) ?? 0
            symbol(257 + l)
            write(length - lengthBase[l], bits: lengthExtra[l])
            let d = (distanceBase.lastIndex { $0 <= distance }) ?? 0
            code(d, bits: 5)
            write(distance - distanceBase[d], bits: distanceExtra[d])
        }

        /// The bytes, the last one padded with zero bits.
        mutating func finish() -> [UInt8] {
            if count > 0 { bytes.append(UInt8(buffer & 0xFF)) }
            buffer = 0
            count = 0
            return bytes
        }
    }
}
