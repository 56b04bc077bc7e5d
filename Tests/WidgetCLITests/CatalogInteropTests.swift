import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// The app's own String Catalog, unchanged (issue 35): keys the widget does not use,
/// `manual` keys, Xcode's key order, substitutions, keys with arguments, and the state
/// `l10n-missing` found. Each catalog is made for its test: a few keys with the shape.
@Suite struct CatalogInteropTests {
    /// Writes `widget` as w.yaml and `catalog` as App.xcstrings in a new directory.
    func files(widget: String, catalog: String) throws -> (dir: URL, widget: String, catalog: String) {
        let dir = try temporaryDirectory()
        let w = dir.appendingPathComponent("w.yaml").path, c = dir.appendingPathComponent("App.xcstrings").path
        try widget.write(toFile: w, atomically: true, encoding: .utf8)
        try catalog.write(toFile: c, atomically: true, encoding: .utf8)
        return (dir, w, c)
    }

    static func unit(_ value: String, _ state: String = "translated") -> String {
        "{ \"stringUnit\" : { \"state\" : \"\(state)\", \"value\" : \"\(value)\" } }"
    }

    static func plural(_ forms: [(String, String)]) -> String {
        "{ \"variations\" : { \"plural\" : { " + forms.map { "\"\($0.0)\" : \(unit($0.1))" }.joined(separator: ", ") + " } } }"
    }

    /// Content values in the first entry of `run --locale`.
    func contents(_ widget: String, _ locale: String?, entries: Int = 1) throws -> [JSONValue] {
        let (status, console) = runCLI(["run", widget, "--from", "2026-11-29T08:00:00Z", "--for", "4h", "--tz", "UTC", "--format", "json"] + (locale.map { ["--locale", $0] } ?? []))
        #expect(status == .success, "\(console.stderr)")
        let object = try JSONReader.parse(console.stdout).json
        return Array((object["reloads"]?.array?.first?["entries"]?.array ?? []).prefix(entries).map { $0["content"] ?? .null })
    }

    static let counting = """
        kind: com.example.interop
        displayName: Notes
        description: Counted.
        families: [systemSmall]
        localization: { catalog: App.xcstrings }
        content:
          title: Notes
        timeline:
          progress: { value: 0, since: "2026-11-29T08:00:00Z", by: 1, every: 1h, to: 3 }
        """

    @Test func keysTheWidgetDoesNotUseAreTheAppsBusiness() throws {
        let f = try files(widget: Self.counting, catalog: """
            {"sourceLanguage":"en","version":"1.0","strings":{
              "Notes":{"localizations":{"de":\(Self.unit("Notizen"))}},
              "Type %@ to search":{"localizations":{"de":\(Self.unit("Tippe {{subject}} ein"))}},
              "Unclosed":{"localizations":{"de":\(Self.unit("Offen {{"))}},
              "Unused plural":{"localizations":{"de":\(Self.plural([("one", "eins")]))}},
              "Counted.":{"localizations":{"de":\(Self.plural([("one", "eins")]))}}}}
            """)
        defer { try? FileManager.default.removeItem(at: f.dir) }
        // Only the keys the widget uses are checked ("Counted." has no 'other').
        var (status, console) = runCLI(["validate", f.widget])
        #expect(status == .inputErrors)
        #expect(!console.stderr.contains("l10n-variable") && !console.stderr.contains("l10n-template"), "\(console.stderr)")
        #expect(console.stderr.components(separatedBy: "[l10n-plural-other]").count == 2 && console.stderr.contains("of 'Counted.'"), "\(console.stderr)")
        try Self.counting.replacingOccurrences(of: "description: Counted.", with: "description: Notes").write(toFile: f.widget, atomically: true, encoding: .utf8)
        (status, console) = runCLI(["validate", f.widget])
        #expect(status == .success, "\(console.stderr)")
        #expect(try contents(f.widget, "de").first?["title"]?.string == "Notizen")
        #expect(runCLI(["compile", f.widget, "--out", f.dir.appendingPathComponent("plans").path]).0 == .success)
        // The same bad translation in a key the widget uses is an error.
        let used = Self.counting.replacingOccurrences(of: "description: Counted.", with: "description: Notes")
            .replacingOccurrences(of: "title: Notes", with: "title: Unclosed")
        try used.write(toFile: f.widget, atomically: true, encoding: .utf8)
        let (again, console2) = runCLI(["validate", f.widget])
        #expect(again == .inputErrors && console2.stderr.contains("l10n-template"), "\(console2.stderr)")
    }

