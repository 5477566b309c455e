import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TgtServer

@Suite("OpenAPI document")
struct OpenAPITests {
    /// "/api/templates/{id}" and Hummingbird's "/api/templates/:id" or "{id}" spell the same route.
    static func normalize(_ path: String) -> String {
        path.split(separator: "/").map { part -> String in
            if part.hasPrefix(":") || (part.hasPrefix("{") && part.hasSuffix("}")) { return "{}" }
            return String(part)
        }.joined(separator: "/")
    }

    @Test("Describes exactly the API routes the server has (methods and paths), and nothing else (the trigger links' POST is one)")
    func matchesRouter() async throws {
        let fixture = try await ServerFixture()
        let router = DashboardServer.router(fixture.dashboard)
        let served = Set(router.routes.map { "\($0.method.rawValue) \(Self.normalize($0.path.description))" }
            .filter { $0.contains(" api/") || $0.contains(" /api/") || $0.hasPrefix("POST t/") || $0.hasPrefix("POST /t/") }
            .map { $0.replacingOccurrences(of: " /api/", with: " api/").replacingOccurrences(of: "POST /t/", with: "POST t/") })
        let document = try #require(try JSONSerialization.jsonObject(with: OpenAPIDocument.json) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var described = Set<String>()
        for (path, item) in paths {
            for method in ["get", "post", "put", "patch", "delete"] where item[method] != nil {
                described.insert("\(method.uppercased()) \(Self.normalize(String(path.dropFirst())))")
                let operation = try #require(item[method] as? [String: Any])
                #expect((operation["responses"] as? [String: Any])?.isEmpty == false, "\(method) \(path) has responses")
            }
        }
        #expect(!served.isEmpty)
        #expect(served.subtracting(described).isEmpty, "served but not described: \(served.subtracting(described).sorted())")
        #expect(described.subtracting(served).isEmpty, "described but not served: \(described.subtracting(served).sorted())")
        await fixture.host.shutdown(grace: 0)
        fixture.sim.remove()
    }

    @Test("Every schema reference resolves")
    func referencesResolve() throws {
        let text = String(decoding: OpenAPIDocument.json, as: UTF8.self)
        let document = try #require(try JSONSerialization.jsonObject(with: OpenAPIDocument.json) as? [String: Any])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        var rest = text[...]
        var count = 0
        while let range = rest.range(of: "#/components/schemas/") {
            let name = rest[range.upperBound...].prefix { $0 != "\"" }
            #expect(schemas[String(name)] != nil, "\(name)")
            count += 1
            rest = rest[range.upperBound...]
        }
        #expect(count > 20)
    }
}
