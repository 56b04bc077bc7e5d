import WidgetTime

/// A description that cannot make a calendar, with every problem found.
package struct CalendarError: Error, Sendable, Hashable, CustomStringConvertible {
    package let mic: String
    /// One sentence per problem.
    package let problems: [String]
    package var description: String { "exchange \(mic): " + problems.joined(separator: "; ") }
}

extension ExchangeDescription {
    /// Problems that would make sessions wrong or impossible (empty when fine).
    package func problems() -> [String] {
        var out: [String] = []
        if mic.isEmpty { out.append("empty MIC") }
        if ZoneRules.named(timeZone) == nil { out.append("unknown time zone '\(timeZone)'") }
        if weekend == .all { out.append("every day is a weekend day") }
        if hours.isEmpty { out.append("no trading hours") }
        let minute = 0..<1_440
        var lastFrom: CivilDate? = nil
        for (i, h) in hours.enumerated() {
            let at = "hours #\(i + 1)"
            if !minute.contains(h.open) || !minute.contains(h.close) { out.append("\(at): times must be 00:00 to 23:59") }
            if h.open >= h.close { out.append("\(at): open must be before close") }
            switch (h.breakStart, h.breakEnd) {
            case (nil, nil): break
            case (let s?, let e?):
                if !(h.open < s && s < e && e < h.close) { out.append("\(at): the break must lie inside the session") }
            default: out.append("\(at): a break needs both a start and an end")
            }
            if i > 0 {
                guard let from = h.from else { out.append("\(at): only the first period may omit 'from'"); continue }
                if !from.isValid { out.append("\(at): 'from' \(from) is not a date") }
                if let lastFrom, from <= lastFrom { out.append("\(at): periods must be in date order") }
                lastFrom = from
            } else if let from = h.from {
                if !from.isValid { out.append("\(at): 'from' \(from) is not a date") }
                lastFrom = from
            }
        }
        for rule in holidays { out += rule.date.problems(named: "holiday '\(rule.name)'") }
        for rule in earlyCloses {
            out += rule.date.problems(named: "early close '\(rule.name)'")
            if !minute.contains(rule.close) { out.append("early close '\(rule.name)': close must be 00:00 to 23:59") }
        }
        for c in closures where !c.date.isValid { out.append("closure '\(c.name)': \(c.date) is not a date") }
        for s in specialHours {
            if !s.date.isValid { out.append("special hours '\(s.name)': \(s.date) is not a date") }
            if let o = s.open, let c = s.close, o >= c { out.append("special hours '\(s.name)': open must be before close") }
        }
        return out
    }
}

extension DayRule {
    func problems(named name: String) -> [String] {
        switch anchor {
        case .fixed(let month, let day):
            // February 29 is allowed (it exists in leap years).
            if !(1...12).contains(month) || !(1...31).contains(day) || !CivilDate(2000, month, day).isValid {
                return ["\(name): \(month)/\(day) is not a month and day"]
            }
        case .nthWeekday(let n, _, let month):
            if !(1...12).contains(month) || !(1...5).contains(n) { return ["\(name): needs a month 1-12 and n 1-5"] }
        case .lastWeekday(_, let month):
            if !(1...12).contains(month) { return ["\(name): needs a month 1-12"] }
        case .easterSunday, .marchEquinoxJapan, .septemberEquinoxJapan:
            break
        }
        return []
    }
}