    @Test func manualKeysAreNeverMarkedStale() throws {
        let f = try files(widget: Self.counting, catalog: """
            {"sourceLanguage":"en","version":"1.0","strings":{
              "Notes":{"localizations":{"de":\(Self.unit("Notizen"))}},
              "Hand made":{"extractionState":"manual","localizations":{"de":\(Self.unit("Handgemacht"))}},
              "From code":{"localizations":{"de":\(Self.unit("Aus dem Code"))}},
              "Extracted":{"extractionState":"extracted_with_value","localizations":{"de":\(Self.unit("Extrahiert"))}}}}
            """)
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let (status, console) = runCLI(["strings", f.widget, "--catalog", f.catalog])
        #expect(status == .success, "\(console.stderr)")
        #expect(console.stderr.contains("2 marked stale") && console.stderr.contains("1 unused manual key kept"), "\(console.stderr)")
        let catalog = try JSONReader.parse(String(contentsOfFile: f.catalog, encoding: .utf8)).json
        func state(_ key: String) -> String? { catalog["strings"]?[key]?["extractionState"]?.string }
        #expect(state("Hand made") == "manual")
        #expect(state("From code") == "stale" && state("Extracted") == "stale")
        #expect(state("Notes") == nil)
        let once = try Data(contentsOf: URL(fileURLWithPath: f.catalog))
        #expect(runCLI(["strings", f.widget, "--catalog", f.catalog]).1.stderr.contains("unchanged"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: f.catalog)) == once)
    }

    /// A catalog Xcode wrote (its key order, its layout) comes back byte for byte when
    /// nothing changed but stale marks.
    @Test func anXcodeOrderedCatalogComesBackWithOnlyStaleMarks() throws {
        // Root collation: "_" before "-" and dashes before "(", "*" before "%", symbols before letters.
        let keys = ["_more", "-6mo", "—", "(%@)", "**Thank you", "%@", "%lld/%lld", "🎉", "Add…", "AddButtonTooltip", "Notes", "Radial menu", "Radial Menu"]
        func entry(_ key: String, stale: Bool) -> String {
            let state = key == "Notes" ? "" : "\n      \"extractionState\" : \"\(stale ? "stale" : "extracted_with_value")\","
            return "    \"\(key)\" : {\(state)\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"x\"\n          }\n        }\n      }\n    }"
        }
        func catalog(stale: Bool) -> String {
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + keys.map { entry($0, stale: stale) }.joined(separator: ",\n") + "\n  },\n  \"version\" : \"1.0\"\n}"
        }
        let f = try files(widget: Self.counting.replacingOccurrences(of: "description: Counted.", with: "description: Notes"), catalog: catalog(stale: false))
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let (status, console) = runCLI(["strings", f.widget, "--catalog", f.catalog])
        #expect(status == .success, "\(console.stderr)")
        #expect(try String(contentsOfFile: f.catalog, encoding: .utf8) == catalog(stale: true))
    }

    static let substitutionCatalog = """
        {"sourceLanguage":"en","version":"1.0","strings":{
          "Followers: %lld":{"localizations":{
            "en":{"stringUnit":{"state":"translated","value":"%#@followers@"},
                  "substitutions":{"followers":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{
                    "one":\(unit("%arg follower")),"other":\(unit("%arg followers"))}}}}},
            "de":{"stringUnit":{"state":"translated","value":"Follower: %#@followers@"},
                  "substitutions":{"followers":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{
                    "one":\(unit("ein Follower")),"other":\(unit("%arg Follower"))}}}}},
            "fr":{"stringUnit":{"state":"translated","value":"Abonnés : %#@followers@"},
                  "substitutions":{"followers":{"argNum":1,"formatSpecifier":"lld","variations":{"device":{
                    "iphone":\(unit("%arg abonnés"))}}}}}}}}}
        """

    @Test func substitutionsRenderByTheirArgument() throws {
        let widget = Self.counting.replacingOccurrences(of: "title: Notes", with: "title: { key: \"Followers: %lld\", args: [\"{{progress}}\"] }")
        let f = try files(widget: widget, catalog: Self.substitutionCatalog)
        defer { try? FileManager.default.removeItem(at: f.dir) }
        #expect(try contents(f.widget, "de", entries: 3).map { $0["title"]?.string ?? "?" } == ["Follower: 0 Follower", "Follower: ein Follower", "Follower: 2 Follower"])
        #expect(try contents(f.widget, "en", entries: 2).map { $0["title"]?.string ?? "?" } == ["0 followers", "1 follower"])
        // fr's substitution varies by device, which widgetc does not render: the source language's unit shows.
        #expect(try contents(f.widget, "fr", entries: 2).map { $0["title"]?.string ?? "?" } == ["0 followers", "1 follower"])
        // No --locale: the key is the format.
        #expect(try contents(f.widget, nil, entries: 2).map { $0["title"]?.string ?? "?" } == ["Followers: 0", "Followers: 1"])
        let (_, console) = runCLI(["validate", f.widget, "--locale", "fr"])
        #expect(console.stderr.contains("'Followers: %lld' has no usable 'fr' translation ('fr' is unusable: substitution 'followers' has 'device' variations"), "\(console.stderr)")
    }

