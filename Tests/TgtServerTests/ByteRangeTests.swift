import Testing
@testable import TgtServer

/// `Range` headers resolved against a file's size, and the `Content-Disposition` of a file
/// whose name came from someone else.
@Suite("Byte ranges and dispositions")
struct ByteRangeTests {
    @Test("one range in its three forms; several, other units and malformed ones serve the whole file; past the end is unsatisfiable")
    func ranges() {
        #expect(ByteRange.parse("bytes=0-499", size: 1000) == .part(start: 0, end: 499))
        #expect(ByteRange.parse("bytes=500-", size: 1000) == .part(start: 500, end: 999))
        #expect(ByteRange.parse("bytes=-200", size: 1000) == .part(start: 800, end: 999))
        #expect(ByteRange.parse("bytes=-5000", size: 1000) == .part(start: 0, end: 999))
        #expect(ByteRange.parse("bytes=900-5000", size: 1000) == .part(start: 900, end: 999))
        #expect(ByteRange.parse("bytes=1000-", size: 1000) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=-0", size: 1000) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=0-", size: 0) == .unsatisfiable)
        for header in [nil, "", "bytes=0-1,4-5", "items=0-4", "bytes=x-4", "bytes=5-4", "bytes=-", "bytes=99999999999999999999-", "bytes=٣-٤"] {
            #expect(ByteRange.parse(header, size: 1000) == .whole, "\(header ?? "nil")")
        }
    }

    @Test("a disposition names the file twice, ASCII with nothing that breaks the quotes and RFC 8187's UTF-8, without paths or controls")
    func dispositions() {
        #expect(MessageFiles.disposition(inline: true, name: "photo.jpg") == "inline; filename=\"photo.jpg\"; filename*=UTF-8''photo.jpg")
        #expect(MessageFiles.disposition(inline: false, name: "Résumé \"final\".pdf")
            == "attachment; filename=\"R_sum_ final.pdf\"; filename*=UTF-8''R%C3%A9sum%C3%A9%20final.pdf")
        let hostile = MessageFiles.disposition(inline: false, name: "../../etc/pass\r\nwd;x=\"y\".html")
        #expect(!hostile.contains("\r") && !hostile.contains("\n") && !hostile.contains("/") && hostile.hasPrefix("attachment; filename=\"pass"))
    }
}
