import TgtQRCode

/// Draws a QR code in a terminal with half-block characters (two module rows per text line),
/// dark modules as black on a light quiet zone so phones can scan it in dark terminals too.
enum TerminalQR {
    static func render(_ code: QRCode) -> String {
        let border = 2
        var lines: [String] = []
        var y = -border
        while y < code.size + border {
            var line = ""
            for x in -border..<(code.size + border) {
                let top = code.isDark(x: x, y: y)
                let bottom = code.isDark(x: x, y: y + 1)
                switch (top, bottom) {
                case (false, false): line += "█"
                case (true, false): line += "▄"
                case (false, true): line += "▀"
                case (true, true): line += " "
                }
            }
            lines.append(line)
            y += 2
        }
        return lines.joined(separator: "\n")
    }
}
