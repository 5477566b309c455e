import SwiftUI

extension Color {
    /// A timer swatch from its hex code ("#FF9500"); gray when it is not one.
    init(timerHex hex: String) {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        let value = digits.count == 6 ? UInt32(digits, radix: 16) : nil
        let rgb = value ?? 0x8E8E93
        self.init(red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255)
    }
}
