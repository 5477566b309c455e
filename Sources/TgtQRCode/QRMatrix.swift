/// The module grid while a symbol is built: function patterns, data placement and masking.
struct QRMatrix {
    let version: Int
    let size: Int
    var modules: [Bool]
    var isFunction: [Bool]

    init(version: Int) {
        self.version = version
        size = version * 4 + 17
        modules = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)
    }

    subscript(x: Int, y: Int) -> Bool {
        get { modules[y * size + x] }
        set { modules[y * size + x] = newValue }
    }

    mutating func setFunction(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y * size + x] = dark
        isFunction[y * size + x] = true
    }

    mutating func drawFunctionPatterns() {
        for i in 0..<size {
            setFunction(6, i, i % 2 == 0)
            setFunction(i, 6, i % 2 == 0)
        }
        drawFinder(3, 3)
        drawFinder(size - 4, 3)
        drawFinder(3, size - 4)
        let positions = alignmentPositions()
        let last = positions.count - 1
        for i in positions.indices {
            for j in positions.indices where !((i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0)) {
                for dy in -2...2 {
                    for dx in -2...2 { setFunction(positions[i] + dx, positions[j] + dy, max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
        drawFormatBits(correction: .medium, mask: 0)  // reserves the area; redrawn after masking
        drawVersion()
    }

    private mutating func drawFinder(_ x: Int, _ y: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let distance = max(abs(dx), abs(dy))
                let xx = x + dx, yy = y + dy
                if (0..<size).contains(xx), (0..<size).contains(yy) { setFunction(xx, yy, distance != 2 && distance != 4) }
            }
        }
    }

    func alignmentPositions() -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var result = [6]
        var position = size - 7
        while result.count < count {
            result.insert(position, at: 1)
            position -= step
        }
        return result
    }

    mutating func drawFormatBits(correction: QRCode.Correction, mask: Int) {
        let data = correction.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
        for i in 0...5 { setFunction(8, i, bit(i)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for i in 9..<15 { setFunction(14 - i, 8, bit(i)) }
        for i in 0..<8 { setFunction(size - 1 - i, 8, bit(i)) }
        for i in 8..<15 { setFunction(8, size - 15 + i, bit(i)) }
        setFunction(8, size - 8, true)
    }

    private mutating func drawVersion() {
        guard version >= 7 else { return }
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = version << 12 | remainder
        for i in 0..<18 {
            let dark = (bits >> i) & 1 == 1
            let a = size - 11 + i % 3, b = i / 3
            setFunction(a, b, dark)
            setFunction(b, a, dark)
        }
    }

    /// Places codeword bits in the zig-zag order, skipping function modules.
    mutating func placeCodewords(_ data: [UInt8]) {
        var i = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<size {
                for j in 0..<2 {
                    let x = right - j
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? size - 1 - vertical : vertical
                    if !isFunction[y * size + x], i < data.count * 8 {
                        self[x, y] = (data[i >> 3] >> UInt8(7 - (i & 7))) & 1 == 1
                        i += 1
                    }
                }
            }
            right -= 2
        }
    }

    mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] {
                let invert: Bool
                switch mask {
                case 0: invert = (x + y) % 2 == 0
                case 1: invert = y % 2 == 0
                case 2: invert = x % 3 == 0
                case 3: invert = (x + y) % 3 == 0
                case 4: invert = (x / 3 + y / 2) % 2 == 0
                case 5: invert = x * y % 2 + x * y % 3 == 0
                case 6: invert = (x * y % 2 + x * y % 3) % 2 == 0
                default: invert = ((x + y) % 2 + x * y % 3) % 2 == 0
                }
                if invert { self[x, y].toggle() }
            }
        }
    }

    /// The standard's penalty score (lower reads more reliably): runs, 2×2 blocks,
    /// finder-like patterns and dark/light balance.
    func penalty() -> Int {
        var result = 0
        for horizontal in [true, false] {
            for a in 0..<size {
                var runColor = false, run = 0
                var line: [Bool] = []
                for b in 0..<size {
                    let dark = horizontal ? self[b, a] : self[a, b]
                    line.append(dark)
                    if b > 0, dark == runColor {
                        run += 1
                        if run == 5 { result += 3 } else if run > 5 { result += 1 }
                    } else {
                        runColor = dark
                        run = 1
                    }
                }
                result += 40 * Self.finderLikeCount(line)
            }
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let c = self[x, y]
                if c == self[x + 1, y], c == self[x, y + 1], c == self[x + 1, y + 1] { result += 3 }
            }
        }
        let dark = modules.filter { $0 }.count
        let total = size * size
        let k = (abs(dark * 20 - total * 10) + total - 1) / total - 1
        result += max(0, k) * 10
        return result
    }

    /// Occurrences of 1:1:3:1:1 dark/light runs with four light modules on one side.
    static func finderLikeCount(_ line: [Bool]) -> Int {
        let pattern: [Bool] = [true, false, true, true, true, false, true]
        var count = 0
        guard line.count >= 7 else { return 0 }
        for start in 0...(line.count - 7) where Array(line[start..<start + 7]) == pattern {
            let before = start >= 4 ? line[(start - 4)..<start].allSatisfy { !$0 } : start == 0
            let afterStart = start + 7
            let after = afterStart + 4 <= line.count ? line[afterStart..<(afterStart + 4)].allSatisfy { !$0 } : afterStart == line.count
            if before || after { count += 1 }
        }
        return count
    }
}
