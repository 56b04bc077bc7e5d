import Foundation
import Testing
import WidgetCLI
import WidgetSimulator
import WidgetSupport
import WidgetTestSupport
import WidgetTime
import WidgetcRuntimeCore

/// `widgetc fleet` (docs/fleet.md): the server's load per minute when N devices run the examples.
@Suite struct FleetTests {
    static let stocks = TestPaths.widgets + "/stocks.yaml"
    static let wishes = TestPaths.widgets + "/wishes.yaml"
    /// Monday to Sunday, the market's week.
    static let week = ["--from", "2026-11-30T00:00:00-05:00", "--for", "7d", "--tz", "America/New_York"]

    static func int(_ value: JSONValue?) -> Int? { value?.number.map { Int($0) } }
    /// The first peak's first cause.
    static func firstCause(_ json: JSONValue) -> JSONValue? { json["peaks"]?.array?.first?["causes"]?.array?.first }

    static func fleet(_ args: [String]) throws -> JSONValue {
        let (status, console) = runCLI(["fleet"] + args + ["--format", "json"])
        #expect(status == .success, "\(args): \(console.stderr)")
        return try JSONReader.parse(console.stdout).json
    }

    /// Every device reloads at the opening bell (its policy is `after(open)`), so the open is the
    /// peak, and the report names the rule instant behind it.
    @Test func theStocksOpenIsThePeakAndItsRuleInstantIsNamed() {
        let (status, console) = runCLI(["fleet", Self.stocks, "--devices", "2000"] + Self.week)
        #expect(status == .success, "\(console.stderr)")
        let text = console.stdout
        #expect(text.contains("com.example.stocks.pinned (\(Self.stocks)): counts reloads (it reads only the app group container)"))
        #expect(text.contains("peak: 2000 reloads in the minute from 2026-11-30T09:30:00-05:00"), "\(text)")
        #expect(text.contains("  2026-11-30T09:30:00-05:00  2000 reloads"))
        #expect(text.contains("      2000 due 2026-11-30T09:30:00-05:00 (after)"))
        // The close's event reloads every device again at 16:00.
        #expect(text.contains("      2000 due 2026-11-30T16:00:00-05:00 (after)"))
    }

    /// `--jitter 10m` spreads each open over ten minutes: the same reloads, a peak several times lower.
    @Test func jitterLowersTheOpensPeak() throws {
        let plain = try Self.fleet([Self.stocks, "--devices", "2000"] + Self.week)
        let jittered = try Self.fleet([Self.stocks, "--devices", "2000", "--jitter", "10m"] + Self.week)
        let plainPeak = try #require(Self.int(plain["peak"]?["count"]))
        let jitteredPeak = try #require(Self.int(jittered["peak"]?["count"]))
        #expect(plainPeak == 2000)
        #expect(jitteredPeak < 2000 / 5, "peak \(jitteredPeak)")
        #expect(jittered["total"] == plain["total"])
        #expect(jittered["jitter"] == .int(600))
        // Still the open: its reloads were due at 09:30, and come within the ten minutes after.
        let at = try #require(jittered["peak"]?["at"]?.string)
        #expect(at.hasPrefix("2026-11-30T09:3"), "\(at)")
        #expect(Self.firstCause(jittered)?["due"] == .string("2026-11-30T09:30:00-05:00"))
        #expect(Self.firstCause(jittered)?["reason"] == .string("after"))
    }

    @Test func theJSONHasEveryMinuteAndThePeaks() throws {
        let json = try Self.fleet([Self.stocks, "--devices", "500"] + Self.week)
        let minutes = try #require(json["perMinute"]?.array)
        #expect(minutes.count == 7 * 1440)
        #expect(json["minutes"] == .int(7 * 1440))
        #expect(json["total"] == .int(minutes.compactMap(Self.int).reduce(0, +)))
        #expect(json["devices"] == .int(500))
        #expect(json["seed"] == .string("1"))
        #expect(json["spread"] == .int(86_400))
        #expect(json["jitter"] == .null)
        let widget = json["widgets"]?.array?.first
        #expect(widget?["counts"] == .string("reloads"))
        #expect(widget?["kind"] == .string("com.example.stocks.pinned"))
        // Installs fall on whole minutes: at most one run per minute of the day's spread, and the
        // widget asked once per instant, not once per device's reload.
        #expect((Self.int(json["simulated"]?["runs"]) ?? 0) <= 500)
        #expect((Self.int(json["simulated"]?["timelines"]) ?? .max) < (Self.int(json["total"]) ?? 0) / 2)
        let peaks = try #require(json["peaks"]?.array)
        #expect(!peaks.isEmpty && peaks.count <= 5)
        // Busiest first, and the peak is the first of them.
        let counts = peaks.compactMap { Self.int($0["count"]) }
        #expect(counts == counts.sorted(by: >))
        #expect(json["peak"]?["at"] == peaks[0]["at"])
        let mean = try #require(json["mean"]?.number)
        let total = Double(Self.int(json["total"]) ?? 0)
        #expect(abs(mean - total / Double(7 * 1440)) < 1e-9)
        let ratio = try #require(json["peak"]?["ratio"]?.number)
        #expect(abs(ratio - 500 / mean) < 1e-9)
    }