    @Test func aSubstitutionWithoutArgumentsShowsTheSourceTextAndIsNotTranslated() throws {
        let widget = Self.counting.replacingOccurrences(of: "title: Notes", with: "title: \"Followers: %lld\"")
        let f = try files(widget: widget, catalog: Self.substitutionCatalog)
        defer { try? FileManager.default.removeItem(at: f.dir) }
        #expect(try contents(f.widget, "de").first?["title"]?.string == "Followers: %lld")
        let (_, console) = runCLI(["validate", f.widget, "--locale", "de"])
        #expect(console.stderr.contains("'Followers: %lld' has no usable 'de' translation ('de' is unusable: substitutions (%#@followers@) that need the key's arguments"), "\(console.stderr)")
        #expect(console.stderr.contains("warning: 'Followers: %lld' has format specifiers (%lld) that plain text shows as written; pass its arguments by naming the key: { key: \"Followers: %lld\", args: [\"{{a number}}\"] }"), "\(console.stderr)")
        #expect(console.stderr.contains("[l10n-format]"))
    }

    static let printfCatalog = """
        {"sourceLanguage":"en","version":"1.0","strings":{
          "%lld notes":{"localizations":{
            "en":\(plural([("one", "%lld note"), ("other", "%lld notes")])),
            "ru":\(plural([("one", "%lld заметка"), ("few", "%lld заметки"), ("many", "%lld заметок"), ("other", "%lld заметки")]))}},
          "%1$@ of %2$@":{"localizations":{"de":\(unit("%2$@: %1$@", "machine_translated"))}},
          "Version %@":{"localizations":{"de":\(unit("Fassung %@"))}},
          "%.1f km, 100%%":{"localizations":{"de":\(unit("%.1f km, 100 %%"))}}}}
        """

    @Test func keysWithArgumentsAreFilledAsStringFormatFillsThem() throws {
        let widget = Self.counting.replacingOccurrences(of: "title: Notes", with: """
            notes: { key: "%lld notes", args: ["{{progress}}"] }
              pair: { key: "%1$@ of %2$@", args: ["{{progress}}", "three"] }
              version: { key: "Version %@", args: ["2.1"] }
              km: { key: "%.1f km, 100%%", args: [2.5] }
            """)
        let f = try files(widget: widget, catalog: Self.printfCatalog)
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let ru = try contents(f.widget, "ru", entries: 4)
        #expect(ru.map { $0["notes"]?.string ?? "?" } == ["0 заметок", "1 заметка", "2 заметки", "3 заметки"])
        let de = try contents(f.widget, "de", entries: 2)
        #expect(de.map { $0["pair"]?.string ?? "?" } == ["three: 0", "three: 1"])   // machine_translated is shown
        #expect(de.first?["version"]?.string == "Fassung 2.1")
        #expect(de.first?["km"]?.string == "2.5 km, 100 %")
        // de has no "%lld notes": the source language's unit (its plural variations), as an app falls back.
        #expect(de.map { $0["notes"]?.string ?? "?" } == ["0 notes", "1 note"])
        let source = try contents(f.widget, nil, entries: 2)
        #expect(source.map { $0["notes"]?.string ?? "?" } == ["0 notes", "1 notes"])
        #expect(source.first?["km"]?.string == "2.5 km, 100%")
        // The plan carries the form; the schema accepts it.
        let out = f.dir.appendingPathComponent("plans").path
        let (status, console) = runCLI(["compile", f.widget, "--out", out])
        #expect(status == .success, "\(console.stderr)")
        let planFile = try FileManager.default.contentsOfDirectory(atPath: out).first { $0.hasSuffix(".json") } ?? ""
        let plan = try JSONReader.parse(String(contentsOfFile: out + "/" + planFile, encoding: .utf8)).json
        #expect(plan["content"]?["notes"]?["key"]?.string == "%lld notes")
        #expect(plan["content"]?["notes"]?["args"]?.array == [.string("{{progress}}")])
        #expect(plan["localization"]?["strings"]?["%1$@ of %2$@"]?["de"]?.string == "%2$@: %1$@")
    }

