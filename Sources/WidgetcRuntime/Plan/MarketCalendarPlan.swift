import WidgetSupport
import MarketCalendars

/// An exchange calendar carried in a plan's `markets`.
enum MarketCalendarPlan {
    static func calendar(_ m: PlanMember) throws(PlanError) -> MarketCalendar {
        let mic = try m("mic").string()
        guard let calendar = MarketCalendar.named(mic) else { throw try m("mic").fail("unknown exchange '\(mic)'") }
        return calendar
    }
}