    /// A URL source counts its requests: wishes asks once per reload (its request fails without a
    /// scenario's answer, and `retry: 15m` asks again), and no minute is a fleet-wide spike.
    @Test func aURLSourceCountsRequests() throws {
        let json = try Self.fleet([Self.wishes, "--devices", "300", "--from", "2026-11-29T00:00:00Z", "--for", "1d"])
        #expect(json["widgets"]?.array?.first?["counts"] == .string("requests"))
        let total = try #require(Self.int(json["total"]))
        #expect(total > 300 * 24)
        #expect((Self.int(json["peak"]?["count"]) ?? 300) < 300)
    }

    /// The grouped, memoized fleet is exactly the devices run one by one through `WidgetRun`.
    @Test(arguments: ["stocks.yaml", "wishes.yaml"])
    func theFleetIsEveryDeviceRunOnItsOwn(_ file: String) throws {
        let loaded = try WidgetLoader.load(paths: [TestPaths.widgets + "/" + file], defaultZone: .utc)
        let loadedWidget = try #require(loaded.widgets.first)
        let widget = loadedWidget.widget
        let from = Instant(seconds: 1_795_996_800)  // 2026-11-30T00:00:00Z, a Monday
        let until = from + 86_400
        let configuration = RunConfiguration(kind: widget.kind, family: widget.families[0], from: from, until: until)
        let container = Container(directory: loadedWidget.containerDirectory)
        let options = FleetOptions(devices: 150, spread: 6 * 3600, jitter: 420, skew: 3, seed: 7)
        let load = FleetRun.simulate(
            [FleetWidget(widget: widget, configuration: configuration, container: container, zone: widget.zone)], options: options)
        var expected = [Int](repeating: 0, count: 1440)
        FleetRun.forEachDevice(options, from: from) { device in
            var own = configuration
            own.from = device.install + device.clock
            own.until = until + device.clock
            own.installSeed = device.seed
            own.jitter = options.jitter
            for reload in WidgetRun(provider: widget, configuration: own, container: container, zone: widget.zone).collect().reloads {
                let at = reload.at - device.clock
                guard at >= from, at < until else { continue }
                expected[Int((at - from) / 60)] += widget.fetchesURLs ? (reload.requests ?? []).filter(\.wasSent).count : 1
            }
        }
        #expect(load.perMinute == expected)
        #expect(load.total > 0)
    }

    @Test func theSameSeedGivesTheSameFleetAndAnotherSeedAnother() throws {
        let args = [Self.wishes, "--devices", "100", "--from", "2026-11-29T00:00:00Z", "--for", "6h"]
        let first = try Self.fleet(args)
        #expect(try Self.fleet(args) == first)
        #expect(try Self.fleet(args + ["--seed", "2"])["perMinute"] != first["perMinute"])
    }

    @Test func badOptionsAreUsageErrorsQuotingTheValue() {
        let cases: [([String], String)] = [
            ([Self.stocks], "'fleet' needs --devices N, the number of installs, e.g. --devices 10000"),
            ([], "'fleet' needs a FILE, e.g. widgetc fleet widgets/stocks.yaml --devices 10000"),
            ([Self.stocks, "--devices", "0"], "--devices '0' is not a number of devices; use a whole number from 1 to 10000000"),
            ([Self.stocks, "--devices", "many"], "--devices 'many' is not a number of devices; use a whole number from 1 to 10000000"),
            ([Self.stocks, "--devices", "10", "--jitter", "soon"], "--jitter 'soon' is not a duration; use one such as 90s, 5m or 24h (at most 366d)"),
            ([Self.stocks, "--devices", "10", "--spread", "-1h"], "--spread '-1h' is not a duration; use one such as 90s, 5m or 24h (at most 366d)"),
            ([Self.stocks, "--devices", "10", "--seed", "x1"], "--seed 'x1' is not a seed; use a whole number from 0 to 18446744073709551615"),
            ([Self.stocks, "--devices", "10", "--format", "csv"], "unknown --format 'csv' for 'fleet'; use 'text' or 'json'"),
            ([Self.stocks, "--devices", "10", "--context", "snapshot"], "unknown option '--context' for 'fleet'; see 'widgetc fleet --help'"),
        ]
        for (args, message) in cases {
            let (status, console) = runCLI(["fleet"] + args)
            #expect(status == .usage, "\(args)")
            #expect(console.stdout.isEmpty, "\(args)")
            #expect(console.stderr == "error: \(message)\n", "\(args): \(console.stderr)")
        }
    }

