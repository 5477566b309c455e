import TgtWebFiles

/// The dashboard's files as the binary carries them, by name: the stylesheets and scripts of
/// `Sources/TgtServer/Web/` (`app.css`), the service worker (`sw.js`) and the API description
/// (`openapi.yaml`). The C target TgtWebFiles compiles them in (`#embed`); this reads its table
/// once.
enum WebFiles {
    /// Every file's bytes, by its own name.
    static let all: [String: [UInt8]] = {
        var count = 0
        let table = UnsafeBufferPointer(start: tgt_web_files(&count), count: count)
        var files: [String: [UInt8]] = [:]
        for file in table {
            files[String(cString: file.name)] = Array(UnsafeBufferPointer(start: file.bytes, count: file.length))
        }
        return files
    }()

    /// One file's bytes (none for a name the binary does not carry).
    static func bytes(_ name: String) -> [UInt8] {
        all[name] ?? []
    }
}
