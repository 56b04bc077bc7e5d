/// Turns an exchange description's holiday rules into the days it is closed,
/// applying observance (moved holidays), Japan-style bridge days and dated
/// closures. Pure and per year; `YearTable` caches the result.
struct HolidayResolver {
    let exchange: ExchangeDescription

    /// Closed days (weekend days included only when a closure names them) whose
    /// day number lies in `[firstDay, endDay)`, each with its name. Rules of the
    /// neighbouring years are evaluated too, so a holiday moved across New Year
    /// lands in the right year.
    func closures(year: Int, firstDay: Int64, endDay: Int64) -> [Int64: String] {
        var closed: [Int64: String] = [:]
        for ruleYear in (year - 1)...(year + 1) {
            for (day, name) in ruleYearClosures(ruleYear) where day >= firstDay && day < endDay {
                if closed[day] == nil { closed[day] = name }
            }
        }
        for closure in exchange.closures {
            let day = closure.date.dayNumber
            if day >= firstDay && day < endDay { closed[day] = closure.name }
        }
        return closed
    }

    /// The observed holidays produced by the rules of one year.
    func ruleYearClosures(_ year: Int) -> [(Int64, String)] {
        // Pass 1: every rule's calendar date, before any move.
        var actual: [(day: Int64, rule: HolidayRule)] = []
        for rule in exchange.holidays where rule.years.contains(year) {
            if let day = rule.date.day(in: year) { actual.append((day, rule)) }
        }
        // Public holidays' calendar dates: what bridges and substitutes look at.
        let actualDays = Set(actual.filter { !$0.rule.marketOnly }.map(\.day))
        var placed: [Int64: String] = [:]
        var moved: [(day: Int64, rule: HolidayRule)] = []
        for (day, rule) in actual {
            let weekday = Weekday(day: day)
            let stays: Bool
            switch rule.observance {
            case .none: stays = true
            case .nearestWeekday: stays = weekday != .saturday && weekday != .sunday
            case .nextFreeWeekday: stays = !exchange.weekend.contains(day: day)
            case .sundayToMonday, .sundayToNextFreeDay: stays = weekday != .sunday
            }
            if stays {
                if placed[day] == nil { placed[day] = rule.name }
            } else {
                moved.append((day, rule))
            }
        }
        // Bridge days: between two holidays' calendar dates (Japan's citizens' holiday).
        if exchange.bridgesDaysBetweenHolidays {
            for day in actualDays.sorted() {
                let between = day + 1
                if actualDays.contains(between + 1), !actualDays.contains(between),
                   Weekday(day: between) != .sunday, placed[between] == nil {
                    placed[between] = "Citizens' Holiday"
                }
            }
        }
        // Pass 2: holidays on a weekend move, in date order so that a chain of
        // them (UK Christmas and Boxing Day) takes successive free days.
        for (day, rule) in moved.sorted(by: { $0.day < $1.day }) {
            let name = rule.name + " (observed)"
            switch rule.observance {
            case .none:
                break
            case .nearestWeekday:
                let target = Weekday(day: day) == .saturday ? day - 1 : day + 1
                if placed[target] == nil { placed[target] = name }
            case .sundayToMonday:
                if placed[day + 1] == nil { placed[day + 1] = name }
            case .nextFreeWeekday:
                var target = day + 1
                // Bounded: a description whose every day is a weekend day is refused anyway.
                while (placed[target] != nil || exchange.weekend.contains(day: target)) && target - day < 14 {
                    target += 1
                }
                placed[target] = name
            case .sundayToNextFreeDay:
                var target = day + 1
                while actualDays.contains(target) && target - day < 14 { target += 1 }
                if placed[target] == nil { placed[target] = name }
            }
        }
        return placed.map { ($0.key, $0.value) }
    }
}