    /// `preview --devices N` adds the fleet: its load per minute as inline SVG, the peaks listed.
    @Test func thePreviewDrawsTheFleet() throws {
        let dir = try temporaryDirectory().path
        let day = ["--from", "2026-11-30T00:00:00-05:00", "--for", "1d", "--family", "systemSmall"]
        let (status, console) = runCLI(["preview", Self.stocks, "--out", dir + "/fleet.html", "--devices", "1000"] + day)
        #expect(status == .success, "\(console.stderr)")
        let html = try String(contentsOfFile: dir + "/fleet.html", encoding: .utf8)
        #expect(html.contains("<section class=\"fleet\">\n<h2>The fleet: 1000 devices</h2>"))
        #expect(html.contains("reloads per minute (the busiest minute of each 2) from 2026-11-30T00:00:00-05:00"))
        // The open's bar reaches the top of the plot (y 24), and it is the first peak listed.
        #expect(html.contains("y=\"24\" width="))
        #expect(html.contains("<ol class=\"peaks\">\n<li><time datetime=\"2026-11-30T09:30:00-05:00\">2026-11-30T09:30:00-05:00</time>: 1000 reloads"))
        #expect(html.contains("1000 due 2026-11-30T09:30:00-05:00 (after)"))
        #expect(!html.contains("<script"))
        let (plainStatus, _) = runCLI(["preview", Self.stocks, "--out", dir + "/plain.html"] + day)
        #expect(plainStatus == .success)
        #expect(try !String(contentsOfFile: dir + "/plain.html", encoding: .utf8).contains("class=\"fleet\""))
        let (badStatus, bad) = runCLI(["preview", Self.stocks, "--out", dir + "/bad.html", "--jitter", "5m"] + day)
        #expect(badStatus == .usage)
        #expect(bad.stderr == "error: --jitter draws the fleet, which needs --devices N, e.g. --devices 10000\n")
    }

    /// `policy: { jitter: 10m }` in the widget does on every install what `--jitter 10m` simulates.
    @Test func aDeclaredJitterFlattensTheOpenAsTheOptionDoes() throws {
        let dir = try temporaryDirectory().path
        let source = try String(contentsOfFile: Self.stocks, encoding: .utf8)
        let rule = "  market: { exchange: XNYS, every: 15m }\n"
        #expect(source.contains(rule))
        try source.replacingOccurrences(of: rule, with: rule + "  policy: { jitter: 10m }\n")
            .write(toFile: dir + "/stocks.yaml", atomically: true, encoding: .utf8)
        let container = ["--container", TestPaths.widgets + "/container"]
        let declared = try Self.fleet([dir + "/stocks.yaml", "--devices", "2000"] + container + Self.week)
        let option = try Self.fleet([Self.stocks, "--devices", "2000", "--jitter", "10m"] + Self.week)
        let plain = try Self.fleet([dir + "/stocks.yaml", "--devices", "2000", "--jitter", "0"] + container + Self.week)
        #expect(declared["perMinute"] == option["perMinute"])
        #expect(declared["jitter"] == .null)
        #expect(declared["widgets"]?.array?.first?["jitter"] == .int(600))
        #expect((Self.int(declared["peak"]?["count"]) ?? 2000) < 2000 / 5)
        // --jitter 0 replaces the widget's own: the spike is back.
        #expect(Self.int(plain["peak"]?["count"]) == 2000)
        // The plan carries it, in seconds; a plan without it has no member.
        let out = dir + "/plans"
        #expect(runCLI(["compile", dir + "/stocks.yaml", "--out", out]).0 == .success)
        let plan = try JSONReader.parse(String(contentsOfFile: out + "/com.example.stocks.pinned.plan.json", encoding: .utf8)).json
        #expect(plan["timeline"]?["jitter"] == .int(600))
        #expect(runCLI(["compile", Self.stocks, "--out", out + "2"]).0 == .success)
        let without = try JSONReader.parse(String(contentsOfFile: out + "2/com.example.stocks.pinned.plan.json", encoding: .utf8)).json
        #expect(without["timeline"] != nil && without["timeline"]?["jitter"] == nil)
    }

