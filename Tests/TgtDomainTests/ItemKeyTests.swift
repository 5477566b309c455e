import Foundation
import Testing
import TgtDomain

/// The one way a person names a template, timer, series or trigger link on every face.
@Suite("Naming a thing by id, name or id beginning")
struct ItemKeyTests {
    struct Thing: Equatable {
        var id: UUID
        var name: String
    }

    /// A fixed id (a mistyped one would make a fresh id, and the expectations fail).
    static func id(_ text: String) -> UUID { UUID(uuidString: text) ?? UUID() }

    static let tea = Thing(id: id("1A2B3C4D-0000-0000-0000-000000000001"), name: "Tea")
    static let toast = Thing(id: id("1A2B9999-0000-0000-0000-000000000002"), name: "Toast")
    static let tea2 = Thing(id: id("77777777-0000-0000-0000-000000000003"), name: "TEA")

    static func find(_ key: String, in items: [Thing], named: Bool = true) -> ItemKey.Match<Thing> {
        ItemKey.find(key, in: items, id: \.id, name: named ? { $0.name } : nil)
    }

    static func found(_ match: ItemKey.Match<Thing>) -> Thing? {
        if case .found(let thing) = match { return thing }
        return nil
    }

    static func ambiguous(_ match: ItemKey.Match<Thing>) -> [Thing]? {
        if case .ambiguous(let things) = match { return things }
        return nil
    }

    @Test("a full id, a name in any case, or a unique id beginning of 4+ characters; short, unknown and shared keys are told apart")
    func lookup() {
        let items = [Self.tea, Self.toast]
        #expect(Self.found(Self.find(Self.toast.id.uuidString.lowercased(), in: items)) == Self.toast)
        #expect(Self.found(Self.find("  tea ", in: items)) == Self.tea)
        #expect(Self.found(Self.find("1a2b3c", in: items)) == Self.tea)
        #expect(Self.ambiguous(Self.find("1A2B", in: items)) == [Self.tea, Self.toast])
        if case .none = Self.find("1a2", in: items) {} else { Issue.record("3 characters named something") }
        if case .none = Self.find("Coffee", in: items) {} else { Issue.record("an unknown name named something") }
        #expect(Self.ambiguous(Self.find("tea", in: items + [Self.tea2])) == [Self.tea, Self.tea2], "a shared name")
        #expect(Self.found(Self.find("TEA", in: items + [Self.tea2])) == Self.tea2, "the name written exactly so, among names differing in case")
        if case .none = Self.find("Tea", in: items, named: false) {} else { Issue.record("a thing without names matched a name") }
    }
}
