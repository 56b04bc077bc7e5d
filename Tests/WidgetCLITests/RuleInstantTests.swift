import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// Issue 36, what the language says for stock and cron widgets: a reload at the market's close
/// (`market.*` in `events`), and content that knows an entry is its rule's instant
/// (`entry.instant`, `entry.isInstant`).
@Suite struct RuleInstantTests {

    func write(_ text: String, _ name: String = "w.yaml") throws -> String {
        let path = try temporaryDirectory().path + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Every entry of a JSON run, in reload order: (the reload's instant, the entry's date, its content).
    func entries(_ stdout: String) throws -> [(reload: String, date: String, content: JSONValue?)] {
        var rows: [(String, String, JSONValue?)] = []
        for reload in try JSONReader.parse(stdout).json["reloads"]?.array ?? [] {
            for entry in reload["entries"]?.array ?? [] {
                rows.append((reload["at"]?.string ?? "", entry["date"]?.string ?? "", entry["content"]))
            }
        }
        return rows
    }

    // MARK: - The close

    /// The stocks example reloads at the close, and the closing print the app wrote a minute
    /// before is what its last entry of the day shows.
    @Test func theStocksExampleReloadsAtTheCloseAndShowsTheClosingPrint() throws {
        let (status, console) = runCLI([
            "run", TestPaths.widgets + "/stocks.yaml", "--from", "2026-11-30T15:30:00-05:00", "--for", "1h",
            "--scenario", TestPaths.widgets + "/scenarios/stocks-close.json", "--format", "json",
        ])
        #expect(status == .success, "\(console.stderr)")
        let reloads = try JSONReader.parse(console.stdout).json["reloads"]?.array ?? []
        #expect(reloads.map { $0["at"]?.string } == ["2026-11-30T15:30:00-05:00", "2026-11-30T16:00:00-05:00"])
        #expect(reloads.first?["policy"]?["date"] == "2026-11-30T16:00:00-05:00")
        // The next session's open after the close.
        #expect(reloads.last?["policy"]?["date"] == "2026-12-01T09:30:00-05:00")
        let closing = try #require(reloads.last?["entries"]?.array?.first?["content"])
        #expect(closing["price"] == 240.12)
        #expect(closing["market"] == "XNYS closed")
    }

    /// Without the event the 16:00 entry keeps the price read at the open until the next session.
    @Test func withoutTheEventTheCloseIsNotAReload() throws {
        let source = try String(contentsOfFile: TestPaths.widgets + "/stocks.yaml", encoding: .utf8)
        let dir = try temporaryDirectory().path
        try FileManager.default.copyItem(atPath: TestPaths.widgets + "/container", toPath: dir + "/container")
        let plain = dir + "/stocks.yaml"
        try source.replacingOccurrences(of: "  events:\n    - at: \"{{market.close}}\"", with: "  # no event").write(toFile: plain, atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["run", plain, "--from", "2026-11-30T15:30:00-05:00", "--for", "1h", "--format", "json"])
        #expect(status == .success, "\(console.stderr)")
        let reloads = try JSONReader.parse(console.stdout).json["reloads"]?.array ?? []
        #expect(reloads.count == 1)
        #expect(reloads.first?["policy"]?["date"] == "2026-12-01T09:30:00-05:00")
    }

    /// `market.*` in events belongs to the market rule; other entry variables stay refused there.
    @Test func marketInEventsIsCheckedLikeTheRulesOwnVariables() throws {
        let cron = try write("""
            kind: com.example.c
            displayName: C
            description: C
            content: { t: "{{entry.time}}" }
            timeline:
              cron: "0 9 * * *"
              events: [{ at: "{{market.close}}" }]

            """)
        let (status, console) = runCLI(["validate", cron])
        #expect(status == .inputErrors)
        #expect(console.stderr.contains("w.yaml:7:21: error: 'market.close' exists only for the 'market' rule, and this widget's rule is 'cron'"), "\(console.stderr)")
        let market = try write("""
            kind: com.example.m
            displayName: M
            description: M
            content: { t: "{{market.state}}" }
            timeline:
              market: { exchange: XNYS, every: 15m }
              events: [{ at: "{{entry.date}}" }, { at: "{{market.closing}}" }]

            """)
        let (_, refused) = runCLI(["validate", market])
        #expect(refused.stderr.contains("'entry.date' is not available in timeline options; only 'param…' and 'data…' are, and 'market…' in events"), "\(refused.stderr)")
        #expect(refused.stderr.contains("'market.closing' is not a market variable"), "\(refused.stderr)")
    }

    // MARK: - The instant an entry stands for

    static let leapDay = """
        kind: com.example.leapday
        displayName: Leap Day
        description: A greeting on 29 February
        timeZone: Europe/Paris
        content:
          greeting: "{{#entry.isInstant}}Happy leap day!{{/entry.isInstant}}{{^entry.isInstant}}Good day{{/entry.isInstant}}"
          since: "{{entry.instant}}"
        timeline:
          cron: "0 0 29 2 *"
          events: [{ at: "+1d" }]

        """

    /// The greeting shows from 29 February 00:00 to 1 March 00:00 and at no other time.
    @Test func theLeapDayGreetingShowsOnlyOnTheTwentyNinth() throws {
        let path = try write(Self.leapDay)
        let (status, console) = runCLI(["run", path, "--from", "2028-02-27T12:00:00+01:00", "--for", "4d", "--format", "json"])
        #expect(status == .success, "\(console.stderr)")
        let rows = try entries(console.stdout)
        let greeted = rows.filter { $0.content?["greeting"] == "Happy leap day!" }
        #expect(greeted.map(\.date) == ["2028-02-29T00:00:00+01:00", "2028-02-29T00:00:00+01:00"], "\(rows.map { ($0.date, $0.content?["greeting"]) })")
        // The reload at midnight on 1 March shows the other text again.
        let march = try #require(rows.first { $0.reload == "2028-03-01T00:00:00+01:00" })
        #expect(march.content?["greeting"] == "Good day")
        #expect(march.content?["since"] == "2028-02-29T00:00:00+01:00")
        // Before the 29th, the entry at the request stands for the previous leap day.
        #expect(rows.first?.content?["since"] == "2024-02-29T00:00:00+01:00")
        #expect(rows.first?.content?["greeting"] == "Good day")
    }

    /// Lets read the same instant (docs/cel.md): a let's greeting agrees with the template's at
    /// every entry, and `entry.instant` is a timestamp, or null when the entry stands for none.
    @Test func letsReadTheInstantAsContentDoes() throws {
        let path = try write(Self.leapDay.replacingOccurrences(of: "content:\n", with: """
            let:
              leap: "entry.isInstant ? 'Happy leap day!' : 'Good day'"
              since: "entry.instant == null ? 'none' : string(entry.instant)"
            content:
              letGreeting: "{{let.leap}}"
              letSince: "{{let.since}}"

            """))
        let (status, console) = runCLI(["run", path, "--from", "2028-02-27T12:00:00+01:00", "--for", "4d", "--format", "json"])
        #expect(status == .success, "\(console.stderr)")
        let rows = try entries(console.stdout)
        #expect(rows.contains { $0.content?["letGreeting"] == "Happy leap day!" })
        for row in rows {
            #expect(row.content?["letGreeting"] == row.content?["greeting"], "\(row)")
        }
        // CEL's string of a timestamp is UTC: the leap day of 2024 at midnight in Paris.
        #expect(rows.first?.content?["letSince"] == "2024-02-28T23:00:00Z")
        let (_, plain) = runCLI(["run", try write("""
            kind: com.example.none
            displayName: N
            description: N
            let: { since: "entry.instant == null ? 'none' : string(entry.instant)" }
            content: { since: "{{let.since}}" }
            timeline: { once: true }

            """), "--from", "2028-02-27T12:00:00Z", "--for", "1h", "--format", "json"])
        #expect(try entries(plain.stdout).first?.content?["since"] == "none")
    }

    /// Daily slots and aligned `every` stand for their latest instant too; a rule with none gives null.
    @Test func theFirstEntryStandsForTheLatestInstantOfItsRule() throws {
        func first(_ timeline: String) throws -> JSONValue? {
            let path = try write("""
                kind: com.example.i
                displayName: I
                description: I
                timeZone: UTC
                content: { at: "{{entry.instant}}", is: "{{entry.isInstant}}" }
                timeline: \(timeline)

                """)
            let (status, console) = runCLI(["run", path, "--from", "2026-11-29T10:20:00+00:00", "--for", "1h", "--format", "json"])
            #expect(status == .success, "\(console.stderr)")
            return try entries(console.stdout).first?.content
        }
        let daily = try first("{ daily: [{ at: \"08:00\", name: morning }, { at: \"18:00\", name: evening }] }")
        #expect(daily?["at"] == "2026-11-29T08:00:00+00:00")
        #expect(daily?["is"] == false)
        let every = try first("{ every: 15m }")
        #expect(every?["at"] == "2026-11-29T10:15:00+00:00")
        let cron = try first("{ cron: \"20 10 * * *\" }")
        #expect(cron?["at"] == "2026-11-29T10:20:00+00:00")
        #expect(cron?["is"] == true)
        let once = try first("{ once: true }")
        #expect(once?["at"] == nil)
        #expect(once?["is"] == false)
    }

    /// Views see the entry's content, so `entry.instant` there is refused with the way to pass it.
    @Test func aViewNamingTheInstantIsToldToUseAContentField() throws {
        let path = try write("""
            kind: com.example.v
            displayName: V
            description: V
            content: { t: "{{entry.time}}" }
            timeline: { hourly: true }
            view:
              text: "{{entry.isInstant}}"

            """)
        let (status, console) = runCLI(["validate", path])
        #expect(status == .inputErrors)
        #expect(console.stderr.contains("'entry.isInstant' is for content, not views: add a content field"), "\(console.stderr)")
    }
}
