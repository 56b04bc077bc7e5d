import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetTime

/// Cron lines as people write them in GitHub workflows, Kubernetes CronJobs and crontabs
/// (written for this test in the forms those files use), against croniter (PyPI's widely used
/// cron reader): every line widgetc accepts fires exactly when croniter says, over the first
/// 60 fire times from 2026 in UTC; every line it refuses says the words listed beside it.
/// croniter reads a day field such as `*/2` with OR where the spec (Vixie cron) reads AND; the
/// comparison hands croniter Vixie's choice (`day_or`), as the spec's day rule is normative.
@Suite("Cron against croniter")
struct CroniterDifferentialTests {
    /// Accepted lines.
    static let accepted: [String] = [
        // GitHub workflow schedules
        "0 0 * * *", "*/5 * * * *", "*/15 * * * *", "0 */6 * * *", "30 5 * * 1,3", "0 12 * * 0", "17 3 * * 1",
        "0 2 * * 1-5", "0 0 * * 0", "0 8 * * MON", "30 1 * * *", "0 */2 * * *", "0 6,18 * * *", "0 0 1 * *",
        "0 4 * * 6", "45 23 * * 5", "0 0 * * SUN", "0 3 * * 2", "22 4 * * *", "0 10 * * 1", "*/30 * * * *",
        "0 9 * * 1-5", "0 14 * * 3", "0 5 * * 0,3", "15 6 * * *", "0 1 * * 0", "0 0 */3 * *", "0 7 1,15 * *",
        "0 0 1 */3 *", "37 13 * * *", "0 23 * * *", "0 5 1 1 *", "5 0 * * *", "0 11 * * 4", "0 16 * * 1-5",
        "*/10 * * * *", "0 0 * * 1", "0 12 1 * *", "0 3 * * 0", "0 */4 * * *", "0 8-18 * * 1-5", "0 0 15 * *",
        "0 6 * * 1,4", "20 2 * * 0", "0 18 * * 5", "0 0 28 * *", "12 2 * * 1", "0 0 * * 6,0", "0 21 * * 0-4",
        // Kubernetes CronJobs
        "*/1 * * * *", "0 2 * * *", "@hourly", "@daily", "@weekly", "@monthly", "@yearly", "@annually", "@midnight",
        "*/2 * * * *", "0 */12 * * *", "30 */3 * * *", "0 1 * * 6", "5 * * * *", "0 0 * * 3", "*/20 * * * *",
        "0 4 * * *", "10 0 * * *", "0 3 1 * *", "*/3 * * * *", "1 0 * * *", "0 22 * * 0", "*/45 * * * *",
        "0 0,6,12,18 * * *", "15 */2 * * *", "0 9-17 * * *", "0 9-17/2 * * 1-5", "0 0 1,15 * *", "59 23 * * *",
        "0 5 * * 1-6", "30 2 * * 0", "0 12 * * 1-5", "40 * * * *", "*/6 * * * *", "0 0 1 1,7 *",
        // crontabs
        "15 14 1 * *", "0 22 * * 1-5", "23 0-20/2 * * *", "5 4 * * sun", "0 4 8-14 * *", "0 0,12 1 */2 *",
        "*/15 9-17 * * mon-fri", "0 0 1 jan *", "0 12 * dec *", "30 6 * * Mon-Fri", "0 0 13 * 5", "0 0 1 * MON",
        "0 0 */2 * MON", "0 0 1-7 * 1", "0 8 * * sat,sun", "0 10 * * SAT-SUN", "0 9 * * FRI-SUN", "0 9 * * 6-0",
        "0 0 * * 7", "0 0 * * 5-7", "0 12 * JAN-MAR,OCT *", "5 1,2 * 3,10,11 SUN", "*/7 1-3 1,15 * 0,7", "30 * 31 * 5",
        "45 2 * * *", "15,45 0-3 * * *", "0 0 29 2 *", "59 23 * * SAT", "0 0 31 * *", "0 0 30 * *", "0 0 * * 1/2",
        "0 0 * * TUE/2", "0 9 * * 1-7/2", "0 9 * * 0/3", "10-30/7 * * * *", "5/20 * * * *", "0 */5 * * *", "0 0 */10 * *", "0 0 * */4 *",
        "0 0 1 Jan,jUL,DEC *", "0 0 * * 1,3-4,6", "1 2 3 4 *", "0 0 1-31 * MON", "0 0 2-30/7 * *",
        "0 0 * * */2", "59 23 31 12 6", "0 2 * * 1-5/2", "*/5 8-20 * * *", "0 0 1 */6 *", "0 6 1-7 * *",
        "0 3 * * 0-6", "0 0 15,30 * *", "0 */8 * * *", "20 4 * * 3,6", "0 9,13,17 * * 1-5",
        "0 0 8-14 * 2", "0 0 1 2 *", "0 0 * 2 1", "7 7 7 7 *", "0-10 12 * * *", "0-59/15 * * * *", "* 9 * * *",
        "* * * * *", "0 0 * * *  ", "  30 8 * * 1", "0\t12\t*\t*\t*", "0 12 */2 * *", "0 12 1-15/2 * *",
        "0 12 * * 1-5,0", "0 8 * 6-8 *", "0 8 * JUN-AUG *", "30 4 1,15 * 5", "0 0 29 2 1", "15 10 * * 1,2,3,4,5",
        "0 1 1 * 0", "0 6 */7 * *", "0 0 25 12 *", "0 0 1 1 1", "0 17 * * fri", "0 20 * * thu,sun", "*/4 * * * 1",
        "0 0 1-3 * *", "0 0 * * MON-FRI", "0 0 * * WED", "0 0 */15 * *", "0 */3 1 * *", "3 3 3 * 3",
        "30 23 * * 0,6", "0 5-23/6 * * *", "0 0 10-20 * 3-5", "1-5 * * * *", "0 0 1,10,20 * *", "0 0 * 1,4,7,10 *",
    ]

