import Foundation
import Testing
import TgtDomain

@Suite("UUID text without sscanf")
struct UUIDTextTests {
    @Test("parses and prints exactly as Foundation does, in either case")
    func roundTrip() {
        for _ in 0..<500 {
            let id = UUID()
            #expect(UUIDText.string(id) == id.uuidString)
            #expect(UUIDText.parse(id.uuidString) == id)
            #expect(UUIDText.parse(id.uuidString.lowercased()) == id)
        }
    }

    @Test("refuses what UUID(uuidString:) refuses", arguments: [
        "", "0", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5FF", "E621E1F8xC36C-495A-93FC-0C247A3E6E5F",
        "G621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5é", "E621E1F8-C36C-495A-93FC0-C247A3E6E5F",
    ])
    func refuses(_ text: String) {
        #expect(UUIDText.parse(text) == nil)
        #expect(UUID(uuidString: text) == nil)
    }
}
