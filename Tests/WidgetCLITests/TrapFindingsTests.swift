import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// Issue 36, silent traps that became findings: what `validate` says, and what a run shows.
@Suite struct TrapFindingsTests {

    func write(_ text: String, _ name: String = "w.yaml") throws -> String {
        let path = try temporaryDirectory().path + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let weather = """
        kind: com.example.weather
        displayName: Weather
        description: Weather for a city
        parameters: { city: { type: string, title: City, default: Paris } }
        data: { weather: { url: "https://api.example.com/w?city={{param.city}}", retry: 15m } }
        content: { city: "{{param.city}}", temp: "{{data.weather.temp}}°" }
        placeholder: { city: "{{param.city}}", temp: "–", label: "Weather in {{param.city}}" }
        timeline: { once: true, policy: { after: 1h } }

        """

    /// A failed fetch shows the placeholder with its parameters rendered, not the braces.
    @Test func placeholderRendersParameters() throws {
        let path = try write(Self.weather)
        let (status, console) = runCLI(["validate", path])
        #expect(status == .success, "\(console.stderr)")
        let (ran, out) = runCLI(["run", path, "--param", "city=Lyon", "--from", "2026-11-29T09:00:00Z", "--for", "30m", "--format", "json"])
        #expect(ran == .success, "\(out.stderr)")
        let entry = try JSONReader.parse(out.stdout).json["reloads"]?.array?.first?["entries"]?.array?.first?["content"]
        #expect(entry?["city"] == "Lyon")
        #expect(entry?["label"] == "Weather in Lyon")
        let (_, placeholder) = runCLI(["run", path, "--context", "placeholder", "--from", "2026-11-29T09:00:00Z", "--format", "json"])
        #expect(try JSONReader.parse(placeholder.stdout).json["reloads"]?.array?.first?["entries"]?.array?.first?["content"]?["city"] == "Paris")
    }

    @Test func aPlaceholderNamingDataIsRefusedWithTheReason() throws {
        let path = try write(Self.weather.replacingOccurrences(of: "temp: \"–\"", with: "temp: \"{{data.weather.temp}}\""))
        let (status, console) = runCLI(["validate", path])
        #expect(status == .inputErrors)
        #expect(console.stderr.contains("w.yaml:7:49: error: 'data.weather.temp' cannot be rendered here: placeholder and snapshot are shown when the data is missing"), "\(console.stderr)")
        #expect(console.stderr.contains("[placeholder-template]"))
        // A snapshot likewise; entry.* too.
        let snapshot = try write(Self.weather + "snapshot: { city: \"{{entry.time}}\" }\n")
        let (_, again) = runCLI(["validate", snapshot])
        #expect(again.stderr.contains("'entry.time' cannot be rendered here"), "\(again.stderr)")
        // A misspelt parameter is still an unknown variable, with its did-you-mean.
        let typo = try write(Self.weather.replacingOccurrences(of: "label: \"Weather in {{param.city}}\"", with: "label: \"{{param.cty}}\""))
        let (_, typoConsole) = runCLI(["validate", typo])
        #expect(typoConsole.stderr.contains("'param.cty' names no declared parameter (did you mean 'city'?)"), "\(typoConsole.stderr)")
        #expect(typoConsole.stderr.contains("[unknown-variable]"))
    }

    @Test func aURLSourceWithoutFallbackIsWarnedAbout() throws {
        let bare = Self.weather
            .replacingOccurrences(of: ", retry: 15m", with: "")
            .replacingOccurrences(of: "placeholder: { city: \"{{param.city}}\", temp: \"–\", label: \"Weather in {{param.city}}\" }\n", with: "")
        let (status, console) = runCLI(["validate", try write(bare)])
        #expect(status == .success)
        #expect(console.stderr.contains("warning: data source 'weather' has no fallback: when its request fails (no connection, a time-out, HTTP 503) the widget shows its placeholder, content with every tag empty: 'temp' blank until the next reload"), "\(console.stderr)")
        // Placeholder text for the field, or stale:, or retry: each silence it.
        for fix in [", stale: 6h", ", retry: 15m"] {
            let fixed = bare.replacingOccurrences(of: "city={{param.city}}\"", with: "city={{param.city}}\"\(fix)")
            let (_, quiet) = runCLI(["validate", try write(fixed)])
            #expect(!quiet.stderr.contains("request-fallback"), "\(fix): \(quiet.stderr)")
        }
        let (_, covered) = runCLI(["validate", try write(bare + "placeholder: { temp: \"–\" }\n")])
        #expect(!covered.stderr.contains("request-fallback"), "\(covered.stderr)")
    }

    @Test func aFetchCadenceTheReloadsCannotKeepIsWarnedAbout() throws {
        let every = Self.weather.replacingOccurrences(of: "timeline: { once: true, policy: { after: 1h } }", with: "timeline: { every: 30m }")
        let (_, console) = runCLI(["validate", try write(every)])
        #expect(console.stderr.contains("warning: data source 'weather' is fetched once every 24h, not as the rule's entries every 30m suggests: a request is made only at a reload, and this timeline reloads at its end, every 24h; to fetch every 30m add policy: { after: 30m } to the timeline [request-cadence]"), "\(console.stderr)")
        let maxAge = every.replacingOccurrences(of: "retry: 15m", with: "retry: 15m, maxAge: 10m")
        let (_, second) = runCLI(["validate", try write(maxAge)])
        #expect(second.stderr.contains("not as maxAge: 10m suggests"), "\(second.stderr)")
        // The policy it names gives the cadence meant: no warning then, and the run fetches every 30 minutes.
        let fixed = every.replacingOccurrences(of: "{ every: 30m }", with: "{ every: 30m, policy: { after: 30m } }")
        let (_, quiet) = runCLI(["validate", try write(fixed)])
        #expect(!quiet.stderr.contains("request-cadence"), "\(quiet.stderr)")
        // A short horizon reloads often enough already.
        let short = every.replacingOccurrences(of: "{ every: 30m }", with: "{ every: 30m, horizon: 1h }")
        let (_, shortConsole) = runCLI(["validate", try write(short)])
        #expect(!shortConsole.stderr.contains("request-cadence"), "\(shortConsole.stderr)")
    }

    @Test func anUnknownNameGetsTheDeclaredOnes() throws {
        let town = try write(Self.weather.replacingOccurrences(of: "content: { city: \"{{param.city}}\"", with: "content: { city: \"{{param.town}}\""))
        let (_, console) = runCLI(["validate", town])
        #expect(console.stderr.contains("'param.town' names no declared parameter (did you mean 'city', the only one declared?)"), "\(console.stderr)")
        let two = try write(Self.weather
            .replacingOccurrences(of: "parameters: { city:", with: "parameters: { units: { type: string, title: Units }, city:")
            .replacingOccurrences(of: "content: { city: \"{{param.city}}\"", with: "content: { city: \"{{param.town}}\""))
        let (_, listed) = runCLI(["validate", two])
        #expect(listed.stderr.contains("'param.town' names no declared parameter (declared: city, units)"), "\(listed.stderr)")
        let source = try write(Self.weather.replacingOccurrences(of: "{{data.weather.temp}}°", with: "{{data.forecast.temp}}°"))
        let (_, sourceConsole) = runCLI(["validate", source])
        #expect(sourceConsole.stderr.contains("'data.forecast.temp' names no declared data source (did you mean 'weather', the only one declared?)"), "\(sourceConsole.stderr)")
    }

    /// One missing translation reads "1 of 3 strings has"; a key missing from the catalog names the command that adds it.
    @Test func catalogMessagesSayWhatToDo() throws {
        let dir = try temporaryDirectory().path
        let widget = dir + "/w.yaml"
        try """
            kind: com.example.hello
            displayName: Weather
            description: Weather for a city
            localization: { catalog: W.xcstrings }
            content: { greeting: Hello there }
            timeline: { once: true }

            """.write(toFile: widget, atomically: true, encoding: .utf8)
        func unit(_ value: String) -> String { "{\"localizations\":{\"de\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"\(value)\"}}}}" }
        try "{\"sourceLanguage\":\"en\",\"strings\":{\"Weather\":\(unit("Wetter")),\"Weather for a city\":\(unit("Wetter einer Stadt"))},\"version\":\"1.0\"}"
            .write(toFile: dir + "/W.xcstrings", atomically: true, encoding: .utf8)
        let (_, console) = runCLI(["validate", widget])
        #expect(console.stderr.contains("1 of 3 strings has no usable 'de' translation"), "\(console.stderr)")
        let (_, listed) = runCLI(["validate", widget, "--locale", "de"])
        #expect(listed.stderr.contains("'Hello there' has no usable 'de' translation: it shows in en (the key is not in \(dir)/W.xcstrings; widgetc strings \(widget) --catalog \(dir)/W.xcstrings adds it)"), "\(listed.stderr)")
    }
}