    @Test func validateChecksArgumentsAgainstTheSpecifiers() throws {
        let widget = Self.counting.replacingOccurrences(of: "title: Notes", with: """
            pair: { key: "%1$@ of %2$@", args: ["{{progress}}"] }
              notes: { key: "%lld notes", args: ["many"] }
              plain: { key: "Notes", args: [1] }
              good: { key: "%lld notes", args: ["{{progress}}"] }
              version: "Version %@"
            """)
        let f = try files(widget: widget, catalog: Self.printfCatalog)
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let (status, console) = runCLI(["validate", f.widget])
        #expect(status == .inputErrors)
        let err = console.stderr
        #expect(err.contains("w.yaml:7:38: error: '%1$@ of %2$@' takes 2 arguments (%1$@, %2$@), but 1 is given; one argument per specifier, in order (`%2$@` reads the second)"), "\(err)")
        #expect(err.contains("w.yaml:8:38: error: argument 1 of '%lld notes' is 'many', but its specifier %lld shows a number"), "\(err)")
        #expect(err.contains("w.yaml:9:32: error: 'Notes' takes no specifier, so no argument, but 1 is given"), "\(err)")
        #expect(err.contains("w.yaml:11:12: warning: 'Version %@' has format specifiers (%@) that plain text shows as written; pass its arguments by naming the key: { key: \"Version %@\", args: [\"{{a value}}\"] }"), "\(err)")
        #expect(err.components(separatedBy: "[l10n-arguments]").count == 4, "\(err)")
        // A lone parameter tag whose type is not a number, where the specifier shows one.
        let withParameter = Self.counting.replacingOccurrences(of: "families: [systemSmall]", with: "families: [systemSmall]\nparameters:\n  city: { type: string, default: Oslo }\n  count: { type: integer, default: 2 }")
            .replacingOccurrences(of: "title: Notes", with: "title: { key: \"%lld notes\", args: [\"{{ param.city }}\"] }\n  fine: { key: \"%lld notes\", args: [\"{{param.count}}\"] }")
        try withParameter.write(toFile: f.widget, atomically: true, encoding: .utf8)
        let (typed, console4) = runCLI(["validate", f.widget])
        #expect(typed == .inputErrors)
        #expect(console4.stderr.contains("error: argument 1 of '%lld notes' is parameter 'city', of type string, but its specifier %lld shows a number"), "\(console4.stderr)")
        #expect(console4.stderr.components(separatedBy: "[l10n-arguments]").count == 2, "\(console4.stderr)")
        // A translation that reads an argument the key does not have, at its place in the catalog.
        try Self.printfCatalog.replacingOccurrences(of: "Fassung %@", with: "Fassung %2$@").write(toFile: f.catalog, atomically: true, encoding: .utf8)
        try Self.counting.replacingOccurrences(of: "title: Notes", with: "version: { key: \"Version %@\", args: [\"2.1\"] }").write(toFile: f.widget, atomically: true, encoding: .utf8)
        let (reads, console3) = runCLI(["validate", f.widget])
        #expect(reads == .inputErrors)
        #expect(console3.stderr.contains("App.xcstrings:6:92: error: the 'de' translation of 'Version %@' reads argument 2 (%2$@), but the key's specifiers read 1; a translation uses the key's arguments [l10n-arguments]"), "\(console3.stderr)")
        // A member the form does not have is the schema's error.
        try Self.counting.replacingOccurrences(of: "title: Notes", with: "title: { key: \"Notes\", argz: [] }").write(toFile: f.widget, atomically: true, encoding: .utf8)
        let (bad, console2) = runCLI(["validate", f.widget])
        #expect(bad == .inputErrors && console2.stderr.contains("argz"), "\(console2.stderr)")
    }

    @Test func missingNamesTheStateItFound() throws {
        let f = try files(widget: Self.counting, catalog: """
            {"sourceLanguage":"en","version":"1.0","strings":{
              "Notes":{"localizations":{"pt-BR":\(Self.unit("Notas", "new")),"pt":\(Self.unit("Notas", "stale")),"de":\(Self.unit("Notizen", "machine_translated"))}}}}
            """)
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let (_, console) = runCLI(["validate", f.widget, "--locale", "pt-BR"])
        #expect(console.stderr.contains("'Notes' has no usable 'pt-BR' translation ('pt-BR' is in state new; 'pt' is in state stale): it shows in en"), "\(console.stderr)")
        let (_, german) = runCLI(["validate", f.widget, "--locale", "de"])
        #expect(!german.stderr.contains("'Notes' has no usable"), "\(german.stderr)")
        #expect(try contents(f.widget, "de").first?["title"]?.string == "Notizen")
    }
}
