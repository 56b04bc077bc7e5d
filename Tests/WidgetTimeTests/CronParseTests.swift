import Testing
import WidgetTestSupport
@testable import WidgetTime

@Suite("Cron parsing")
struct CronParseTests {
    /// The bits set in a mask, as numbers.
    func members<T: FixedWidthInteger>(_ bits: T) -> [Int] {
        (0..<T.bitWidth).filter { bits & (1 << T(truncatingIfNeeded: $0)) != 0 }
    }

    @Test func fieldsAndSyntax() throws {
        let c = try CronExpression("*/15 9-17 1,15 JAN-MAR mon-fri")
        #expect(members(c.minutes) == [0, 15, 30, 45])
        #expect(members(c.hours) == Array(9...17))
        #expect(members(c.daysOfMonth) == [1, 15])
        #expect(members(c.months) == [1, 2, 3])
        #expect(members(c.daysOfWeek) == [1, 2, 3, 4, 5])
        #expect(!c.dayOfMonthStar && !c.dayOfWeekStar)

        #expect(members(try CronExpression("5/20 * * * *").minutes) == [5, 25, 45])
        #expect(members(try CronExpression("10-30/7 * * * *").minutes) == [10, 17, 24])
        #expect(members(try CronExpression("0 */5 * * *").hours) == [0, 5, 10, 15, 20])
        #expect(members(try CronExpression("0 0 */10 * *").daysOfMonth) == [1, 11, 21, 31])
        #expect(members(try CronExpression("0 0 * */4 *").months) == [1, 5, 9])
        #expect(members(try CronExpression("0 0 * * */2").daysOfWeek) == [0, 2, 4, 6])
        #expect(members(try CronExpression("59 23 31 12 6").minutes) == [59])
        #expect(members(try CronExpression("0 0 * * 1,3-4,6").daysOfWeek) == [1, 3, 4, 6])
        #expect(members(try CronExpression("0 0 1 Jan,jUL,DEC *").months) == [1, 7, 12])
        #expect(members(try CronExpression("0 0 * * SUN-SAT").daysOfWeek) == [0, 1, 2, 3, 4, 5, 6])
        #expect(members(try CronExpression("0 0 * * TUE/2").daysOfWeek) == [2, 4, 6])  // TUE to SAT, step 2
        #expect(members(try CronExpression("0 0 * * 1/2").daysOfWeek) == [1, 3, 5])  // to Saturday, as `*`
        #expect(members(try CronExpression("0 0 * * 1-7/2").daysOfWeek) == [0, 1, 3, 5])  // 1, 3, 5, 7 (= Sunday)
        #expect(try CronExpression("  0\t12  * * *  ").hours == 1 << 12)
    }

    @Test func sundayIsZeroAndSeven() throws {
        #expect(members(try CronExpression("0 0 * * 7").daysOfWeek) == [0])
        #expect(members(try CronExpression("0 0 * * 0").daysOfWeek) == [0])
        #expect(members(try CronExpression("0 0 * * 5-7").daysOfWeek) == [0, 5, 6])
        #expect(members(try CronExpression("0 0 * * sun").daysOfWeek) == [0])
        #expect(try CronExpression("0 0 * * 7") .matchesDay(month: 11, day: 29, weekday: 0))
    }

    /// A range ending on Sunday is read to 7, as people write weekends and widely used crons read it.
    @Test func aRangeEndingOnSundayIsReadToSeven() throws {
        #expect(members(try CronExpression("0 9 * * SAT-SUN").daysOfWeek) == [0, 6])
        #expect(members(try CronExpression("0 9 * * FRI-SUN").daysOfWeek) == [0, 5, 6])
        #expect(members(try CronExpression("0 9 * * 6-0").daysOfWeek) == [0, 6])
        #expect(members(try CronExpression("0 9 * * MON-SUN/2").daysOfWeek) == [0, 1, 3, 5])
    }

