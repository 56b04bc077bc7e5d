import Testing
import WidgetTestSupport
import WidgetCompiler
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

/// The `schedule` rule (docs/language.md "schedule"): entries at the instants a list of the data
/// names, each entry's `current`, `next` and `upcoming`, the policies, and its checks.
@Suite struct ScheduleRuleTests {
    /// Items written out of order, one `at` that is not an instant (index 2).
    static let events = """
        { "items": [
          { "name": "c", "at": "2026-11-29T14:00:00Z", "end": "2026-11-29T15:00:00Z" },
          { "name": "a", "at": "2026-11-29T10:00:00Z", "end": "2026-11-29T11:00:00Z" },
          { "name": "x", "at": "soon" },
          { "name": "b", "at": "2026-11-29T12:00:00Z" }
        ] }
        """

    func widget(
        _ schedule: String, options: String = "", data: String = events, extra: String = "",
        content: String = #"{ now: "{{current.name}}", next: "{{next.name}}", later: "{{#upcoming}}{{name}} {{/upcoming}}" }"#
    ) throws -> SimulatedWidget {
        try SimulatedWidget(
            yaml: """
                kind: test.schedule
                displayName: Schedule
                description: A schedule under test.
                timeZone: UTC
                data:
                  events: { file: events.json }
                \(extra)
                content: \(content)
                timeline:
                  schedule:
                \(schedule)
                \(options)
                """, data: ["events.json": data])
    }

