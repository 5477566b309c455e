import Foundation
import HTTPTypes
import Testing
import TgtDomain
import TgtServer
import TgtTestSupport

/// Voice notes for browsers that play Opus only in CAF (Safari): `GET …/file?format=caf` over
/// real HTTP serves an Ogg Opus recording moved into CAF, in byte ranges as Safari asks for
/// them, and refuses anything else with a reason.
@Suite("Voice notes as CAF", .timeLimit(.minutes(5)))
struct VoicePlaybackAPITests {
    @Test("an Ogg Opus recording comes as its CAF copy, whole and in Safari's ranges; the file itself is unchanged; a seeded voice note too; a PDF is refused as not playable")
    func caf() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let upload = try await UploadsAPITests.upload(client, name: "Voice 12.ogg", TestRecordings.opusVoiceNote)
            let sent = try await client.api(.post, "conversations/\(UploadsAPITests.alice)/files",
                                            json: ["upload_ids": [upload.data["upload_id"] as? String ?? ""]])
            let id = try #require((sent.data["messages"] as? [[String: Any]])?.first?["id"] as? Int, "\(sent.text)")
            let path = "conversations/\(UploadsAPITests.alice)/messages/\(id)/file"
            let expected = try OpusCAF.remux(TestRecordings.opusVoiceNote)

            let (status, headers, body) = try await client.bytes(path + "?format=caf")
            #expect(status == .ok && headers[.contentType] == "audio/x-caf" && body == expected, "\(status) \(headers)")
            #expect(headers[.contentDisposition] == "inline; filename=\"Voice 12.caf\"; filename*=UTF-8''Voice%2012.caf")
            #expect(headers[.acceptRanges] == "bytes" && headers[.contentSecurityPolicy]?.hasPrefix("sandbox;") == true)
            // Safari asks for two bytes first, then the rest in ranges.
            let (probe, probeHeaders, two) = try await client.bytes(path + "?format=caf", range: "bytes=0-1")
            #expect(probe == .partialContent && probeHeaders[.contentRange] == "bytes 0-1/\(expected.count)" && two == Array(expected.prefix(2)))
            let (_, _, tail) = try await client.bytes(path + "?format=caf", range: "bytes=100-")
            #expect(tail == Array(expected[100...]))
            let (past, pastHeaders, _) = try await client.bytes(path + "?format=caf", range: "bytes=\(expected.count)-")
            #expect(past == .rangeNotSatisfiable && pastHeaders[.contentRange] == "bytes */\(expected.count)")
            // Without the format, the recording as it came.
            let (_, oggHeaders, ogg) = try await client.bytes(path)
            #expect(oggHeaders[.contentType] == "audio/ogg" && ogg == TestRecordings.opusVoiceNote)

            // Family's voice note (12 s of Opus in Ogg, as Telegram's are) comes as CAF too.
            let voice = try #require(try await MessageFilesAPITests.media(client, MessageFilesAPITests.family).first { $0.kind == "voiceNote" })
            let (noteStatus, noteHeaders, note) = try await client.bytes("conversations/\(MessageFilesAPITests.family)/messages/\(voice.id)/file?format=caf")
            #expect(noteStatus == .ok && noteHeaders[.contentType] == "audio/x-caf" && note.starts(with: Array("caff".utf8)))
            #expect(noteHeaders[.contentDisposition] == "inline; filename=\"voice-message.caf\"; filename*=UTF-8''voice-message.caf")
            let (_, _, seeded) = try await client.bytes("conversations/\(MessageFilesAPITests.family)/messages/\(voice.id)/file")
            let audio = try OggOpusAudio.read(seeded)
            #expect(audio.packetSizes.count == 600 && audio.packetSizes.allSatisfy { $0 == 160 } && audio.packetSamples.allSatisfy { $0 == 960 })
            #expect(audio.lastGranule == 12 * 48_000 && audio.channels == 1 && audio.preSkip == 312, "12 s of mono Opus, 160-byte packets")

            // A PDF is not a recording.
            let pdf = try await UploadsAPITests.upload(client, name: "notes.pdf", Array("%PDF-1.4 notes".utf8))
            let sentPDF = try await client.api(.post, "conversations/\(UploadsAPITests.alice)/files", json: ["upload_ids": [pdf.data["upload_id"] as? String ?? ""]])
            let pdfID = try #require((sentPDF.data["messages"] as? [[String: Any]])?.first?["id"] as? Int, "\(sentPDF.text)")
            let refused = try await client.api(.get, "conversations/\(UploadsAPITests.alice)/messages/\(pdfID)/file?format=caf")
            #expect(refused.status == .unprocessableContent && refused.errorCode == "not_playable", "\(refused.status) \(refused.text)")
            #expect(refused.errorMessage == "This file cannot be played as a voice note here: It is not an Ogg recording. Download it instead.")
        }
    }

    @Test("a CAF file someone sent is served inline as audio/x-caf")
    func cafSniffed() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let caf = try OpusCAF.remux(TestRecordings.opusVoiceNote)
            let upload = try await UploadsAPITests.upload(client, name: "memo.caf", caf)
            let sent = try await client.api(.post, "conversations/\(UploadsAPITests.alice)/files",
                                            json: ["upload_ids": [upload.data["upload_id"] as? String ?? ""]])
            let id = try #require((sent.data["messages"] as? [[String: Any]])?.first?["id"] as? Int, "\(sent.text)")
            let (status, headers, body) = try await client.bytes("conversations/\(UploadsAPITests.alice)/messages/\(id)/file")
            #expect(status == .ok && headers[.contentType] == "audio/x-caf" && headers[.contentDisposition]?.hasPrefix("inline;") == true && body == caf)
        }
    }
}