    /// validate: a jitter of zero, or not shorter than a duration `after`, at the jitter's column.
    @Test func aJitterMustBeAboveZeroAndBelowAfter() throws {
        let dir = try temporaryDirectory().path
        func validate(_ policy: String) throws -> String {
            let file = dir + "/w.yaml"
            try """
                kind: com.example.jitter
                displayName: Jitter
                description: A jitter.
                families: [systemSmall]
                content: { title: Hello }
                timeline: { once: true, policy: \(policy) }

                """.write(toFile: file, atomically: true, encoding: .utf8)
            let console = runCLI(["validate", file]).1
            return console.stdout + console.stderr
        }
        #expect(try validate("{ after: 1h, jitter: 2h }").contains("w.yaml:6:54: error: policy jitter '2h' is not shorter than after '1h': an install's reload would move past the next one; keep the jitter below 1h [policy-jitter]"))
        #expect(try validate("{ after: +30m, jitter: 30m }").contains(":6:56: error: policy jitter '30m' is not shorter than after '+30m'"))
        #expect(try validate("{ jitter: 0s }").contains(":6:43: error: policy jitter '0s' moves no reload; give a duration above zero, such as 5m, or leave jitter out [policy-jitter]"))
        #expect(try validate("{ jitter: soon }").contains("[pattern-mismatch]"))
        #expect(try !validate("{ after: 1h, jitter: 10m }").contains(" error: "))
        #expect(try !validate("{ jitter: 5m }").contains(" error: "))
        // An instant or a template after: known only at the reload, not compared.
        #expect(try !validate("{ after: 2026-12-01T00:00:00Z, jitter: 2d }").contains(" error: "))
    }

    /// On the device the install's number lives in the app group container: made once, kept, and
    /// the offset is the one the fleet draws from it; no container, no offset.
    @Test func theDeviceKeepsItsInstallNumberInTheContainer() throws {
        let dir = try temporaryDirectory().path
        try """
            kind: com.example.jitter
            displayName: Jitter
            description: A jitter.
            families: [systemSmall]
            content: { title: Hello }
            timeline: { once: true, policy: { after: 1h, jitter: 10m } }

            """.write(toFile: dir + "/w.yaml", atomically: true, encoding: .utf8)
        let loaded = try WidgetLoader.load(paths: [dir + "/w.yaml"], defaultZone: .utc)
        let plan = try WidgetPlan(data: Data(JSONWriter.pretty(try #require(loaded.widgets.first).plan.json)))
        let date = Date(timeIntervalSince1970: 1_795_996_800)
        func reload(_ container: URL?) -> Date? {
            if case .after(let d) = plan.timeline(at: date, container: container, fetcher: NoNetwork()).policy { return d }
            return nil
        }
        // Without a container the install is number 0, the one `widgetc run` simulates.
        let kind = "com.example.jitter"
        #expect(reload(nil) == date.addingTimeInterval(3600 + Double(InstallJitter.offset(seed: 0, kind: kind, jitter: 600))))
        let group = URL(fileURLWithPath: dir + "/group")
        try FileManager.default.createDirectory(at: group, withIntermediateDirectories: true)
        let first = try #require(reload(group))
        let text = try String(contentsOfFile: group.path + "/widgetc-install-id", encoding: .utf8)
        let seed = try #require(UInt64(text, radix: 16))
        #expect(text.count == 16)
        #expect(first == date.addingTimeInterval(3600 + Double(InstallJitter.offset(seed: seed, kind: kind, jitter: 600))))
        #expect(reload(group) == first)
        #expect(try String(contentsOfFile: group.path + "/widgetc-install-id", encoding: .utf8) == text)
    }

    @Test func theHelpListsTheFleetsOptions() {
        let (status, help) = runCLI(["fleet", "--help"])
        #expect(status == .success)
        for option in ["--devices N", "--spread D", "--jitter D", "--skew D", "--seed N", "--format text|json", "--for DURATION"] {
            #expect(help.stdout.contains("  \(option) "), "\(option)")
        }
    }

    /// An install's offset is fixed, below the jitter, and differs between installs and kinds.
    @Test func theInstallOffsetIsStableAndBelowTheJitter() {
        var offsets = Set<Int64>()
        for seed in UInt64(1)...200 {
            let offset = InstallJitter.offset(seed: seed, kind: "com.example.a", jitter: 600)
            #expect((0..<600).contains(offset))
            #expect(offset == InstallJitter.offset(seed: seed, kind: "com.example.a", jitter: 600))
            offsets.insert(offset)
        }
        #expect(offsets.count > 150)
        #expect((1...50).contains { InstallJitter.offset(seed: $0, kind: "com.example.a", jitter: 600) != InstallJitter.offset(seed: $0, kind: "com.example.b", jitter: 600) })
        #expect(InstallJitter.offset(seed: 9, kind: "k", jitter: 0) == 0)
        #expect(InstallJitter.applying(600, seed: 9, kind: "k", to: .atEnd) == .atEnd)
        #expect(InstallJitter.applying(600, seed: 9, kind: "k", to: .after(Instant(seconds: 1000)))
            == .after(Instant(seconds: 1000 + InstallJitter.offset(seed: 9, kind: "k", jitter: 600))))
    }
}