    func first(_ w: SimulatedWidget, from: String = "2026-11-29T09:00:00Z", hours: Int64 = 24) throws -> (Timeline, [RunWarning]) {
        let start = at(from)
        let (reloads, summary) = try w.run(from: from, until: (start + hours * 3600).iso8601(offset: 0))
        return (try #require(reloads.first).timeline, summary.warnings)
    }

    @Test func entriesAtEachAtAndEndSortedAsInstantsWithCurrentNextAndUpcoming() throws {
        let w = try widget("    items: data.events.items\n    at: \"{{record.at}}\"\n    end: \"{{record.end}}\"\n    upcoming: 2")
        let (t, warnings) = try first(w)
        // T, then a's at and end, b's at, c's at and end: as instants, not in the list's order.
        #expect(t.dates == ["09:00", "10:00", "11:00", "12:00", "14:00", "15:00"].map { at("2026-11-29T\($0):00Z") })
        #expect(t.entries.map { $0.content["now"] } == ["", "a", "", "b", "c", ""])
        #expect(t.entries.map { $0.content["next"] } == ["a", "b", "b", "c", "", ""])
        #expect(t.entries.map { $0.content["later"] } == ["a b ", "b c ", "b c ", "c ", "", ""])
        #expect(t.policy == .atEnd)
        // The item that is not an instant is skipped, named by its index in the list.
        #expect(warnings.map(\.code) == ["schedule-item"])
        #expect(warnings.first?.message.contains("schedule item 2 of 'data.events.items'") == true)
        #expect(warnings.first?.message.contains("rendered \"soon\", which is not an instant; skipped") == true)
    }

    @Test func withoutEndAnItemIsCurrentUntilTheNextStarts() throws {
        let w = try widget("    items: data.events.items\n    at: \"{{record.at}}\"")
        let (t, _) = try first(w)
        #expect(t.dates == ["09:00", "10:00", "12:00", "14:00"].map { at("2026-11-29T\($0):00Z") })
        #expect(t.entries.map { $0.content["now"] } == ["", "a", "b", "c"])
        // upcoming defaults to one item: the next.
        #expect(t.entries.map { $0.content["later"] } == ["a ", "b ", "c ", ""])
    }

    @Test func anEndBeforeItsAtIsWarnedNamingTheIndexAndIgnored() throws {
        let data = """
            { "items": [
              { "name": "a", "at": "2026-11-29T10:00:00Z", "end": "2026-11-29T11:00:00Z" },
              { "name": "b", "at": "2026-11-29T12:00:00Z", "end": "2026-11-29T11:30:00Z" },
              { "name": "c", "at": "2026-11-29T14:00:00Z" }
            ] }
            """
        let w = try widget("    items: data.events.items\n    at: \"{{record.at}}\"\n    end: \"{{record.end}}\"", data: data)
        let (t, warnings) = try first(w)
        #expect(warnings.map(\.code) == ["schedule-item"])
        #expect(warnings.first?.message == "schedule item 1 of 'data.events.items': end \"2026-11-29T11:30:00Z\" is before its at \"2026-11-29T12:00:00Z\"; the end is ignored and the item lasts until the next one starts")
        // b is current from its at until c starts, as an item without end; no entry at 11:30.
        #expect(t.dates == ["09:00", "10:00", "11:00", "12:00", "14:00"].map { at("2026-11-29T\($0):00Z") })
        #expect(t.entries.map { $0.content["now"] } == ["", "a", "", "b", "c"])
    }

    @Test func theSkipWarningIsGivenOnceOverManyReloads() throws {
        // Reloads at T, at each end of the timeline and at the app's reloads: the bad item is named once.
        let w = try widget("    items: data.events.items\n    at: \"{{record.at}}\"")
        let (reloads, summary) = try w.run(from: "2026-11-29T09:00:00Z", until: "2026-12-01T09:00:00Z")
        #expect(reloads.count > 1)
        #expect(summary.warnings.filter { $0.code == "schedule-item" }.count == 1)
    }

    @Test func theFirstEntryStandsForTheLatestItemBeforeT() throws {
        let content = #"{ now: "{{current.name}}", instant: "{{entry.instant}}", late: "{{entry.isInstant}}" }"#
        let w = try widget("    items: data.events.items\n    at: \"{{record.at}}\"\n    end: \"{{record.end}}\"", content: content)
        // At 10:30, a (10:00 to 11:00) is current: the first entry stands for its at.
        let (t, _) = try first(w, from: "2026-11-29T10:30:00Z")
        #expect(t.entries.first?.content["instant"] == "2026-11-29T10:00:00+00:00")
        #expect(t.entries.first?.content["late"] == false)
        #expect(t.entries.dropFirst().first?.content["instant"] == "2026-11-29T11:00:00+00:00")
        // Before every item there is none: null, a field left out.
        let (early, _) = try first(w, from: "2026-11-29T08:00:00Z")
        #expect(early.entries.first?.content["instant"] == nil)
    }

    @Test func theHorizonAndMaxEntriesCapTheEntries() throws {
        let w = try widget("    items: data.events.items\n    at: \"{{record.at}}\"", options: "  horizon: 3h")
        let (t, _) = try first(w)
        // (T, T + 3h]: 12:00 is in, 14:00 is not.
        #expect(t.dates == [at("2026-11-29T09:00:00Z"), at("2026-11-29T10:00:00Z"), at("2026-11-29T12:00:00Z")])
        #expect(t.policy == .atEnd)
        let capped = try widget("    items: data.events.items\n    at: \"{{record.at}}\"", options: "  maxEntries: 2")
        #expect(try first(capped).0.dates == [at("2026-11-29T09:00:00Z"), at("2026-11-29T10:00:00Z")])
    }

    @Test func policyAfterTheFirstItemBeyondTheHorizon() throws {
        let w = try widget("    items: data.events.items\n    at: \"{{record.at}}\"", options: "  horizon: 30m")
        let (t, _) = try first(w)
        #expect(t.dates == [at("2026-11-29T09:00:00Z")])
        #expect(t.policy == .after(at("2026-11-29T10:00:00Z")))
    }

    @Test func policyNeverWhenNothingLiesAfterT() throws {
        let w = try widget("    items: data.events.items\n    at: \"{{record.at}}\"")
        let (t, _) = try first(w, from: "2026-11-30T09:00:00Z")
        #expect(t.dates == [at("2026-11-30T09:00:00Z")])
        #expect(t.entries.map { $0.content["now"] } == ["c"])
        #expect(t.policy == .never)
    }

    @Test func policyAfterTheHorizonWhenTheWidgetReadsAURLSource() throws {
        let w = try widget(
            "    items: data.events.items\n    at: \"{{record.at}}\"", options: "  horizon: 6h",
            extra: "  feed: { url: \"https://example.com/feed.json\" }")
        let from = "2026-11-30T09:00:00Z"
        let (reloads, _) = try w.run(
            from: from, until: "2026-11-30T10:00:00Z",
            scenario: Scenario([.respond(at: at(from), url: "https://example.com/feed.json", response: ScriptedResponse(body: Array("{}".utf8)))]))
        let t = try #require(reloads.first).timeline
        #expect(t.dates == [at(from)])
        #expect(t.policy == .after(at("2026-11-30T15:00:00Z")))
    }

    @Test func anExplicitPolicyOverrides() throws {
        let w = try widget("    items: data.events.items\n    at: \"{{record.at}}\"", options: "  policy: { after: 2h }")
        let (t, _) = try first(w)
        #expect(t.policy == .after(at("2026-11-29T11:00:00Z")))
    }

    @Test func itemsFromALetAndLetsOverCurrent() throws {
        let w = try widget(
            "    items: let.soon\n    at: \"{{record.at}}\"",
            extra: """
                let:
                  soon: "data.events.items.filter(e, e.name != 'x' && e.name != 'c')"
                  label: "current == null ? 'idle' : 'in ' + current.name"
                """,
            content: #"{ now: "{{let.label}}" }"#)
        let (t, _) = try first(w)
        #expect(t.dates == [at("2026-11-29T09:00:00Z"), at("2026-11-29T10:00:00Z"), at("2026-11-29T12:00:00Z")])
        #expect(t.entries.map { $0.content["now"] } == ["idle", "in a", "in b"])
    }

    @Test func aListThatIsNotThereShowsThePlaceholder() throws {
        let w = try widget("    items: data.events.missing\n    at: \"{{record.at}}\"")
        let (t, warnings) = try first(w)
        #expect(t.entries.count == 1)
        #expect(warnings.map(\.message).contains("schedule items 'data.events.missing' is not a list; showing the placeholder"))
    }

    // MARK: Checks

    static let head = """
        kind: k
        displayName: D
        description: d
        data:
          events: { file: events.json }
        let:
          perEntry: "entry.index"

        """

    func shown(_ yaml: String) throws -> [String] {
        Compilation().validate(bytes: Array((Self.head + yaml).utf8), path: "x.yaml")
            .map { "\($0.code) \($0.location.line):\($0.location.column) \($0.message)" }
    }

    @Test func itemsNameADeclaredSourceOrALetReadOncePerReload() throws {
        let unknown = try shown("content: { a: \"{{let.perEntry}}\" }\ntimeline:\n  schedule: { items: data.evnts.items, at: \"{{record.at}}\" }\n")
        #expect(unknown == [
            "unknown-data-source 10:27 schedule items 'data.evnts.items' names no declared data source (did you mean 'events'?); items is data.NAME (a path into it may follow) or let.NAME"
        ])
        let perEntry = try shown("content: { a: b }\ntimeline:\n  schedule: { items: let.perEntry, at: \"{{record.at}}\" }\n")
        #expect(perEntry.count == 1)
        #expect(perEntry.first?.hasPrefix("unknown-variable 10:26 schedule items 'let.perEntry' is computed per entry") == true)
    }