    @Test func vixieStarFlags() throws {
        let both = try CronExpression("0 0 */2 * MON")
        #expect(both.dayOfMonthStar && !both.dayOfWeekStar)
        // */2 starts with '*', so a day must match both: odd days that are Mondays.
        #expect(both.matchesDay(month: 6, day: 1, weekday: 1))
        #expect(!both.matchesDay(month: 6, day: 2, weekday: 1))
        #expect(!both.matchesDay(month: 6, day: 3, weekday: 3))
        let either = try CronExpression("0 0 1 * MON")
        #expect(!either.dayOfMonthStar && !either.dayOfWeekStar)
        #expect(either.matchesDay(month: 6, day: 1, weekday: 4))
        #expect(either.matchesDay(month: 6, day: 8, weekday: 1))
        #expect(!either.matchesDay(month: 6, day: 9, weekday: 2))
        let dowOnly = try CronExpression("0 0 * * MON")
        #expect(dowOnly.matchesDay(month: 6, day: 8, weekday: 1))
        #expect(!dowOnly.matchesDay(month: 6, day: 1, weekday: 4))
        // "1-31" covers every day but does not start with '*': either rule, so every day fires.
        let fullRange = try CronExpression("0 0 1-31 * MON")
        #expect(fullRange.matchesDay(month: 6, day: 3, weekday: 3))
        // A star day-of-week with a restricted day-of-month: both, i.e. the listed days.
        let domOnly = try CronExpression("0 0 13 * *")
        #expect(domOnly.matchesDay(month: 6, day: 13, weekday: 6))
        #expect(!domOnly.matchesDay(month: 6, day: 14, weekday: 0))
    }

    @Test(arguments: [
        ("@hourly", "0 * * * *"), ("@daily", "0 0 * * *"), ("@midnight", "0 0 * * *"), ("@weekly", "0 0 * * 0"),
        ("@monthly", "0 0 1 * *"), ("@yearly", "0 0 1 1 *"), ("@annually", "0 0 1 1 *"), ("@DAILY", "0 0 * * *"),
    ])
    func macros(macro: String, expansion: String) throws {
        let a = try CronExpression(macro), b = try CronExpression(expansion)
        #expect(a.minutes == b.minutes && a.hours == b.hours && a.daysOfMonth == b.daysOfMonth)
        #expect(a.months == b.months && a.daysOfWeek == b.daysOfWeek)
        #expect(a.dayOfMonthStar == b.dayOfMonthStar && a.dayOfWeekStar == b.dayOfWeekStar)
        #expect(a.text == macro)
    }

