#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MarketCalendars
import WidgetSupport
import WidgetTime

/// `widgetc sessions MIC`: the trading sessions the `market` rule uses.
enum SessionsCommand {
    static let command = Command(
        name: "sessions",
        usage: "widgetc sessions MIC [--from DATE] [--until DATE] [--format text|json]",
        abstract: "List an exchange's trading sessions (date, open, close, break, early close).",
        discussion: """
            Shows the calendar behind `market: { exchange: MIC, every: … }`: holidays are the days that are \
            missing, early closes and lunch breaks are marked. DATE is YYYY-MM-DD in the exchange's zone; \
            --until is inclusive. Default: the next 14 days.
            """,
        options: Options.self,
        run: run
    )

    enum Format: String, CaseIterable { case text, json }

    struct Options: CommandOptions {
        static let options = [
            OptionSpec("from", value: "DATE", help: "First day (default: today)."),
            OptionSpec("until", value: "DATE", help: "Last day, inclusive (default: 13 days after --from)."),
            OptionSpec.choice("format", Format.self, help: "Output format (default text)."),
        ]
        let calendar: MarketCalendar
        /// Day numbers in the exchange's zone, both inclusive.
        let from: Int64
        let until: Int64
        let format: Format

        init(_ args: ParsedArguments) throws(UsageError) {
            guard args.positional.count == 1, let mic = args.positional.first else {
                throw UsageError(message: "'sessions' takes one exchange code, e.g. widgetc sessions XNYS")
            }
            guard let calendar = MarketCalendar.named(mic) else {
                throw UsageError(message: MarketCalendar.unknownMICMessage(mic))
            }
            self.calendar = calendar
            format = try args.choice("format", default: .text)
            let today = calendar.zone.localDay(of: Instant(seconds: Int64(time(nil))))
            let from = try args.value("from").map { (t: String) throws(UsageError) -> Int64 in try SessionsCommand.day(t, flag: "from") } ?? today
            let until = try args.value("until").map { (t: String) throws(UsageError) -> Int64 in try SessionsCommand.day(t, flag: "until") } ?? from + 13
            guard until >= from else { throw UsageError(message: "--until must not be before --from") }
            guard until - from <= 366 * 50 else { throw UsageError(message: "ask for at most 50 years of sessions at once") }
            (self.from, self.until) = (from, until)
        }
    }

    static func run(_ options: Options, _ console: Console) throws(UsageError) -> ExitCode {
        let (calendar, from, until, format) = (options.calendar, options.from, options.until, options.format)
        let sessions = calendar.sessions(fromDay: from, throughDay: until)
        if format == .json {
            console.out(JSONWriter.string(SessionListing.json(sessions, calendar: calendar)) + "\n")
        } else {
            console.out("\(calendar.mic) (\(calendar.zone.identifier)): \(sessions.count) sessions\n")
            console.out(SessionListing.text(sessions, calendar: calendar))
        }
        return .success
    }

    /// A `YYYY-MM-DD` day number.
    static func day(_ text: String, flag: String) throws(UsageError) -> Int64 {
        guard let local = try? LocalDateTime.parse(text + "T00:00"),
              CivilTime.date(days: local.dayNumber) == (local.year, local.month, local.day) else {
            throw UsageError(message: "--\(flag) '\(text)' is not a date such as 2026-11-27")
        }
        return local.dayNumber
    }
}
