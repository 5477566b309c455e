import Foundation
import Testing
import TgtAppModel
import TgtDomain
import TgtStore

@Suite("The String Catalog holds every sentence in English, Italian and Russian")
struct StringCatalogTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each key's sentences by language.
    static func catalog() throws -> [String: [String: String]] {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("Apps/Shared/Localizable.xcstrings"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["sourceLanguage"] as? String == "en")
        let strings = try #require(json["strings"] as? [String: [String: Any]])
        return strings.mapValues { entry in
            let localizations = entry["localizations"] as? [String: [String: [String: String]]] ?? [:]
            return localizations.compactMapValues { $0["stringUnit"]?["value"] }
        }
    }

    private func placeholders(_ format: String) -> Int {
        format.matches(of: /%(\d+\$)?@/).count
    }

    @Test("every key: en equals the model's English, it and ru present with the same placeholders")
    func everyKey() throws {
        let catalog = try Self.catalog()
        let english = AppText.english.merging(AppLabel.english) { a, _ in a }
        #expect(Set(catalog.keys) == Set(english.keys), "catalog and tables differ: run python3 Apps/tools/make_catalog.py")
        for (key, text) in english {
            let entry = try #require(catalog[key], "\(key) missing")
            #expect(entry["en"] == text, "\(key)")
            for language in ["it", "ru"] {
                let translated = try #require(entry[language], "\(key) has no \(language)")
                #expect(!translated.isEmpty)
                #expect(placeholders(translated) == placeholders(text), "\(key) in \(language): placeholders differ")
            }
        }
        for label in AppLabel.allCases {
            #expect(AppText.label(label).description != label.rawValue, "\(label) has no English")
        }
    }

    @Test("every reason a chat refuses posts has its sentence, the same English as the Telegram layer's")
    func postRefusals() {
        for refusal in PostRefusal.allCases {
            #expect(AppText.english["postRefusal.\(refusal.rawValue)"] == refusal.reason, "\(refusal)")
        }
    }

    @Test("every key the view models and the Apple shells use is in the tables")
    func usedKeysExist() throws {
        let english = AppText.english.merging(AppLabel.english) { a, _ in a }
        var files: [URL] = []
        for folder in ["Sources/TgtAppModel", "Apps"] {
            let enumerator = FileManager.default.enumerator(at: Self.root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "swift" { files.append(url) }
            }
        }
        #expect(files.count > 20)
        var used = 0
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: /AppText\("([a-zA-Z0-9_.]+)"/) {
                used += 1
                #expect(english[String(match.1)] != nil, "\(file.lastPathComponent): unknown key \(match.1)")
            }
        }
        #expect(used > 50)
    }

    @Test("translations may reorder values; a resolved sentence fills them in the right places")
    func resolving() throws {
        let catalog = try Self.catalog()
        let job = SendJob(id: UUID(), sequence: 1, templateID: UUID(), templateName: "Casa", source: .carPlay, variables: [:],
                          state: .pending, batchID: nil, error: nil, createdAt: Date(), updatedAt: Date())
        let queued = CarPlayGridModel.alert(for: .queued(job, .notLoggedIn), templateName: "Casa")
        #expect(queued.resolved { catalog[$0]?["it"] } == "Accedi a Telegram sul tuo iPhone. “Casa” è in coda e partirà allora.")
        #expect(queued.resolved { catalog[$0]?["ru"] } == "Войдите в Telegram на iPhone. «Casa» в очереди и уйдёт после входа.")
        let step = AppText.prompt(.code(phoneNumber: "+1", delivery: "by SMS", length: 5))
        #expect(step.description == "Enter the 5-digit code Telegram sent by SMS.")
        #expect(step.resolved { catalog[$0]?["it"] } == "Inserisci il codice di 5 cifre che Telegram ha inviato by SMS.")
        #expect(AppText.verbatim("100% sure").resolved { _ in "ignored" } == "100% sure")
    }
}
