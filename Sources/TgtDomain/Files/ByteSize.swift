/// A file's size as people read it, in binary units: "0 bytes", "77 bytes", "112 KB", "4.2 MB",
/// "1 GB" (1 KB = 1,024 bytes, as file managers count a download).
public enum ByteSize {
    public static func describe(_ bytes: Int64) -> String {
        if bytes < 1024 { return bytes == 1 ? "1 byte" : "\(max(0, bytes)) bytes" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let rounded = value < 10 && unit > 0 ? (value * 10).rounded() / 10 : value.rounded()
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(text) \(units[unit])"
    }
}
