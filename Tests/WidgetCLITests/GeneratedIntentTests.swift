import Foundation
import Testing
import WidgetCLI
import WidgetCompiler
import WidgetSupport
import WidgetTestSupport

/// What the plans and the generated configuration intent carry to the device (#31): no path of
/// the machine that compiled them, the edit sheet's strings (option titles, descriptions) and
/// duration ranges that are never negative.
@Suite struct GeneratedIntentTests {
    static let widget = """
        kind: com.example.pet
        displayName: Pet
        description: Your pet
        families: [systemSmall]
        parameters:
          pet: { type: enum, title: Pet, description: Which pet the widget shows, values: [panda, egghead], valueTitles: { panda: Power Panda } }
          every: { type: duration, title: Every, max: 2h, default: 15m }
          after: { type: duration, title: After, min: 5m }
          count: { type: integer, title: Count, max: 9 }
        content: { name: "{{param.pet}}" }
        timeline: { once: true }

        """

    /// A directory with the widget at `sub/pet.yaml` and its manifest at `sub/app.yaml`.
    func project() throws -> URL {
        let dir = try temporaryDirectory()
        let sub = dir.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try Self.widget.write(to: sub.appendingPathComponent("pet.yaml"), atomically: true, encoding: .utf8)
        try "app: com.example.pets\ndisplayName: Pets\nwidgets: [pet.yaml]\n".write(
            to: sub.appendingPathComponent("app.yaml"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func plansNameTheirSourceByFileNameOnly() throws {
        let dir = try project()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("plans")
        // An absolute path, as a build script would type it.
        let (status, console) = runCLI(["compile", dir.path + "/sub/app.yaml", "--out", out.path])
        #expect(status == .success, "\(console.stderr)")
        for (file, source) in [("com.example.pet.plan.json", "pet.yaml"), ("com.example.pets.app.json", "app.yaml")] {
            let text = try String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)
            #expect(try JSONReader.parse(text).json["source"]?.string == source)
            #expect(!text.contains(dir.path), "\(file) holds the machine's path")
        }
        // The run of the plan and of its YAML still agree (the header's file is the plan's source).
        let window = ["--from", "2026-11-29T08:00:00Z", "--for", "1h", "--format", "json"]
        let fromYAML = runCLI(["run", dir.path + "/sub/pet.yaml"] + window).1.stdout
        let fromPlan = runCLI(["run", out.path + "/com.example.pet.plan.json"] + window).1.stdout
        #expect(fromYAML.contains("\"file\": \"pet.yaml\""))
        #expect(fromPlan == fromYAML)
    }

    @Test func theIntentCarriesOptionTitlesDescriptionsAndNonNegativeDurationRanges() throws {
        let dir = try project()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let (status, console) = runCLI(["generate", "swift", dir.path + "/sub/app.yaml", "--out", out.path])
        #expect(status == .success, "\(console.stderr)")
        let swift = try String(contentsOf: out.appendingPathComponent("Widgets/PetWidget.swift"), encoding: .utf8)
        // valueTitles name the option; a value without a title shows as written.
        #expect(swift.contains(".panda: DisplayRepresentation(title: \"Power Panda\"),"))
        #expect(swift.contains(".egghead: DisplayRepresentation(title: \"egghead\"),"))
        #expect(swift.contains("@Parameter(title: \"Pet\", description: \"Which pet the widget shows\", default: .panda)"))
        // An open side of a duration range: 1 second below, the longest duration above; never Int.min.
        #expect(swift.contains("@Parameter(title: \"Every\", default: 900, inclusiveRange: (1, 7200))"))
        #expect(swift.contains("@Parameter(title: \"After\", default: 300, inclusiveRange: (300, 86400000000))"))
        // An integer's open side stays the type's limit.
        #expect(swift.contains("@Parameter(title: \"Count\", default: 0, inclusiveRange: (Int.min, 9))"))
        // The plan keeps the description (only where written).
        let plan = try JSONReader.parse(String(contentsOf: out.appendingPathComponent("Resources/com.example.pet.plan.json"), encoding: .utf8)).json
        let parameters = try #require(plan["parameters"]?.array)
        #expect(parameters[0]["description"]?.string == "Which pet the widget shows")
        #expect(parameters[1]["description"] == nil)
    }

    /// The extension's String Catalog: the gallery, intent and option strings, with the
    /// translations the widget's catalog gives them, as a valid .xcstrings (what our own reader
    /// and Xcode's writer agree on).
    @Test func theExtensionGetsAStringCatalogOfItsGalleryIntentAndOptionStrings() throws {
        let out = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let (status, console) = runCLI(["generate", "swift", TestPaths.widgets + "/character.yaml", "--out", out.path])
        #expect(status == .success, "\(console.stderr)")
        let path = out.path + "/Resources/Localizable.xcstrings"
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let (catalog, diagnostics) = StringCatalog.load(bytes: bytes, path: path)
        #expect(catalog != nil)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        // Written as Xcode writes catalogs: rewriting it changes nothing.
        #expect(CatalogWriter.bytes(try JSONReader.parse(bytes: bytes).json) == bytes)
        let json = try JSONReader.parse(bytes: bytes).json
        #expect(json["sourceLanguage"] == "en")
        let strings = try #require(json["strings"]?.object)
        // The gallery (display name, description), the intent (parameter title), the options (valueTitles).
        #expect(Set(strings.keys) == ["Character Details", "Health recovers 25% an hour.", "Character", "Panda", "Egghead", "Spouty"])
        func value(_ key: String, _ language: String) -> String? { strings[key]?["localizations"]?[language]?["stringUnit"]?["value"]?.string }
        #expect(value("Character Details", "de") == "Figurdetails")
        #expect(value("Character Details", "en") == "Character Details")
        #expect(value("Character", "de") == "Figur")
        #expect(strings["Panda"]?["localizations"]?["ar"] != nil)
        // Every language the widget's catalog translates the display name into is there.
        let source = try JSONReader.parse(String(contentsOfFile: TestPaths.widgets + "/Localizable.xcstrings", encoding: .utf8)).json
        let languages = Set(source["strings"]?["Character Details"]?["localizations"]?.object?.keys ?? [])
        #expect(Set(strings["Character Details"]?["localizations"]?.object?.keys ?? []) == languages)
    }

    @Test func aWidgetWithoutACatalogGetsItsKeysInTheSourceLanguage() throws {
        let dir = try project()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        #expect(runCLI(["generate", "swift", dir.path + "/sub/app.yaml", "--out", out.path]).0 == .success)
        let json = try JSONReader.parse(String(contentsOf: out.appendingPathComponent("Resources/Localizable.xcstrings"), encoding: .utf8)).json
        let strings = try #require(json["strings"]?.object)
        // The parameter's description and the options' titles (valueTitles, else the value) are keys.
        for key in ["Pet", "Your pet", "Which pet the widget shows", "Power Panda", "egghead", "Every", "After", "Count"] {
            #expect(strings[key]?["localizations"]?["en"]?["stringUnit"]?["value"]?.string == key, "\(key)")
        }
        #expect(strings["panda"] == nil)
    }
}
