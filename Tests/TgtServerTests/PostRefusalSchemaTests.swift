import Testing
import TgtDomain
import TgtWire
@testable import TgtServer

/// The API document's `PostRefusal` enum and the domain's codes stay one list: a code added in
/// Swift but not in the document would silently vanish from `cannot_post_code`.
@Suite("Post refusal codes in the API document")
struct PostRefusalSchemaTests {
    @Test("every refusal has its value in the API document's enum, and the enum has nothing else")
    func sameCodes() {
        for refusal in PostRefusal.allCases {
            #expect(Components.Schemas.PostRefusal(rawValue: refusal.rawValue) != nil, "\(refusal.rawValue) is missing from openapi.yaml")
        }
        #expect(Set(Components.Schemas.PostRefusal.allCases.map(\.rawValue)) == Set(PostRefusal.allCases.map(\.rawValue)))
    }
}
