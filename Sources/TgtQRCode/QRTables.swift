/// Capacity tables and Reed–Solomon error correction for QR Codes.
enum QRTables {
    /// Error correction codewords per block, by correction level then version (index 0 unused).
    static let eccPerBlock: [[Int]] = [
        [-1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [-1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [-1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]

    /// Number of error correction blocks, by correction level then version (index 0 unused).
    static let blocks: [[Int]] = [
        [-1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [-1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [-1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]

    /// Modules available for data and error correction (everything but function patterns).
    static func rawDataModules(version v: Int) -> Int {
        var result = (16 * v + 128) * v + 64
        if v >= 2 {
            let align = v / 7 + 2
            result -= (25 * align - 10) * align - 55
            if v >= 7 { result -= 36 }
        }
        return result
    }

    static func dataCodewords(version: Int, correction: QRCode.Correction) -> Int {
        rawDataModules(version: version) / 8 - eccPerBlock[correction.rawValue][version] * blocks[correction.rawValue][version]
    }

    /// Splits data into blocks, appends each block's Reed–Solomon codewords, and interleaves.
    static func addErrorCorrection(_ data: [UInt8], version: Int, correction: QRCode.Correction) -> [UInt8] {
        let count = blocks[correction.rawValue][version]
        let eccLength = eccPerBlock[correction.rawValue][version]
        let raw = rawDataModules(version: version) / 8
        let shortCount = count - raw % count
        let shortLength = raw / count
        let divisor = reedSolomonDivisor(degree: eccLength)
        var all: [[UInt8]] = []
        var k = 0
        for i in 0..<count {
            let length = shortLength - eccLength + (i < shortCount ? 0 : 1)
            var block = Array(data[k..<k + length])
            k += length
            let ecc = reedSolomonRemainder(block, divisor: divisor)
            if i < shortCount { block.append(0) }
            all.append(block + ecc)
        }
        var result: [UInt8] = []
        for i in 0..<all[0].count {
            for (j, block) in all.enumerated() where i != shortLength - eccLength || j >= shortCount {
                result.append(block[i])
            }
        }
        return result
    }

    static func reedSolomonDivisor(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for j in 0..<degree {
                result[j] = multiply(result[j], root)
                if j + 1 < degree { result[j] ^= result[j + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    static func reedSolomonRemainder(_ data: [UInt8], divisor: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for b in data {
            let factor = b ^ result.removeFirst()
            result.append(0)
            for i in 0..<result.count { result[i] ^= multiply(divisor[i], factor) }
        }
        return result
    }

    /// Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1.
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var z = 0
        for i in stride(from: 7, through: 0, by: -1) {
            z = (z << 1) ^ ((z >> 7) * 0x11D)
            z ^= Int((y >> UInt8(i)) & 1) * Int(x)
        }
        return UInt8(z & 0xFF)
    }
}