    /// Refused lines, each with words its refusal must hold.
    static let refused: [(String, String)] = [
        ("0 0 ? * MON", "'?' is not standard cron"),
        ("0 16 * * ?", "'?' is not standard cron"),
        ("0 0 L * *", "'L' (last day) is not standard cron"),
        ("0 0 * * 5L", "'L' (last day) is not standard cron"),
        ("0 0 15W * *", "'W' (nearest weekday) is not standard cron"),
        ("0 0 LW * *", "'L' (last day)"),
        ("0 0 * * 1#2", "'#' (nth weekday) is not standard cron"),
        ("CRON_TZ=America/New_York 0 9 * * *", "write timeZone: America/New_York and cron: \"0 9 * * *\""),
        ("TZ=UTC 0 0 * * *", "write timeZone: UTC"),
        ("30 8 * * * UTC", "'UTC' is a time zone"),
        ("0 9 * * 1-5 America/Chicago", "write timeZone: America/Chicago"),
        ("cron(0 16 * * ? *)", "AWS EventBridge's wrapper"),
        ("cron(0/15 * * * ? *)", "AWS EventBridge's wrapper"),
        ("cron(0 8 1 * ? *)", ": \"0 8 1 * *\""),
        ("0 0 12 * * ?", "Quartz or Spring"),
        ("0 0/5 14 * * ?", "Quartz or Spring"),
        ("0 15 10 ? * MON-FRI", "\"15 10 * * MON-FRI\""),
        ("0 0 12 1/1 * ? *", "Quartz or Spring"),
        ("0 0 0 * * *", "with the first field as seconds write \"0 0 * * *\""),
        ("*/10 * * * * *", "seconds and years are not supported"),
        ("0 0 1 1 * 2027", "with the last as a year \"0 0 1 1 *\""),
        ("@every 1h", "use the every rule instead of cron: every: 1h"),
        ("@every 30m", "every: 30m"),
        ("@minutely", "'* * * * *'"),
        ("@reboot", "no clock time"),
        ("* * * *", "has 4 fields"),
        ("60 * * * *", "out of range 0-59"),
        ("0 24 * * *", "out of range 0-23"),
        ("0 0 * * FRI-MON", "goes backwards"),
        ("0 0 * * 8", "out of range 0-7"),
        ("0 0 0 * *", "out of range 1-31"),
    ]

    @Test func everyRefusalSaysWhatWasMeant() {
        for (text, words) in Self.refused {
            do {
                _ = try CronExpression(text)
                Issue.record("'\(text)' was accepted")
            } catch {
                #expect(error.message.contains(words), "'\(text)': \(error.message)")
            }
        }
        #expect(Self.accepted.count + Self.refused.count >= 200)
    }

    /// `python3` with croniter, or why not.
    static let croniter: String? = {
        guard let result = try? runProcess(["/usr/bin/env", "python3", "-c", "import croniter"]) else { return nil }
        return result.status == 0 ? "python3" : nil
    }()

    /// Reads the expressions (one a line) and prints, a line each, the first 60 fire times in UTC
    /// after 2026-01-01T00:00Z as epoch seconds, or `error …`.
    static let script = """
        import sys, calendar
        from datetime import datetime, timezone
        from croniter import croniter
        start = datetime(2026, 1, 1, tzinfo=timezone.utc)
        macros = {'@yearly': '0 0 1 1 *', '@annually': '0 0 1 1 *', '@monthly': '0 0 1 * *', '@weekly': '0 0 * * 0',
                  '@daily': '0 0 * * *', '@midnight': '0 0 * * *', '@hourly': '0 * * * *'}
        for line in open(sys.argv[1]).read().split('\\n')[:-1]:
            text = macros.get(line.strip().lower(), line.strip())
            fields = text.split()
            # Vixie's day rule (the spec's): a day field starting with '*' makes the days AND.
            day_or = not (fields[2].startswith('*') or fields[4].startswith('*'))
            try:
                it = croniter(' '.join(fields), start, day_or=day_or)
                print(' '.join(str(int(it.get_next(float))) for _ in range(60)))
            except Exception as e:
                print('error ' + str(e).replace('\\n', ' '))
        """

    @Test(.enabled(if: Self.croniter != nil, "needs python3 with croniter (pip install croniter)"))
    func acceptedLinesFireAsCroniterSays() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("lines").path
        try Self.accepted.map { $0 + "\n" }.joined().write(toFile: input, atomically: true, encoding: .utf8)
        let result = try runProcess(["/usr/bin/env", "python3", "-c", Self.script, input])
        #expect(result.status == 0, "\(result.stderr)")
        let answers = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(answers.count >= Self.accepted.count, "\(result.stdout)")
        let start = at("2026-01-01T00:00:00Z")
        for (text, answer) in zip(Self.accepted, answers) {
            let cron = try CronExpression(text)
            guard !answer.hasPrefix("error") else {
                Issue.record("'\(text)': widgetc accepts it, croniter says \(answer)")
                continue
            }
            var expected = answer.split(separator: " ").compactMap { Int64($0) }.map { Instant(seconds: $0) }
            // Up to 2100: the iterator looks a century ahead at most (a 29 February rule fires 24 times by then).
            let end = at("2100-01-01T00:00:00Z")
            let got = Array(cron.fireTimes(after: start, in: ZoneRules.utc, before: end).prefix(60))
            expected = expected.filter { $0 < end }
            #expect(got == expected, "'\(text)': first difference \(String(describing: zip(got, expected).first { $0 != $1 }))")
        }
    }
}
