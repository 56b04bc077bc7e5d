import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetTime

@Suite("Daily slots")
struct DailySlotsTests {
    let ny = zone("America/New_York")

    @Test func slotsInOrderAcrossDays() throws {
        let slots = DailySlots(minutesOfDay: [try WallTime.parse("08:00"), try WallTime.parse("20:00")], zone: ny)
        var t = at("2026-11-29T09:00:00-05:00")
        var got: [(Instant, Int)] = []
        for _ in 0..<4 {
            guard let n = slots.next(after: t) else { break }
            got.append((n.instant, n.slot))
            t = n.instant
        }
        #expect(got.map(\.0) == ["2026-11-29T20:00:00-05:00", "2026-11-30T08:00:00-05:00", "2026-11-30T20:00:00-05:00", "2026-12-01T08:00:00-05:00"].map(at))
        #expect(got.map(\.1) == [1, 0, 1, 0])
        #expect(slots.slotInForce(at: at("2026-11-29T09:00:00-05:00")) == 0)
        #expect(slots.slotInForce(at: at("2026-11-29T07:59:59-05:00")) == 1)  // last evening's slot
        #expect(slots.slotInForce(at: at("2026-11-29T20:00:00-05:00")) == 1)
    }

    @Test func gapAndFoldSlotsHappenOnceEachDay() throws {
        // 02:30 on spring-forward day -> 03:30 EDT; 01:30 on fall-back day -> the EDT one only.
        let slots = DailySlots(minutesOfDay: [150, 90], zone: ny)
        var t = at("2026-03-07T12:00:00-05:00")
        var spring: [Instant] = []
        for _ in 0..<4 {
            guard let n = slots.next(after: t) else { break }
            spring.append(n.instant)
            t = n.instant
        }
        #expect(spring == ["2026-03-08T01:30:00-05:00", "2026-03-08T03:30:00-04:00", "2026-03-09T01:30:00-04:00", "2026-03-09T02:30:00-04:00"].map(at))
        t = at("2026-10-31T12:00:00-04:00")
        var fall: [Instant] = []
        for _ in 0..<3 {
            guard let n = slots.next(after: t) else { break }
            fall.append(n.instant)
            t = n.instant
        }
        #expect(fall == ["2026-11-01T01:30:00-04:00", "2026-11-01T02:30:00-05:00", "2026-11-02T01:30:00-05:00"].map(at))
        // During the repeated hour the 01:30 slot stays in force; no second occurrence.
        #expect(slots.slotInForce(at: at("2026-11-01T01:45:00-05:00")) == 1)
    }

    @Test func slotsLandingOnOneInstantKeepTheLaterWallTime() {
        // 02:30 shifts onto 03:30 on spring-forward day: the 03:30 slot is the one in force.
        let slots = DailySlots(minutesOfDay: [150, 210], zone: ny)
        let n = slots.next(after: at("2026-03-08T00:00:00-05:00"))
        #expect(n?.instant == at("2026-03-08T03:30:00-04:00"))
        #expect(n?.slot == 1)
        #expect(slots.slotInForce(at: at("2026-03-08T03:30:00-04:00")) == 1)
        #expect(DailySlots(minutesOfDay: [], zone: ny).next(after: at("2026-03-08T00:00:00-05:00")) == nil)
    }
}