    @Test(arguments: [
        ("60 * * * *", 0, "minute field: 60 is out of range 0-59"),
        ("0 24 * * *", 2, "hour field: 24 is out of range 0-23"),
        ("0 0 0 * *", 4, "day-of-month field: 0 is out of range 1-31"),
        ("0 0 32 * *", 4, "day-of-month field: 32 is out of range 1-31"),
        ("0 0 * 13 *", 6, "month field: 13 is out of range 1-12"),
        ("0 0 * * 8", 8, "day-of-week field: 8 is out of range 0-7"),
        ("0 0 1,2,99 * *", 8, "day-of-month field: 99 is out of range"),
        ("0 0 * * MOX", 8, "day-of-week field: unknown name 'MOX'; use SUN-SAT or 0-7"),
        ("0 0 * JANUARY *", 6, "month field: unknown name 'JANUARY'; use JAN-DEC or 1-12"),
        ("0 MON * * *", 2, "hour field: 'MON' is not a number (0-23)"),
        ("*/0 * * * *", 2, "minute field: step 0 must be at least 1"),
        ("*/ * * * *", 2, "minute field: expected a number after '/'"),
        ("30-10 * * * *", 3, "minute field: range '30-10' goes backwards"),
        ("0 0 * * FRI-MON", 12, "day-of-week field: range 'FRI-MON' goes backwards"),
        ("0 0 * * 1-", 10, "day-of-week field: range '1-' has no end"),
        ("1,,2 * * * *", 2, "minute field: empty item"),
        ("1, * * * *", 2, "minute field: empty item after ','"),
        (",1 * * * *", 0, "minute field: empty item"),
        ("0 0 ? * MON", 4, "day-of-month field: '?' is not standard cron (Quartz and AWS write it for 'no specific value'); use '*'"),
        ("0 0 L * *", 4, "'L' (last day) is not standard cron"),
        ("0 0 * * 5#3", 9, "'#' (nth weekday) is not standard cron"),
        ("0 0 15W * *", 6, "day-of-month field: 'W' (nearest weekday) is not standard cron"),
        ("0 0 W * *", 4, "day-of-month field: 'W' (nearest weekday) is not standard cron"),
        ("0 0 * * 5L", 9, "day-of-week field: 'L' (last day) is not standard cron"),
        ("0 0 LW * *", 4, "'L' (last day) is not standard cron"),
        ("CRON_TZ=America/New_York 0 9 * * *", 0,
         "'CRON_TZ=America/New_York' sets a crontab's time zone; here the zone is the widget's: write timeZone: America/New_York and cron: \"0 9 * * *\""),
        ("TZ=Europe/Paris 0 9 * * 1-5", 0, "write timeZone: Europe/Paris and cron: \"0 9 * * 1-5\""),
        ("30 8 * * * UTC", 11, "'UTC' is a time zone, not a cron field; write timeZone: UTC at the widget's top level and cron: \"30 8 * * *\""),
        ("30 8 * * 1-5 Europe/London", 13, "write timeZone: Europe/London"),
        ("cron(0 16 * * ? *)", 0, "'cron(…)' is AWS EventBridge's wrapper (six fields, the year last, '?' for no specific value); write the five standard fields without it: \"0 16 * * *\""),
        ("cron(0 10 ? * 2-6 *)", 0, "\"0 10 * * 2-6\" (there days of the week are numbered 1-7 from Sunday, here 0-6: write names such as MON-FRI)"),
        ("cron(15 10 ? * MON-FRI 2027)", 0, "\"15 10 * * MON-FRI\"; a year is not supported"),
        ("0 0 12 * * ?", 0, "this looks like a Quartz or Spring expression (seconds first, '?' for no specific value); write the five standard fields: \"0 12 * * *\""),
        ("0 15 10 ? * MON-FRI 2026", 0, "write the five standard fields: \"15 10 * * MON-FRI\"; a year is not supported"),
        ("30 0 12 * * ?", 0, "cron fires on the minute and has no seconds field"),
        ("@every 1h", 0, "'@every' is an interval, not cron; use the every rule instead of cron: every: 1h"),
        ("@minutely", 0, "'@minutely' is not a cron macro; write every minute as '* * * * *'"),
        ("0 0 * * 5#3", 9, "list the days the nth weekday can fall on"),
        ("1* * * * *", 1, "'*' can only start an item"),
        ("0 0 * *", 7, "cron expression has 4 fields; expected 5 fields (minute hour day-of-month month day-of-week)"),
        ("0 0 0 * * *", 10, "has 6 fields; expected 5 fields (minute hour day-of-month month day-of-week); seconds and years are not supported: with the first field as seconds write \"0 0 * * *\", with the last as a year \"0 0 0 * *\""),
        ("", 0, "empty cron expression"),
        ("   ", 0, "empty cron expression"),
        ("@reboot", 0, "'@reboot' has no clock time"),
        ("@often", 0, "unknown macro '@often'"),
        ("@daily 0", 7, "a macro stands alone"),
        ("0 0 * * é", 8, "day-of-week field: unknown name 'é'"),
        ("é 0 * * *", 0, "minute field: 'é' is not a number"),
        ("0 99999999999999999999 * * *", 2, "hour field: 999999… is out of range 0-23"),
        ("0-5/x * * * *", 4, "expected a number after '/', found 'x'"),
        ("0 0 * * 1-7-2", 11, "day-of-week field: unexpected '-'"),
        ("0 0\n* * *", 3, "unexpected a line break"),
        ("0 0 * * 1\u{7}", 9, "unexpected control character U+0007"),
    ] as [(String, Int, String)])
    func rejects(text: String, offset: Int, message: String) {
        let e = parseError { () throws(TimeParseError) in try CronExpression(text) }
        #expect(e?.offset == offset, "\(text): \(String(describing: e))")
        #expect(e?.message.contains(message) == true, "\(text): \(String(describing: e))")
    }

    @Test(arguments: [
        ("0 0 30 2 *", "February has no day 30"),
        ("0 0 31 4,6,9,11 *", "April, June, September and November have no day 31"),
        ("0 0 30,31 FEB *", "February has no day 30 or 31"),
        ("0 0 31 2 */2", "February has no day 31"),
        ("0 0 30-31 2 *", "February has no day 30 or 31"),
    ])
    func neverFires(text: String, reason: String) throws {
        let c = try CronExpression(text)
        #expect(!c.canFire)
        #expect(c.neverFiresReason == reason)
        #expect(c.next(after: at("2026-01-01T00:00:00Z"), in: .utc) == nil)
    }

    @Test(arguments: [
        "0 0 29 2 *",  // leap years
        "0 0 30 2 MON",  // day-of-week alone can fire (either rule)
        "0 0 31 * *", "0 0 30 1-2 *", "0 0 31 2,3 *", "@yearly", "* * * * *", "0 0 29 2 */3",
    ])
    func canFire(text: String) throws {
        let c = try CronExpression(text)
        #expect(c.canFire)
        #expect(c.neverFiresReason == nil)
        #expect(c.next(after: at("2026-01-01T00:00:00Z"), in: .utc) != nil)
    }
}
