import Testing
import WidgetTestSupport
import WidgetCompiler
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport

/// The `market` rule through the compiler and the runtime (spec "Market hours").
@Suite struct MarketRuleTests {
    func stock(_ exchange: String, every: String = "15m") throws -> SimulatedWidget {
        try SimulatedWidget(yaml: """
            kind: test.stock
            displayName: Stock
            description: A stock.
            timeZone: America/New_York
            content: { state: "{{market.state}}", open: "{{market.open}}", close: "{{market.close}}", mic: "{{market.exchange}}" }
            timeline:
              market: { exchange: \(exchange), every: \(every) }
            """)
    }

    @Test func fridayCloseReloadsAtMondaysOpen() throws {
        // 2026-11-27 is the day after Thanksgiving: a 13:00 early close.
        let w = try stock("XNYS")
        let (reloads, summary) = try w.run(from: "2026-11-27T12:20:00-05:00", until: "2026-11-30T10:00:00-05:00")
        let first = reloads[0].timeline
        #expect(first.dates == ["12:20", "12:30", "12:45", "13:00"].map { at("2026-11-27T\($0):00-05:00") })
        #expect(first.entries.map { $0.content["state"] } == ["open", "open", "open", "closed"])
        #expect(first.entries[0].content["close"] == "2026-11-27T13:00:00-05:00")
        #expect(first.entries[3].content["open"] == "2026-11-30T09:30:00-05:00")
        #expect(first.entries[0].content["mic"] == "XNYS")
        #expect(first.policy == .after(at("2026-11-30T09:30:00-05:00")))
        #expect(reloads[1].at == at("2026-11-30T09:30:00-05:00"))
        #expect(reloads[1].reason == .after)
        #expect(reloads.count == 2)
        #expect(summary.warnings.isEmpty)
    }

    @Test func outsideASessionOneClosedEntry() throws {
        let w = try stock("XNAS")
        // Thanksgiving 2026-11-26: closed all day.
        let (reloads, _) = try w.run(from: "2026-11-26T10:00:00-05:00", until: "2026-11-26T12:00:00-05:00")
        #expect(reloads[0].timeline.entries.map { $0.content["state"] } == ["closed"])
        #expect(reloads[0].timeline.policy == .after(at("2026-11-27T09:30:00-05:00")))
    }

    @Test func tokyoLunchBreakHasOneEntryAtItsStart() throws {
        let w = try stock("XTKS", every: "30m")
        let (reloads, _) = try w.run(from: "2026-11-30T10:45:00+09:00", until: "2026-11-30T16:00:00+09:00")
        let t = reloads[0].timeline
        let times = ["10:45", "11:00", "11:30", "12:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30"]
        #expect(t.dates == times.map { at("2026-11-30T\($0):00+09:00") })
        #expect(t.entries.map { $0.content["state"] } == ["open", "open", "closed", "open", "open", "open", "open", "open", "open", "closed"])
    }
}