    @Test func atAndEndSeeTheRecordNotTheEntry() throws {
        let found = try shown(
            "content: { a: \"{{let.perEntry}}\", b: \"{{current.name}}\", c: \"{{next.name}}\" }\ntimeline:\n  schedule: { items: data.events, at: \"{{record.at}}\", end: \"{{entry.date}}\" }\n")
        #expect(found == [
            "unknown-variable 10:64 'entry.date' is not available in a schedule's at and end; they see the item as 'record…' and its position as 'index', beside 'param…', 'data…' and 'let…'"
        ])
    }

    @Test func currentExistsOnlyForTheScheduleRule() throws {
        let found = try shown("content: { a: \"{{let.perEntry}}\", b: \"{{current.name}}\" }\ntimeline: { every: 1h }\n")
        #expect(found == ["unknown-variable 8:41 'current.name' exists only for the 'schedule' rule, and this widget's rule is 'every'"])
    }

    @Test func theSchemaRefusesAnItemsThatIsNotAPath() throws {
        let found = try shown("content: { a: \"{{let.perEntry}}\" }\ntimeline:\n  schedule: { items: events, at: \"{{record.at}}\" }\n")
        #expect(found.count == 1)
        #expect(found.first?.contains("data.NAME") == true)
    }

    @Test func thePlanCarriesTheScheduleAndReadsItBack() throws {
        let w = try widget("    items: data.events.items\n    at: \"{{record.at}}\"\n    end: \"{{record.end}}\"\n    upcoming: 2")
        let plan = try #require(w.widget.plan)
        let rule = plan.json["timeline"]?["rule"]
        #expect(rule == .object(JSONObject([
            ("type", "schedule"), ("items", "data.events.items"), ("at", "{{record.at}}"), ("end", "{{record.end}}"), ("upcoming", 2),
        ])))
        let back = try WidgetPlanModel(json: plan.json)
        #expect(back.json == plan.json)
    }
}
