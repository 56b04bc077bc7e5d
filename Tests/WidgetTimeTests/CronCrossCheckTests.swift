import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetTime

/// A deliberately plain cron matcher, written apart from `CronParser`, for checking
/// fire times against a per-minute scan of Foundation's calendar.
struct NaiveCron {
    let fields: [[Bool]]  // fields[k][v]: value v listed in field k
    let domStar: Bool, dowStar: Bool

    init(_ text: String) {
        let names = ["JAN": 1, "FEB": 2, "MAR": 3, "APR": 4, "MAY": 5, "JUN": 6, "JUL": 7, "AUG": 8, "SEP": 9, "OCT": 10, "NOV": 11, "DEC": 12,
                     "SUN": 0, "MON": 1, "TUE": 2, "WED": 3, "THU": 4, "FRI": 5, "SAT": 6]
        let bounds = [(0, 59), (0, 23), (1, 31), (1, 12), (0, 7)]
        let parts = text.split(whereSeparator: { $0 == " " })
        var fields: [[Bool]] = []
        for (k, part) in parts.enumerated() {
            var set = [Bool](repeating: false, count: 64)
            for item in part.split(separator: ",") {
                let pieces = item.split(separator: "/")
                let step = pieces.count > 1 ? Int(pieces[1])! : 1
                var lo = bounds[k].0, hi = bounds[k].1
                if pieces[0] != "*" {
                    let ends = pieces[0].split(separator: "-").map { names[$0.uppercased()] ?? Int($0)! }
                    lo = ends[0]
                    hi = ends.count > 1 ? ends[1] : (pieces.count > 1 ? bounds[k].1 : ends[0])
                }
                for v in stride(from: lo, through: hi, by: step) { set[k == 4 && v == 7 ? 0 : v] = true }
            }
            fields.append(set)
        }
        self.fields = fields
        domStar = parts[2].hasPrefix("*")
        dowStar = parts[4].hasPrefix("*")
    }

    func matches(_ c: LocalMinute) -> Bool {
        guard fields[0][c.minute], fields[1][c.hour], fields[3][c.month] else { return false }
        let dom = fields[2][c.day], dow = fields[4][c.weekday]
        return domStar || dowStar ? dom && dow : dom || dow
    }
}

/// A local clock reading from Foundation's calendar (weekday 0 = Sunday).
struct LocalMinute {
    let month: Int, day: Int, weekday: Int, hour: Int, minute: Int
}

@Suite("Cron against a per-minute scan of Foundation's calendar")
struct CronCrossCheckTests {
    static let expressions = [
        "*/15 * * * *", "30 2 * * *", "0 0 1 * MON", "0 0 */2 * MON", "0 9-17/2 * * MON-FRI",
        "5 1,2 * 3,10,11 SUN", "*/7 1-3 1,15 * 0,7", "0 12 * JAN-MAR,OCT *", "0 0 * * 0", "30 * 31 * 5",
        "45 2 * * *", "15,45 0-3 * * *", "0 0 29 2 *", "59 23 * * SAT",
    ]

    @Test(arguments: ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham"])
    func yearOfFireTimes(zoneName: String) throws {
        guard let tz = TimeZone(identifier: zoneName) else {
            Issue.record("no zone \(zoneName)")
            return
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = tz
        let start = at("2026-01-01T00:00:00Z").seconds, end = at("2027-01-01T00:00:00Z").seconds
        // Local components of every UTC minute of the year (all these offsets are whole minutes).
        var minutes: [(Int64, LocalMinute)] = []
        minutes.reserveCapacity(Int((end - start) / 60))
        var u = start
        while u < end {
            let c = calendar.dateComponents([.month, .day, .weekday, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(u)))
            if let month = c.month, let day = c.day, let weekday = c.weekday, let hour = c.hour, let minute = c.minute, c.second == 0 {
                minutes.append((u, LocalMinute(month: month, day: day, weekday: weekday - 1, hour: hour, minute: minute)))
            } else {
                Issue.record("\(zoneName): no whole-minute reading at \(u)")
            }
            u += 60
        }
        #expect(minutes.count == 365 * 24 * 60)
        let rules = zone(zoneName)
        var compared = 0
        for text in Self.expressions {
            let naive = NaiveCron(text)
            let expected = minutes.filter { naive.matches($0.1) }.map { Instant(seconds: $0.0) }
            let cron = try CronExpression(text)
            let got = Array(cron.fireTimes(after: Instant(seconds: start - 1), in: rules, before: Instant(seconds: end)))
            #expect(got == expected, "\(zoneName) '\(text)': \(got.count) vs \(expected.count); first difference at \(String(describing: zip(got, expected).first { $0 != $1 }))")
            // Stateless next(after:) agrees with the walk at a sample of points.
            for k in stride(from: 0, to: got.count, by: max(1, got.count / 50)) where k + 1 < got.count {
                #expect(cron.next(after: got[k], in: rules) == got[k + 1])
            }
            compared += 1
        }
        #expect(compared == Self.expressions.count)
    }
}
