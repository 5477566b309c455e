/// A QR Code symbol (ISO/IEC 18004) for a string, encoded in byte mode: the matrix of dark and
/// light modules, ready to draw in a terminal, as SVG, or as pixels. Pure Swift, no I/O.
public struct QRCode: Sendable, Equatable {
    /// Error correction level: how much of the symbol can be damaged and still read.
    public enum Correction: Int, Sendable, CaseIterable {
        case low = 0, medium, quartile, high
        var formatBits: Int { [1, 0, 3, 2][rawValue] }
    }

    public let version: Int
    public let size: Int
    public let correction: Correction
    public let mask: Int
    /// Row-major modules: `modules[y * size + x]` is true for dark.
    public let modules: [Bool]

    public func isDark(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < size && y < size && modules[y * size + x]
    }

    /// Encodes `text` as UTF-8 at the smallest version that fits, raising the correction level
    /// when that costs no extra size.
    public static func encode(_ text: String, minimumCorrection: Correction = .medium) throws(QRCodeError) -> QRCode {
        let bytes = Array(text.utf8)
        var chosen: (version: Int, capacityBits: Int)?
        for version in 1...40 {
            let capacity = QRTables.dataCodewords(version: version, correction: minimumCorrection) * 8
            if segmentBits(bytes.count, version: version) <= capacity {
                chosen = (version, capacity)
                break
            }
        }
        guard let (version, _) = chosen else { throw .tooLong(bytes.count) }
        var correction = minimumCorrection
        for better in Correction.allCases where better.rawValue > correction.rawValue {
            if segmentBits(bytes.count, version: version) <= QRTables.dataCodewords(version: version, correction: better) * 8 {
                correction = better
            }
        }
        let data = dataCodewords(bytes, version: version, correction: correction)
        let codewords = QRTables.addErrorCorrection(data, version: version, correction: correction)
        var matrix = QRMatrix(version: version)
        matrix.drawFunctionPatterns()
        matrix.placeCodewords(codewords)
        var best: (mask: Int, penalty: Int, modules: [Bool])?
        for mask in 0..<8 {
            var candidate = matrix
            candidate.applyMask(mask)
            candidate.drawFormatBits(correction: correction, mask: mask)
            let penalty = candidate.penalty()
            if best == nil || penalty < best?.penalty ?? .max { best = (mask, penalty, candidate.modules) }
        }
        guard let best else { throw .tooLong(bytes.count) }
        return QRCode(version: version, size: matrix.size, correction: correction, mask: best.mask, modules: best.modules)
    }

    static func segmentBits(_ count: Int, version: Int) -> Int {
        4 + (version <= 9 ? 8 : 16) + count * 8
    }

    static func dataCodewords(_ bytes: [UInt8], version: Int, correction: Correction) -> [UInt8] {
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: version <= 9 ? 8 : 16)
        for b in bytes { bits.append(Int(b), count: 8) }
        let capacity = QRTables.dataCodewords(version: version, correction: correction) * 8
        bits.append(0, count: min(4, capacity - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var pad: UInt8 = 0xEC
        while bits.count < capacity {
            bits.append(Int(pad), count: 8)
            pad ^= 0xEC ^ 0x11
        }
        return bits.bytes()
    }
}

/// The text does not fit in the largest QR Code.
public enum QRCodeError: Error, Equatable {
    case tooLong(Int)
}

struct BitBuffer {
    private(set) var bits: [Bool] = []
    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for i in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> i) & 1 == 1) }
    }

    func bytes() -> [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            (0..<8).reduce(UInt8(0)) { acc, i in acc << 1 | (bits[start + i] ? 1 : 0) }
        }
    }
}
