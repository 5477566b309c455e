import Foundation

/// The app icon (a white paper plane on a blue rounded square) as SVG and as PNGs drawn
/// here, for the web app manifest and the iOS home screen. The maskable kind (Android's
/// adaptive icons crop it to a circle, a squircle…) fills the whole square with blue and keeps the
/// plane inside the middle 80 %, the safe zone every mask leaves whole.
enum AppIcon {
    static let blue: (UInt8, UInt8, UInt8) = (0x24, 0x81, 0xCC)
    /// The paper plane, in a unit square.
    static let plane: [(Double, Double)] = [(0.20, 0.48), (0.80, 0.24), (0.63, 0.78), (0.48, 0.59), (0.60, 0.38), (0.42, 0.55)]

    static let svg: String = {
        let points = plane.map { "\(Int($0.0 * 100)),\(Int($0.1 * 100))" }.joined(separator: " ")
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="22" fill="#2481cc"/>\
            <polygon points="\(points)" fill="#fff"/></svg>
            """
    }()

    /// A square PNG of `size` pixels (4×4 supersampled edges); `maskable`: full bleed, the plane
    /// scaled down to the safe zone.
    static func png(size: Int, maskable: Bool = false) -> Data {
        let shape = maskable ? plane.map { (0.5 + ($0.0 - 0.5) * 0.8, 0.5 + ($0.1 - 0.5) * 0.8) } : plane
        var pixels = [UInt8](repeating: 0, count: size * size * 4)
        let samples = 4
        for y in 0..<size {
            for x in 0..<size {
                var inBox = 0, inPlane = 0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let u = (Double(x) + (Double(sx) + 0.5) / Double(samples)) / Double(size)
                        let v = (Double(y) + (Double(sy) + 0.5) / Double(samples)) / Double(size)
                        if maskable || insideRoundedSquare(u, v, radius: 0.22) {
                            inBox += 1
                            if insidePolygon(u, v, shape) { inPlane += 1 }
                        }
                    }
                }
                let total = Double(samples * samples)
                let white = inBox > 0 ? Double(inPlane) / Double(inBox) : 0
                let i = (y * size + x) * 4
                pixels[i] = UInt8((Double(blue.0) * (1 - white) + 255 * white).rounded())
                pixels[i + 1] = UInt8((Double(blue.1) * (1 - white) + 255 * white).rounded())
                pixels[i + 2] = UInt8((Double(blue.2) * (1 - white) + 255 * white).rounded())
                pixels[i + 3] = UInt8((Double(inBox) / total * 255).rounded())
            }
        }
        return PNGWriter.rgba(width: size, height: size, pixels: pixels)
    }

    static func insideRoundedSquare(_ u: Double, _ v: Double, radius r: Double) -> Bool {
        let cx = min(max(u, r), 1 - r), cy = min(max(v, r), 1 - r)
        return (u - cx) * (u - cx) + (v - cy) * (v - cy) <= r * r
    }

    static func insidePolygon(_ x: Double, _ y: Double, _ points: [(Double, Double)]) -> Bool {
        var inside = false
        var j = points.count - 1
        for i in 0..<points.count {
            let (xi, yi) = points[i], (xj, yj) = points[j]
            if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
            j = i
        }
        return inside
    }
}

/// A minimal PNG encoder: 8-bit RGBA, zlib with `Deflate`'s fixed-code block (runs matched
/// against the previous pixel and the row above).
enum PNGWriter {
    static func rgba(width: Int, height: Int, pixels: [UInt8]) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 4 + 1) * height)
        for row in 0..<height {
            raw.append(0) // filter: none
            raw.append(contentsOf: pixels[(row * width * 4)..<((row + 1) * width * 4)])
        }
        var zlib: [UInt8] = [0x78, 0x01]
        zlib.append(contentsOf: Deflate.compress(raw, distances: [4, width * 4 + 1]))
        zlib.append(contentsOf: bigEndian(adler32(raw)))
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return Data(png)
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB88320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFFFFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFFFFFF
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return (b << 16) | a
    }
}
