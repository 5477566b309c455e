import Foundation
import TgtTestSupport

extension SeededRandom {
    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }

    /// A UUID from the generator, so a history's ids are the same on every run.
    mutating func uuid() -> UUID {
        let a = next(), b = next()
        return withUnsafeBytes(of: (a, b)) { bytes in
            UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
    }
}
