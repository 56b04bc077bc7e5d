import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport
import WidgetcRuntime

/// Localization with String Catalogs (spec localization.md): `widgetc strings`,
/// `run --locale`, `actions --locale`, `validate` with a catalog, and plans that carry the strings.
@Suite struct LocalizationTests {
    static let fixture = TestPaths.root + "/Tests/WidgetCompilerTests/Fixtures/l10n/Xcode.xcstrings"

    /// A widget whose strings are the fixture's keys in use.
    static let fixtureWidget = """
        kind: com.example.l10n.fixture
        displayName: Recent Notes
        localization: { catalog: Localizable.xcstrings }
        content:
          a: apple pie
          b: Banana bread
          c: "Café ☕ / Tap"
          d: Item 2
          e: Item 10
          n: "{{count}} notes"
        timeline: { once: true }
        """

    @Test func anXcodeCatalogRoundTripsByteForByte() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalog = dir.appendingPathComponent("Localizable.xcstrings").path
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: catalog)
        let widget = dir.appendingPathComponent("w.yaml").path
        try Self.fixtureWidget.write(toFile: widget, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: catalog))
        let (status, console) = runCLI(["strings", widget, "--catalog", catalog])
        #expect(status == .success, "\(console.stderr)")
        #expect(console.stderr.contains("unchanged"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: catalog)) == before, "Xcode's own layout must come back as it was")
    }

    @Test func stringsAddsMarksStaleKeepsTranslationsAndIsIdempotent() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalog = dir.appendingPathComponent("Localizable.xcstrings").path
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: catalog)
        let widget = dir.appendingPathComponent("w.yaml").path
        // "apple pie" is gone, "Old key" is back, "Fresh text" is new.
        try Self.fixtureWidget.replacingOccurrences(of: "a: apple pie", with: "a: Old key\n  z: Fresh text")
            .write(toFile: widget, atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["strings", widget, "--catalog", catalog])
        #expect(status == .success, "\(console.stderr)")
        #expect(console.stderr.contains("1 added") && console.stderr.contains("1 marked stale") && console.stderr.contains("1 in use again"), "\(console.stderr)")
        let text = try String(contentsOfFile: catalog, encoding: .utf8)
        #expect(text.contains("""
                "apple pie" : {
                  "comment" : "A dessert; lower case on purpose.",
                  "extractionState" : "stale",
            """))
        #expect(text.contains("""
                "Fresh text" : {
                  "extractionState" : "manual",
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Fresh text"
                      }
                    }
                  }
                },
            """))
        #expect(text.contains("\"Old key\" : {\n      \"extractionState\" : \"manual\",\n      \"localizations\" : {\n        \"de\" : {"))
        #expect(text.contains("\"value\" : \"Apfelkuchen\""))   // translations and comments kept
        let once = try Data(contentsOf: URL(fileURLWithPath: catalog))
        let (again, console2) = runCLI(["strings", widget, "--catalog", catalog])
        #expect(again == .success && console2.stderr.contains("unchanged"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: catalog)) == once)
    }

    @Test func stringsCreatesACatalog() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalog = dir.appendingPathComponent("New.xcstrings").path
        // The examples without localization, and a manifest with its bundle, copied without their catalog line.
        for name in ["notes-app.yaml", "notes.yaml", "weather.yaml"] {
            let text = try String(contentsOfFile: TestPaths.widgets + "/" + name, encoding: .utf8)
                .replacingOccurrences(of: "localization: { catalog: Localizable.xcstrings }\n", with: "")
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let (status, console) = runCLI(["strings", dir.appendingPathComponent("notes-app.yaml").path, dir.appendingPathComponent("weather.yaml").path, "--catalog", catalog])
        #expect(status == .success, "\(console.stderr)")
        let text = try String(contentsOfFile: catalog, encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \""))
        #expect(text.hasSuffix("\n  },\n  \"version\" : \"1.0\"\n}"))
        // The manifest's bundle came with it.
        #expect(text.contains("\"Recent Notes\" : {") && text.contains("\"New Note\" : {") && text.contains("\"Edit Note\" : {"))
    }

    @Test func theExampleCatalogIsUpToDate() throws {
        let catalog = TestPaths.widgets + "/Localizable.xcstrings"
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = dir.appendingPathComponent("Localizable.xcstrings").path
        for name in ["Localizable.xcstrings", "character.yaml", "countdown.yaml", "notes-app.yaml", "notes.yaml"] {
            try FileManager.default.copyItem(atPath: TestPaths.widgets + "/" + name, toPath: dir.appendingPathComponent(name).path)
        }
        let widgets = ["character.yaml", "countdown.yaml", "notes-app.yaml"].map { dir.appendingPathComponent($0).path }
        let (status, console) = runCLI(["strings"] + widgets + ["--catalog", copy])
        #expect(status == .success, "\(console.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Data(contentsOf: URL(fileURLWithPath: catalog)))
    }

    /// A widget counting 0, 1, 2, 3 with plural variations in four languages.
    func countingWidget(in dir: URL) throws -> String {
        let widget = dir.appendingPathComponent("count.yaml").path
        try """
            kind: com.example.l10n.count
            displayName: Recent Notes
            description: Notes counted.
            families: [systemSmall]
            localization: { catalog: Count.xcstrings }
            content:
              label: "{{progress}} notes"
              title: Recent Notes
            timeline:
              progress: { value: 0, since: "2026-11-29T08:00:00Z", by: 1, every: 1h, to: 3 }
            """.write(toFile: widget, atomically: true, encoding: .utf8)
        func unit(_ v: String) -> String { "{\"stringUnit\":{\"state\":\"translated\",\"value\":\"\(v)\"}}" }
        func plural(_ forms: [(String, String)]) -> String {
            "{\"variations\":{\"plural\":{" + forms.map { "\"\($0.0)\":\(unit($0.1))" }.joined(separator: ",") + "}}}"
        }
        try """
            {"sourceLanguage":"en","version":"1.0","strings":{
              "{{progress}} notes":{"localizations":{
                "en":\(plural([("one", "{{progress}} note"), ("other", "{{progress}} notes")])),
                "fr":\(plural([("one", "{{progress}} note"), ("other", "{{progress}} notes (fr)")])),
                "ru":\(plural([("one", "{{progress}} заметка"), ("few", "{{progress}} заметки"), ("many", "{{progress}} заметок"), ("other", "{{progress}} заметки")])),
                "ar":\(plural([("zero", "لا ملاحظات"), ("one", "ملاحظة واحدة"), ("two", "ملاحظتان"), ("few", "{{progress}} ملاحظات"), ("many", "{{progress}} ملاحظة"), ("other", "{{progress}} ملاحظة")])),
                "zh-Hans":\(plural([("other", "{{progress}} 条笔记")]))}},
              "Recent Notes":{"localizations":{"de":\(unit("Neueste Notizen")),"pt":\(unit("Notas recentes")),"pt-BR":{"stringUnit":{"state":"new","value":"Notas (novo)"}}}}}}
            """.write(to: dir.appendingPathComponent("Count.xcstrings"), atomically: true, encoding: .utf8)
        return widget
    }

    func labels(_ widget: String, _ extra: [String]) throws -> [String] {
        let (status, console) = runCLI(["run", widget, "--from", "2026-11-29T08:00:00Z", "--for", "4h", "--tz", "UTC", "--format", "json"] + extra)
        #expect(status == .success, "\(console.stderr)")
        let run = try JSONReader.parse(console.stdout).json
        return (run["reloads"]?.array?.first?["entries"]?.array ?? []).map { $0["content"]?["label"]?.string ?? "?" }
    }

    @Test func runRendersPluralsByCLDRRules() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let widget = try countingWidget(in: dir)
        #expect(try labels(widget, []) == ["0 notes", "1 notes", "2 notes", "3 notes"])   // no --locale: the source text
        #expect(try labels(widget, ["--locale", "en"]) == ["0 notes", "1 note", "2 notes", "3 notes"])
        #expect(try labels(widget, ["--locale", "fr-CA"]) == ["0 note", "1 note", "2 notes (fr)", "3 notes (fr)"])
        #expect(try labels(widget, ["--locale", "ru"]) == ["0 заметок", "1 заметка", "2 заметки", "3 заметки"])
        #expect(try labels(widget, ["--locale", "ar"]) == ["لا ملاحظات", "ملاحظة واحدة", "ملاحظتان", "3 ملاحظات"])
        #expect(try labels(widget, ["--locale", "zh-Hans-CN"]) == ["0 条笔记", "1 条笔记", "2 条笔记", "3 条笔记"])
        #expect(try labels(widget, ["--locale", "sw"]) == ["0 notes", "1 notes", "2 notes", "3 notes"])   // no translations: no error
    }

    @Test func lookupOrderAndStates() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let widget = try countingWidget(in: dir)
        func title(_ locale: String) throws -> String {
            let (status, console) = runCLI(["run", widget, "--from", "2026-11-29T09:00:00Z", "--for", "1h", "--format", "json", "--locale", locale])
            #expect(status == .success, "\(console.stderr)")
            let object = try JSONReader.parse(console.stdout).json
            #expect(object["locale"]?.string == LocaleTagForTests.canonical(locale))
            return object["reloads"]?.array?.first?["entries"]?.array?.first?["content"]?["title"]?.string ?? "?"
        }
        #expect(try title("de-AT") == "Neueste Notizen")
        #expect(try title("pt-BR") == "Notas recentes")   // pt-BR is `new`: not used, pt is
        #expect(try title("PT") == "Notas recentes")
        #expect(try title("ja") == "Recent Notes")
    }

    @Test func aLocaleThatIsNotATagIsExitTwo() {
        for bad in ["en_US", "e", "de--DE", "!!"] {
            let (status, console) = runCLI(["run", TestPaths.widgets + "/character.yaml", "--from", "2026-11-29T09:00:00Z", "--locale", bad])
            #expect(status == .usage, "\(bad)")
            #expect(console.stdout.isEmpty && console.stderr.contains("BCP 47"))
        }
        #expect(runCLI(["actions", TestPaths.widgets + "/notes-app.yaml", "--locale", "x"]).0 == .usage)
        #expect(runCLI(["validate", TestPaths.widgets, "--locale", "en_GB"]).0 == .usage)
    }

    @Test func theExamplesInGermanRussianChineseAndArabic() throws {
        let character = TestPaths.widgets + "/character.yaml"
        let common = ["--from", "2026-11-29T08:00:00-05:00", "--for", "2h", "--family", "systemMedium", "--format", "json"]
        func first(_ locale: String) throws -> JSONValue {
            let (status, console) = runCLI(["run", character, "--locale", locale] + common)
            #expect(status == .success, "\(console.stderr)")
            return try JSONReader.parse(console.stdout).json["reloads"]?.array?.first?["entries"]?.array?.first?["content"] ?? .null
        }
        #expect(try first("de")["status"]?.string == "25/100 Gesundheit")
        #expect(try first("de")["threat"]?.string == "Ember Wyrm greift bald an")
        #expect(try first("ru")["status"]?.string == "25 очков здоровья из 100")
        #expect(try first("ar")["status"]?.string == "25 نقطة صحة من 100")
        #expect(try first("zh-Hans")["status"]?.string == "生命值 25/100")
        let (status, console) = runCLI(["actions", TestPaths.widgets + "/notes-app.yaml", "--locale", "de", "--format", "json"])
        #expect(status == .success)
        #expect(console.stdout.contains("\"title\":\"Neue Notiz\"") && console.stdout.contains("\"title\":\"Notiz bearbeiten\""))
        let plist = runCLI(["actions", TestPaths.widgets + "/notes-app.yaml", "--locale", "zh-Hans"]).1.stdout
        #expect(plist.contains("<string>新建笔记</string>"))
    }

    @Test func validateChecksTheCatalog() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let widget = try countingWidget(in: dir)
        let catalog = dir.appendingPathComponent("Count.xcstrings").path
        var (status, console) = runCLI(["validate", widget])
        #expect(status == .success, "\(console.stderr)")
        // de, pt, pt-BR lack the label and the description; fr, ru, ar, zh-Hans, en the title and the description.
        #expect(console.stderr.contains("warning: 2 of 3 strings have no usable 'de' translation (widgetc validate --locale de lists them) [l10n-missing]"), "\(console.stderr)")
        (status, console) = runCLI(["validate", widget, "--locale", "ru"])
        #expect(console.stderr.contains("Count.xcstrings:8:3: warning: 'Recent Notes' has no usable 'ru' translation") && console.stderr.contains("count.yaml:3:14: warning: 'Notes counted.' has no usable 'ru' translation"), "\(console.stderr)")
        (status, console) = runCLI(["validate", widget, "--locale", "ko"])
        #expect(console.stderr.components(separatedBy: "has no usable 'ko' translation").count == 4, "\(console.stderr)")

        // A tag the key lacks, a template that does not parse, plural variations without other.
        var text = try String(contentsOfFile: catalog, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"Neueste Notizen\"", with: "\"Neueste {{data.x}} Notizen\"")
            .replacingOccurrences(of: "\"Notas recentes\"", with: "\"Notas {{#a}} recentes\"")
            .replacingOccurrences(of: "\"other\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"{{progress}} 条笔记\"}}", with: "\"many\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"{{progress}} 条笔记\"}}")
        try text.write(toFile: catalog, atomically: true, encoding: .utf8)
        (status, console) = runCLI(["validate", widget, "--format", "json"])
        #expect(status == .inputErrors)
        let report = try JSONReader.parse(console.stdout).json
        var codes: [String] = []
        for d in report["diagnostics"]?.array ?? [] {
            let code: String = d["code"]?.string ?? ""
            let file: String = d["file"]?.string ?? ""
            let line: Int = Int(d["line"]?.number ?? 0)
            codes.append(file == catalog ? "\(code)@\(line)" : code)
        }
        #expect(codes.contains("l10n-variable@8"), "\(codes)")
        #expect(codes.contains("l10n-template@8"), "\(codes)")
        #expect(codes.contains("l10n-plural-other@7"), "\(codes)")
        // compile writes nothing then.
        let out = dir.appendingPathComponent("plans").path
        #expect(runCLI(["compile", widget, "--out", out]).0 == .inputErrors)
    }

    @Test func aBrokenCatalogIsAPositionedErrorNeverACrash() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let widget = try countingWidget(in: dir)
        let catalog = dir.appendingPathComponent("Count.xcstrings")
        for (bytes, line, column) in [
            ("{\"sourceLanguage\": \"en\",\n  \"strings\": {1: {}}}", 2, 15),
            ("[1, 2]", 1, 1),
            ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": {\"localizations\": {\"de\": {\"stringUnit\": {\"state\": 1}}}}}}", 1, 93),
            ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": {\"localizations\": {\"de\": {\"variations\": {\"plural\": {\"several\": {}}}}}}}}", 1, 95),
            ("not json", 1, 1),
        ] {
            try bytes.write(to: catalog, atomically: true, encoding: .utf8)
            let (status, console) = runCLI(["validate", widget])
            #expect(status == .inputErrors, "\(bytes)")
            #expect(console.stderr.contains("Count.xcstrings:\(line):\(column): error:") && console.stderr.contains("[l10n-catalog]"), "\(bytes): \(console.stderr)")
            #expect(runCLI(["run", widget, "--from", "2026-11-29T09:00:00Z", "--for", "1h", "--locale", "de"]).0 == .inputErrors)
            #expect(runCLI(["strings", widget, "--catalog", catalog.path]).0 == .inputErrors)
        }
        try FileManager.default.removeItem(at: catalog)
        let (status, console) = runCLI(["validate", widget])
        #expect(status == .inputErrors && console.stderr.contains("count.yaml:5:26: error: String Catalog 'Count.xcstrings' cannot be read"), "\(console.stderr)")
    }

    /// The plan carries the strings; the runtime library shows them in the locale it is given.
    @Test func planCarriesTheStringsAndTheRuntimeTakesALocale() throws {
        let out = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let (status, console) = runCLI(["compile", TestPaths.widgets + "/character.yaml", "--out", out.path])
        #expect(status == .success, "\(console.stderr)")
        let url = out.appendingPathComponent("com.mygame.character-detail.plan.json")
        let german = try WidgetPlan(contentsOf: url, locale: Locale(identifier: "de_DE"))
        #expect(german.locale == "de-DE")
        #expect(german.displayName == "Figurdetails")
        #expect(german.description == "Die Gesundheit erholt sich um 25 % pro Stunde.")
        #expect(german.parameters[0].title == "Figur" && german.parameters[0].valueTitles["egghead"] == "Eierkopf")
        let date = Date(timeIntervalSince1970: 1_795_957_200)   // 2026-11-29T08:00:00-05:00
        let container = URL(fileURLWithPath: TestPaths.widgets + "/container")
        #expect(german.timeline(at: date, family: "systemMedium", container: container, fetcher: NoNetwork()).entries[0]["status"]?.string == "25/100 Gesundheit")
        #expect(german.snapshot(at: date)["status"]?.string == "Erholt sich")
        let chinese = try WidgetPlan(contentsOf: url, locale: Locale(identifier: "zh-Hans_CN"))
        #expect(chinese.displayName == "角色详情")
        let source = try WidgetPlan(contentsOf: url, locale: nil)
        #expect(source.displayName == "Character Details" && source.locale == nil)
        #expect(source.parameters[0].valueTitles["egghead"] == "Egghead")
    }
}

enum LocaleTagForTests {
    static func canonical(_ tag: String) -> String {
        var parts: [String] = []
        for (i, p) in tag.split(separator: "-").enumerated() {
            if i == 0 { parts.append(p.lowercased()) }
            else if p.count == 2 { parts.append(p.uppercased()) }
            else if p.count == 4 { parts.append(p.prefix(1).uppercased() + p.dropFirst().lowercased()) }
            else { parts.append(p.lowercased()) }
        }
        return parts.joined(separator: "-")
    }
}
