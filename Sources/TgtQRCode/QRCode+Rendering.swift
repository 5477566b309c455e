extension QRCode {
    /// The symbol as an SVG document (with the standard 4-module quiet zone).
    public func svg(moduleSize: Int = 8) -> String {
        let border = 4
        let dimension = (size + border * 2) * moduleSize
        var path = ""
        for y in 0..<size {
            for x in 0..<size where isDark(x: x, y: y) {
                path += "M\((x + border) * moduleSize),\((y + border) * moduleSize)h\(moduleSize)v\(moduleSize)h-\(moduleSize)z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(dimension) \(dimension)" width="\(dimension)" height="\(dimension)" shape-rendering="crispEdges">\
            <rect width="100%" height="100%" fill="#fff"/><path fill="#000" d="\(path)"/></svg>
            """
    }

    /// The symbol as a plain PBM image (P1), one pixel per module, with a quiet zone.
    public func pbm(border: Int = 4) -> String {
        let dimension = size + border * 2
        var out = "P1\n\(dimension) \(dimension)\n"
        for y in -border..<(size + border) {
            out += (-border..<(size + border)).map { isDark(x: $0, y: y) ? "1" : "0" }.joined(separator: " ") + "\n"
        }
        return out
    }
}
