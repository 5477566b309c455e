import Crypto
import Foundation

/// One front-end file from `Sources/TgtServer/Web`, compiled into the binary, with the
/// content-hashed name it is served under (`app.css` → `/assets/app.3f2a9c1e.css`).
struct WebAsset: Sendable {
    /// The file's own name, e.g. `app.js`.
    let name: String
    /// The bytes served. In scripts, imports of sibling scripts (`from './app.js'`) point at
    /// their hashed names, so a page and its imports share one module instance and one cache entry.
    let bytes: [UInt8]
    /// The first 8 hex digits of the SHA-256 of `bytes`.
    let hash: String
    /// The `Content-Type` to answer with.
    let contentType: String

    /// `app.3f2a9c1e.js`
    var hashedName: String {
        guard let dot = name.lastIndex(of: ".") else { return name + "." + hash }
        return String(name[..<dot]) + "." + hash + String(name[dot...])
    }

    /// `/assets/app.3f2a9c1e.js`
    var url: String { "/assets/" + hashedName }
}

/// The dashboard's stylesheets and scripts (`WebFiles`, compiled into the binary); each one's
/// hash is computed once, the first time the routes or a page ask for it (when the server starts).
enum WebAssets {
    /// The files served under /assets/: every stylesheet and script but the service worker.
    static let sources: [(name: String, bytes: [UInt8])] = WebFiles.all
        .filter { ($0.key.hasSuffix(".js") || $0.key.hasSuffix(".css")) && $0.key != serviceWorkerName }
        .sorted { $0.key < $1.key }
        .map { (name: $0.key, bytes: $0.value) }

    /// The service worker's file name, `Web/sw.js`.
    static let serviceWorkerName = "sw.js"

    /// The service worker's source. Not one of `all`: it is served at `/sw.js` (its scope is
    /// the whole dashboard) with this binary's asset list filled in (`ServiceWorker`).
    static let serviceWorkerSource: [UInt8] = WebFiles.bytes(serviceWorkerName)

    /// Every asset by its own name (`app.js`).
    static let all: [String: WebAsset] = resolve(sources)

    /// The hashed URL of an asset for pages to link to (the plain `/assets/NAME` if unknown).
    static func url(_ name: String) -> String {
        all[name]?.url ?? "/assets/" + name
    }

    /// The first 8 hex digits of the bytes' SHA-256.
    static func contentHash(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).prefix(4).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// A script without the lines that are only comments: `//` lines, and `/* … */` blocks
    /// (JSDoc: the types are for the checker, the words for whoever reads the source) that
    /// start and end their lines; a comment with code after it on its line keeps the line. The
    /// scripts have no string that spans lines (no multi-line template), so this never cuts
    /// into one; browsers get about a fifth fewer bytes.
    static func withoutCommentLines(_ text: String) -> String {
        var kept: [Substring] = []
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if inBlock {
                guard let end = trimmed.range(of: "*/") else { continue }
                inBlock = false
                if !trimmed[end.upperBound...].allSatisfy(\.isWhitespace) { kept.append(line) }
                continue
            }
            if trimmed.hasPrefix("//") { continue }
            if trimmed.hasPrefix("/*") {
                guard let end = trimmed.range(of: "*/") else {
                    inBlock = true
                    continue
                }
                if trimmed[end.upperBound...].allSatisfy(\.isWhitespace) { continue }
            }
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }

    static func contentType(of name: String) -> String {
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        return "application/octet-stream"
    }

    /// Hashes every file; a script's imports of sibling scripts (and the stylesheets it loads,
    /// `'./attach.css'`) are first rewritten to the siblings' hashed names (so a script's hash
    /// also changes when a file it imports does).
    static func resolve(_ files: [(name: String, bytes: [UInt8])]) -> [String: WebAsset] {
        let sources = Dictionary(files.map { ($0.name, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        let scripts = sources.keys.filter { $0.hasSuffix(".js") || $0.hasSuffix(".css") }.sorted()
        var done: [String: WebAsset] = [:]

        func asset(_ name: String, visiting: Set<String>) -> WebAsset? {
            if let finished = done[name] { return finished }
            guard let original = sources[name] else { return nil }
            var bytes = original
            if name.hasSuffix(".js") {
                var text = withoutCommentLines(String(decoding: original, as: UTF8.self))
                for other in scripts where other != name && !visiting.contains(other) {
                    for quote in ["'", "\""] where text.contains(quote + "./" + other + quote) {
                        guard let dependency = asset(other, visiting: visiting.union([name])) else { continue }
                        text = text.replacingOccurrences(of: quote + "./" + other + quote, with: quote + "./" + dependency.hashedName + quote)
                    }
                }
                bytes = Array(text.utf8)
            }
            let result = WebAsset(name: name, bytes: bytes, hash: contentHash(bytes), contentType: contentType(of: name))
            done[name] = result
            return result
        }

        for name in sources.keys.sorted() { _ = asset(name, visiting: []) }
        return done
    }
}
