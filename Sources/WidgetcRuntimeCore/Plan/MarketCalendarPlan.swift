import WidgetSupport
import MarketCalendars

/// An exchange calendar carried in a plan's `markets` (docs/plan-markets.md).
enum MarketCalendarPlan {
    static func calendar(_ m: PlanMember) throws(PlanError) -> MarketCalendar {
        let description: ExchangeDescription
        do { description = try ExchangeDescription(planJSON: m.value) } catch {
            throw PlanError(pointer: JSONPointer.string(m.path) + error.pointer, message: error.message)
        }
        do { return try MarketCalendar(description) } catch { throw m.fail("the calendar is unusable: \(error)") }
    }
}
