import Testing
import TgtDomain

/// Names and bytes from other people: file names made safe to save and to send back, and a
/// file's type read from its bytes rather than from what its sender claimed.
@Suite("File names and sniffed types")
struct FileSafetyTests {
    @Test("a name keeps its last path component, loses control and reserved characters and leading dots, and stays at most 120 characters and 200 bytes with its extension")
    func names() {
        #expect(SafeFileName.make("report.pdf") == "report.pdf")
        #expect(SafeFileName.make("../../etc/passwd") == "passwd")
        #expect(SafeFileName.make("C:\\Users\\x\\evil.exe") == "evil.exe")
        #expect(SafeFileName.make("<img src=x onerror=alert(1)>.html") == "img src=x onerror=alert(1).html")
        #expect(SafeFileName.make("a\u{0}b\r\nc\u{202E}gnp.exe") == "abcgnp.exe")
        #expect(SafeFileName.make("...hidden") == "hidden")
        #expect(SafeFileName.make(" . .profile") == "profile", "spaces between the dots do not leave a hidden name")
        #expect(SafeFileName.make(".\u{301}profile").unicodeScalars.first != ".", "nor a dot carrying a mark")
        // fuzz-media, crash-55a5a894…: a slash carrying a mark is one Character, and was kept.
        #expect(SafeFileName.make("a/\u{301}b/\u{301}passwd") == "\u{301}passwd" && SafeFileName.make("x\\\u{301}y") == "\u{301}y")
        #expect(SafeFileName.make("  ") == "file" && SafeFileName.make("../", fallback: "photo.jpg") == "photo.jpg")
        let long = SafeFileName.make(String(repeating: "e", count: 300) + ".tar.gz")
        #expect(long.count == SafeFileName.maxLength && long.hasSuffix(".gz"))
        // File systems count bytes (255 a name): 120 characters of another script can be more.
        for (character, count) in [("é", 300), ("日", 150), ("👍🏽", 60), ("🇮🇹", 60), ("e\u{301}\u{302}\u{303}", 200)] {
            let name = SafeFileName.make(String(repeating: character, count: count) + ".pdf")
            #expect(name.utf8.count <= SafeFileName.maxBytes && name.count <= SafeFileName.maxLength && name.hasSuffix(".pdf"), "\(character): \(name.utf8.count) bytes")
            #expect(name.hasPrefix(character) && name.utf8.count > SafeFileName.maxBytes - 30, "cut by whole characters, not to nothing: \(name.utf8.count) bytes")
        }
        #expect(SafeFileName.fileExtension("Q3 minutes.PDF") == "pdf" && SafeFileName.fileExtension(".profile") == "" && SafeFileName.fileExtension("x") == "")
    }

    @Test("images, video and audio are known by their first bytes; HTML, SVG, PDF, scripts and empty files are not inline types")
    func sniffing() {
        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
        #expect(MediaSniffer.sniff(Array("caff".utf8) + [0, 1, 0, 0]) == .caf && MediaSniffer.sniff(Array("caff".utf8) + [0, 2]) == nil)
        #expect(MediaSniffer.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(MediaSniffer.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(MediaSniffer.sniff(bytes("GIF89a....")) == .gif)
        #expect(MediaSniffer.sniff(bytes("RIFF\u{1}\u{0}\u{0}\u{0}WEBPVP8 ")) == .webp)
        #expect(MediaSniffer.sniff(bytes("RIFF\u{1}\u{0}\u{0}\u{0}WAVEfmt ")) == .wav)
        #expect(MediaSniffer.sniff([0, 0, 0, 0x18] + bytes("ftypmp42")) == .mp4)
        #expect(MediaSniffer.sniff([0, 0, 0, 0x18] + bytes("ftypM4A ")) == .m4a)
        #expect(MediaSniffer.sniff([0x1A, 0x45, 0xDF, 0xA3, 1]) == .webm)
        #expect(MediaSniffer.sniff(bytes("OggS\u{0}")) == .ogg)
        #expect(MediaSniffer.sniff(bytes("ID3\u{4}")) == .mpeg && MediaSniffer.sniff([0xFF, 0xFB, 0x90]) == .mpeg)
        for hostile in ["<!doctype html><script>", "<svg onload=alert(1)>", "%PDF-1.7", "#!/bin/sh", "<?xml version=\"1.0\"?><svg", "", "RIFF"] {
            #expect(MediaSniffer.sniff(bytes(hostile)) == nil, "\(hostile)")
        }
        #expect(MediaSniffer.InlineType.allCases.allSatisfy { type in ["image/", "video/", "audio/"].contains { type.mimeType.hasPrefix($0) } })
    }

    @Test("sizes in binary units as a file manager shows them")
    func sizes() {
        #expect(ByteSize.describe(0) == "0 bytes" && ByteSize.describe(1) == "1 byte" && ByteSize.describe(77) == "77 bytes")
        #expect(ByteSize.describe(1024) == "1 KB" && ByteSize.describe(114_688) == "112 KB")
        #expect(ByteSize.describe(4_404_019) == "4.2 MB" && ByteSize.describe(1 << 30) == "1 GB" && ByteSize.describe(96_044) == "94 KB")
    }
}
