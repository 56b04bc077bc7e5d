import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import WidgetCLI
import WidgetSimulator
import WidgetSupport
import WidgetTestSupport
import WidgetcRuntimeCore
import WidgetTime

/// `widgetc preview`: the page's structure without a browser (it parses as XML, one card per
/// distinct entry with its time, the budget line ends at the run's `budget.used`), escaping,
/// bad input, and, when Chromium is installed, a real browser's rendering (bench/preview-shots).
@Suite struct PreviewTests {
    static let widgets = TestPaths.widgets

    /// The page's elements with their attributes and text, from Foundation's XML parser.
    final class Elements: NSObject, XMLParserDelegate {
        struct Element { var name: String; var attributes: [String: String]; var text = "" }
        var all: [Element] = []
        private var open: [Int] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
            open.append(all.count)
            all.append(Element(name: name, attributes: attributes))
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) { open.removeLast() }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            for i in open { all[i].text += string }
        }
        func named(_ name: String, class c: String? = nil) -> [Element] {
            all.filter { $0.name == name && (c == nil || ($0.attributes["class"] ?? "").split(separator: " ").contains(Substring(c!))) }
        }
    }

    func parse(_ page: String) throws -> Elements {
        let parser = XMLParser(data: Data(page.utf8))
        let elements = Elements()
        parser.delegate = elements
        guard parser.parse() else {
            throw TestFailure("the page is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?") at line \(parser.lineNumber)")
        }
        return elements
    }

    func preview(_ args: [String]) throws -> String {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("page.html").path
        let (status, console) = runCLI(["preview"] + args + ["--out", out])
        guard status == .success else { throw TestFailure("preview failed: \(console.stderr)") }
        #expect(console.stdout.isEmpty)
        return try String(contentsOfFile: out, encoding: .utf8)
    }

    @Test func onePagePerRunWithACardPerEntryAndTheBudgetOfTheRun() throws {
        let args = [Self.widgets + "/character.yaml", "--family", "systemSmall", "--from", "2026-11-29T08:00:00-05:00", "--for", "12h"]
        let page = try preview(args)
        let elements = try parse(page)
        let (status, console) = runCLI(["run"] + args + ["--format", "json"])
        #expect(status == .success)
        let run = try JSONReader.parse(console.stdout).json
        // The distinct entries of the run object, in date order; consecutive ones that show the same
        // (the character's face reads only its content) are one card with their count (issue 36).
        var distinct: [JSONValue] = []
        var seen = Set<String>()
        for reload in run["reloads"]?.array ?? [] {
            for entry in reload["entries"]?.array ?? [] where seen.insert(JSONWriter.string(entry)).inserted { distinct.append(entry) }
        }
        distinct.sort { ($0["date"]?.string ?? "") < ($1["date"]?.string ?? "") }
        var merged: [(date: String, count: Int)] = []
        for (i, entry) in distinct.enumerated() {
            if i > 0, entry["content"] == distinct[i - 1]["content"], entry["url"] == distinct[i - 1]["url"] {
                merged[merged.count - 1].count += 1
            } else {
                merged.append((entry["date"]?.string ?? "", 1))
            }
        }
        // 11:00 (full health) and the 14:00 reload's entry show the same.
        #expect(merged.map(\.count) == [1, 1, 1, 2])
        let cards = elements.named("figure", class: "card")
        #expect(cards.map { $0.attributes["data-date"] ?? "" } == merged.map(\.date))
        #expect(elements.named("span", class: "count").map(\.text) == ["×2"])
        #expect(elements.named("p", class: "note").first?.text.hasPrefix("5 entries in 4 cards: consecutive entries that show the same are one card") == true)
        #expect(cards.first?.attributes["title"] == "mygame://character/panda")
        #expect(cards.first?.text.contains("08:00") == true)
        // The character's face (its view): light and dark, drawn from the entry's render tree.
        let faces = elements.named("div", class: "face")
        #expect(faces.count == 2 * cards.count)
        #expect(faces.prefix(2).map { $0.attributes["class"] ?? "" } == ["face view systemSmall light", "face view systemSmall dark"])
        #expect(faces.first.map { $0.text.contains("Power Panda") && $0.text.contains("Level 12") && $0.text.contains("25/100") } == true)
        #expect(elements.named("span", class: "v1").isEmpty)
        let budget = elements.named("polyline", class: "budget")
        #expect(budget.count == 1)
        #expect(budget.first?.attributes["data-used"] == run["budget"]?["used"].map { JSONWriter.string($0) })
        // The step line ends at budget.used: its last point is at the used count's height
        // (the lane runs from 0 at y 250 to max(limit, used) at y 150).
        #expect(budget.first?.attributes["data-limit"] == "70")
        let used = Double(run["budget"]?["used"]?.number ?? -1)
        let last = budget.first?.attributes["points"]?.split(separator: " ").last?.split(separator: ",").last.flatMap { Double($0) }
        #expect(last.map { abs($0 - (250 - 100 * used / max(70, used))) < 0.06 } == true)
        #expect(elements.named("circle", class: "mark").count == run["reloads"]?.array?.count)
        // The header and the causes.
        #expect(page.contains("America/New_York"))
        #expect(page.contains("character=&quot;panda&quot;"))
        #expect(elements.named("text", class: "label").map(\.text) == ["initial", "atEnd", "after"])
        #expect(!page.contains("<script"))
        // Self-contained: nothing to load.
        #expect(elements.all.allSatisfy { $0.attributes["src"] == nil && $0.attributes["href"] == nil })
        #expect(!page.contains("url(") && !page.contains("@import") && !page.contains("@font-face"))
    }

    @Test func theBytesAreTheSameEveryTime() throws {
        let args = [Self.widgets + "/wishes.yaml", "--scenario", Self.widgets + "/scenarios/wishes-outage.json", "--from", "2026-11-29T09:00:00+01:00", "--for", "6h"]
        #expect(try preview(args) == preview(args))
    }

    @Test func everyDeclaredFamilyHasAStripInItsPointSize() throws {
        let page = try preview([Self.widgets + "/weather.yaml", "--from", "2026-11-29T08:00", "--for", "6h"])
        let elements = try parse(page)
        let families = elements.named("section", class: "family").compactMap { $0.attributes["id"] }
        #expect(families.count >= 1)
        for family in families {
            let size = DeviceClass.standard.size(of: WidgetFamily(rawValue: family)!)
            #expect(page.contains("width:\(FaceRenderer.number(size.width))px;height:\(FaceRenderer.number(size.height))px"))
        }
        let one = try parse(try preview([Self.widgets + "/weather.yaml", "--family", families[0], "--from", "2026-11-29T08:00", "--for", "6h"]))
        #expect(one.named("section", class: "family").count == 1)
    }

    @Test func aDeferredReloadIsMarkedWithItsDueTime() throws {
        let page = try preview([Self.widgets + "/tutorials.yaml", "--from", "2026-11-29T08:00", "--for", "1h"])
        let elements = try parse(page)
        let deferred = elements.named("circle", class: "deferred")
        #expect(!deferred.isEmpty)
        #expect(deferred.allSatisfy { $0.text.contains("deferred from") })
        #expect(!elements.named("line", class: "deferral").isEmpty)
    }

    @Test func scenarioEventsAndForegroundReloadsAreMarked() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenario = dir.appendingPathComponent("app.scenario.yaml").path
        try """
            - at: 2026-11-29T09:30:00-05:00
              write: { file: dragon.json, value: { name: "Ember Wyrm", attackAt: "2026-11-29T16:00:00-05:00" } }
            - at: 2026-11-29T09:30:00-05:00
              reload: all
            - foreground: { from: 2026-11-29T12:00:00-05:00, until: 2026-11-29T12:30:00-05:00 }
            - at: 2026-11-29T12:10:00-05:00
              reload: all
            """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let args = [Self.widgets + "/character.yaml", "--family", "systemSmall", "--scenario", scenario, "--from", "2026-11-29T08:00:00-05:00", "--for", "12h"]
        let elements = try parse(try preview(args))
        let (_, console) = runCLI(["run"] + args + ["--format", "json"])
        let reasons = try JSONReader.parse(console.stdout).json["reloads"]?.array?.map { r in
            r["counted"] == .bool(false) ? "foreground" : r["reason"]?.string ?? "?"
        } ?? []
        #expect(reasons.contains("reload") && reasons.contains("foreground"))
        #expect(elements.named("text", class: "label").map(\.text) == reasons)
        #expect(elements.named("path", class: "scenario").count == 3)
        #expect(elements.named("rect", class: "fg").count == 1)
    }

    @Test func aMonthIsACalendarOfDays() throws {
        let page = try preview([Self.widgets + "/character.yaml", "--family", "systemSmall", "--from", "2026-11-01T00:00", "--for", "30d"])
        let elements = try parse(page)
        let days = elements.named("div", class: "day").filter { !($0.attributes["class"] ?? "").contains("blank") }
        #expect(days.count == 30)
        #expect(days.first?.text.hasPrefix("2026-11-01") == true)
    }

    // MARK: Without the CLI: escaping and collapsing

    static func page(contents: [JSONObject], url: String? = nil) -> String {
        let zone = FixedOffset(seconds: 0)
        let from = Instant(seconds: 1_795_000_000)
        let entries = contents.enumerated().map { TimelineEntry(date: from + Int64($0.offset * 60), content: $0.element, url: url) }
        let reload = Reload(at: from, reason: .initial, counted: true, deferredFrom: nil, budgetWindowCount: 1, timeline: Timeline(entries: entries, policy: .never))
        let header = RunHeader(
            kind: "k<&>", file: "f.yaml", family: .systemSmall, context: .timeline, timeZone: "UTC", zone: zone,
            from: from, until: from + 86_400, parameters: JSONObject([("p", .string("</svg><script>"))]))
        let summary = RunSummary(budgetLimit: 70, budgetUsed: 1, reloadCount: 1, entryCount: entries.count, warnings: [])
        return PreviewPage(widgets: [PreviewPage.Widget(
            header: header, displayName: "Name \u{7}<b>", scenario: Scenario(),
            runs: [PreviewPage.FamilyRun(family: .systemSmall, reloads: [reload], summary: summary)])]).html()
    }

    @Test func textIsEscaped() throws {
        let page = Self.page(contents: [JSONObject([("title", .string("</svg><script>alert(1)</script>")), ("n", .string("a\u{1B}[31m\u{85}b"))])], url: "x://\"'><i>")
        let elements = try parse(page)
        #expect(!page.contains("<script"))
        #expect(!page.contains("<b>") && !page.contains("<i>"))
        #expect(!page.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F..<0xA0).contains($0.value) })
        #expect(elements.named("span", class: "v1").first?.text == "</svg><script>alert(1)</script>")
        #expect(elements.named("span", class: "v2").first?.text == "a\\u{1B}[31m\\u{85}b")
        #expect(elements.named("figure", class: "card").first?.attributes["title"] == "x://\"'><i>")
        #expect(elements.named("h1").first?.text == "Name \\u{7}<b>")
    }

    @Test func moreThanTwoHundredEntriesCollapseToTheDistinctOnesWithACount() throws {
        let contents: [JSONObject] = (0..<300).map { JSONObject([("v", .int($0 % 3))]) }
        let elements = try parse(Self.page(contents: contents))
        let cards = elements.named("figure", class: "card")
        #expect(cards.count == 3)
        #expect(elements.named("span", class: "count").map(\.text) == ["×100", "×100", "×100"])
        let few = try parse(Self.page(contents: Array(contents.prefix(200))))
        #expect(few.named("figure", class: "card").count == 200)
    }

    /// Issue 36: within the limit, consecutive identical entries are one card with their count and
    /// when the last shows; the same content again later is a card of its own.
    @Test func consecutiveIdenticalEntriesAreOneCard() throws {
        let values = [0, 0, 0, 1, 1, 0, 2]
        let elements = try parse(Self.page(contents: values.map { JSONObject([("v", .int($0))]) }))
        let cards = elements.named("figure", class: "card")
        // The entries are a minute apart from 1_795_000_000 (2026-11-18T11:06:40 UTC).
        #expect(cards.map { $0.attributes["data-date"] ?? "" } == [
            "2026-11-18T11:06:40+00:00", "2026-11-18T11:09:40+00:00", "2026-11-18T11:11:40+00:00", "2026-11-18T11:12:40+00:00",
        ])
        #expect(elements.named("span", class: "v1").map(\.text) == ["0", "1", "0", "2"])
        let counts = elements.named("span", class: "count")
        #expect(counts.map(\.text) == ["×3", "×2"])
        // The page's window spans two days, so times carry their date.
        #expect(counts.first?.attributes["title"] == "3 consecutive entries, the last at 2026-11-18 11:08:40")
        #expect(elements.named("p", class: "note").first?.text.hasPrefix("7 entries in 4 cards") == true)
    }

    // MARK: Bad input

    @Test func whatRunRefusesPreviewRefusesAndWritesNothing() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("page.html").path
        let (status, console) = runCLI(["preview", Self.widgets + "/character.yaml", "--param", "nope=1", "--out", out])
        let (runStatus, runConsole) = runCLI(["run", Self.widgets + "/character.yaml", "--param", "nope=1"])
        #expect(status == .usage && runStatus == .usage)
        #expect(console.stderr == runConsole.stderr)
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        let (noOut, noOutConsole) = runCLI(["preview", Self.widgets + "/character.yaml"])
        #expect(noOut == .usage)
        #expect(noOutConsole.stderr.contains("--out"))
        let (format, _) = runCLI(["preview", Self.widgets + "/character.yaml", "--format", "json", "--out", out])
        #expect(format == .usage)
    }

    @Test func facesShowLiveDatesAtTheEntryAccentedAndRightToLeft() throws {
        // The launch is 2026-12-12T14:30-05:00: at the 08:00 entry of 11-29 the timer reads 318:30:00.
        let launch = try preview([Self.widgets + "/countdown.yaml", "--from", "2026-11-29T08:00:00-05:00", "--for", "1h", "--accented"])
        let elements = try parse(launch)
        #expect(elements.named("time", class: "date").contains { $0.text == "318:30:00" })
        // systemSmall and the Lock Screen's families: light, dark, (vibrant,) accented.
        #expect(elements.named("div", class: "accented").count == 3)
        #expect(elements.named("div", class: "vibrant").count == 2)
        #expect(launch.contains("class=\"n date accentable\"") && launch.contains("color:#FF9F0A"))
        let arabic = try preview([Self.widgets + "/character.yaml", "--family", "systemMedium", "--from", "2026-11-29T08:00:00-05:00", "--for", "1h", "--locale", "ar"])
        #expect(arabic.contains("lang=\"ar\" dir=\"rtl\""))
        #expect(arabic.contains("المستوى 12"))
        // The wishes' background picture is embedded from the container.
        let wishes = try preview([Self.widgets + "/wishes.yaml", "--scenario", Self.widgets + "/scenarios/wishes-outage.json", "--from", "2026-11-29T09:00:00+01:00", "--for", "1h"])
        #expect(wishes.contains("url(data:image/png;base64,iVBORw0KGgo"))
        _ = try parse(wishes)
    }

    @Test func aDeviceClassSetsTheSizesAndBadDevicesOrTintsAreRefused() throws {
        let args = [Self.widgets + "/weather.yaml", "--family", "systemSmall", "--from", "2026-11-29T08:00", "--for", "2h"]
        let se = try preview(args + ["--device", "iphone-se"])
        #expect(se.contains("width:148px;height:148px"))
        #expect(se.contains("148×148 pt, iphone-se (375×667 pt screen)"))
        #expect(try preview(args).contains("width:170px;height:170px"))
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("page.html").path
        let (device, deviceConsole) = runCLI(["preview"] + args + ["--device", "iphone-mx", "--out", out])
        #expect(device == .usage)
        #expect(deviceConsole.stderr == "error: unknown --device 'iphone-mx' for 'preview' (did you mean 'iphone-max'?); use 'iphone-max', 'iphone', 'iphone-se' or 'ipad'\n")
        let (tint, tintConsole) = runCLI(["preview"] + args + ["--tint", "orange", "--out", out])
        #expect(tint == .usage)
        #expect(tintConsole.stderr.contains("--tint 'orange' is not a colour: write it as #RRGGBB"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// As `run --out`: the page is never written over an input (here the definition, through a link).
    @Test func anInputAsThePageIsRefused() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = dir.path + "/weather.yaml", link = dir.path + "/page.html"
        try FileManager.default.copyItem(atPath: Self.widgets + "/weather.yaml", toPath: copy)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "weather.yaml")
        let before = try String(contentsOfFile: copy, encoding: .utf8)
        let (status, console) = runCLI(["preview", copy, "--from", "2026-11-29T09:00:00Z", "--for", "2h", "--out", link])
        #expect(status == .usage)
        #expect(console.stderr == "error: --out '\(link)' is the input file '\(copy)'; write the output to another path\n")
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == before)
    }

    /// A face value that does not render is warned on the page as `run --view` warns it, at its line.
    @Test func faceValuesThatDoNotRenderAreWarnedOnThePage() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.path + "/faulty.yaml"
        try """
            kind: test.faulty
            displayName: Faulty
            description: A gauge whose value is text.
            families: [systemSmall]
            timeZone: UTC
            content: { hp: "n/a" }
            timeline: { every: 12h }
            view:
              gauge: "{{hp}}"
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let page = try preview([file, "--from", "2026-11-29T09:00:00Z", "--for", "1d"])
        #expect(page.contains("warning: 2026-11-29T09:00:00+00:00: gauge v (\(file):9:10): &quot;n/a&quot; is not a number; it is left out [view-value]</p>"))
    }

    // MARK: In a real browser

    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let python: Bool = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

    @Test(.enabled(if: chromium != nil && python && TestPaths.widgetc != nil, "needs Debian's chromium (apt-get install -y chromium), python3 and a built widgetc"))
    func chromiumLoadsThePageWithoutConsoleErrorsAndItIsNotBlank() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try runProcess([
            TestPaths.root + "/bench/preview-shots", "--widgetc", TestPaths.widgetc!, "--out", dir.path,
            Self.widgets + "/character.yaml", Self.widgets + "/wishes.yaml",
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasPrefix("ok ") })
    }

    /// The colours of one appearance's faces in a Chromium screenshot (bench/face-shot).
    func shot(_ page: String, _ appearance: String, in dir: URL) throws -> [(r: Int, g: Int, b: Int, count: Int)] {
        let result = try runProcess([TestPaths.root + "/bench/face-shot", page, appearance, dir.appendingPathComponent("\(appearance).png").path])
        guard result.status == 0, let json = try? JSONReader.parse(bytes: Array(result.stdout.utf8)).json, let colors = json["colors"]?.object else {
            throw TestFailure("face-shot \(appearance) failed: \(result.stdout)\(result.stderr)")
        }
        return colors.compactMap { key, count in
            guard let v = Int(key.dropFirst(), radix: 16), let n = count.number else { return nil }
            return (v >> 16, (v >> 8) & 255, v & 255, Int(n))
        }
    }

    /// Per face of a page, how far its content reaches past the face's edges (bench/face-shot --fit).
    func fit(_ page: String) throws -> [JSONValue] {
        let result = try runProcess([TestPaths.root + "/bench/face-shot", "--fit", page])
        guard result.status == 0, let faces = (try? JSONReader.parse(bytes: Array(result.stdout.utf8)).json)?.array else {
            throw TestFailure("face-shot --fit failed: \(result.stdout)\(result.stderr)")
        }
        return faces
    }

    /// How many pixels are within 3 of `hex` in every channel.
    func pixels(_ colors: [(r: Int, g: Int, b: Int, count: Int)], near hex: Int) -> Int {
        let (r, g, b) = (hex >> 16, (hex >> 8) & 255, hex & 255)
        return colors.filter { abs($0.r - r) <= 3 && abs($0.g - g) <= 3 && abs($0.b - b) <= 3 }.reduce(0) { $0 + $1.count }
    }

    /// Pixels whose green stands out from red and blue (a toggle's system green), in any shade.
    func greenPixels(_ colors: [(r: Int, g: Int, b: Int, count: Int)]) -> Int {
        colors.filter { $0.g - max($0.r, $0.b) > 60 }.reduce(0) { $0 + $1.count }
    }

    @Test(.enabled(if: chromium != nil && python, "needs Debian's chromium (apt-get install -y chromium) and python3"))
    func chromiumDrawsButtonsAndTogglesInEachAppearance() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"on": true, "off": false}"#.utf8).write(to: dir.appendingPathComponent("switches.json"))
        let file = dir.appendingPathComponent("switches.yaml")
        try Data("""
            kind: com.example.switches
            displayName: Switches
            description: Two switches and a button.
            families: [systemSmall, accessoryRectangular]
            data:
              s: { file: switches.json }
            placeholder: { on: false, off: false }
            content:
              on: "{{data.s.on}}"
              off: "{{data.s.off}}"
            timeline:
              once: true
            intents:
              flip:
                title: Flip
                perform:
                  - toggle: { file: switches.json, at: /on }
            view:
              vstack:
                - toggle: "{{on}}"
                  label: Lamp
                  intent: flip
                - toggle: "{{off}}"
                  label: Fan
                  intent: flip
                - button: Scenes
                  intent: flip
                  padding: 6
            """.utf8).write(to: file)
        // Two switches and a button are 113 points tall: the Lock Screen's rectangle (68 to 76) cuts them.
        let cramped = dir.appendingPathComponent("cramped.html").path
        let (crampedStatus, crampedConsole) = runCLI(["preview", file.path, "--container", dir.path, "--from", "2026-11-29T08:00", "--for", "1h", "--out", cramped])
        #expect(crampedStatus == .success, "\(crampedConsole.stderr)")
        let cut = try fit(cramped)
        #expect(cut.count == 5)
        for face in cut {
            let over = (face["over"]?["top"]?.number ?? 0, face["over"]?["bottom"]?.number ?? 0)
            if face["family"]?.string == "accessoryRectangular" {
                #expect(over.0 >= 15 && over.1 >= 15, "\(face)")
            } else {
                #expect(over == (0, 0), "\(face)")
            }
        }
        // With the rectangle's own view (the two switches alone), every face fits.
        try Data(String(contentsOf: file, encoding: .utf8).appending("""

            familyView:
              accessoryRectangular:
                vstack:
                  - toggle: "{{on}}"
                    label: Lamp
                    intent: flip
                  - toggle: "{{off}}"
                    label: Fan
                    intent: flip
                spacing: 4

            """).utf8).write(to: file)
        let page = dir.appendingPathComponent("page.html").path
        let (status, console) = runCLI(["preview", file.path, "--container", dir.path, "--from", "2026-11-29T08:00", "--for", "1h", "--out", page])
        #expect(status == .success, "\(console.stderr)")
        let fits = try fit(page)
        #expect(fits.count == 5 && fits.allSatisfy { $0["over"]?.object?.allSatisfy { $0.value.number == 0 } == true }, "\(fits)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // One toggle drawn on, one off, in every face (2 families x light, dark; 1 x vibrant).
        #expect(html.components(separatedBy: "role=\"switch\" aria-checked=\"true\"").count - 1 == 5)
        #expect(html.components(separatedBy: "role=\"switch\" aria-checked=\"false\"").count - 1 == 5)

        // Light: the on track in the system green (#34C759); the off track and the button's capsule
        // in the fill grey (rgba(120,120,128,.16) over white: #E9E9EB).
        let light = try shot(page, "light", in: dir)
        #expect(pixels(light, near: 0x34C759) > 300)
        #expect(pixels(light, near: 0x30D158) < 20)
        #expect(pixels(light, near: 0xE9E9EB) > 600)
        // Dark: green's dark variant (#30D158); the fill grey over #1C1C1E: #39393D.
        let dark = try shot(page, "dark", in: dir)
        #expect(pixels(dark, near: 0x30D158) > 300)
        #expect(pixels(dark, near: 0x34C759) < 20)
        #expect(pixels(dark, near: 0x39393D) > 600)
        // The Lock Screen's vibrant rendering keeps no hue: no green, the on track a light grey.
        let vibrant = try shot(page, "vibrant", in: dir)
        #expect(greenPixels(vibrant) == 0)
        #expect(vibrant.filter { min($0.r, $0.g, $0.b) >= 150 && max($0.r, $0.g, $0.b) - min($0.r, $0.g, $0.b) <= 40 && $0.r < 250 }
            .reduce(0) { $0 + $1.count } > 150)
    }
}
