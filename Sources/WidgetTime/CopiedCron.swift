/// Cron lines copied from elsewhere (crontabs, Kubernetes CronJobs, AWS EventBridge, Quartz and
/// Spring): the refusal says what the author meant, in this language's words, with the
/// expression that would do it (docs/language-notes.md, Cron copied from elsewhere).
enum CopiedCron {
    typealias Ranges = [(start: Int, end: Int)]

    /// A refusal for a recognised foreign form, or nil when the text is none of them.
    static func refusal(_ t: ParseText, _ ranges: Ranges) -> TimeParseError? {
        let fields = ranges.map { t.text($0.start, $0.end) }
        // crontab's (and Kubernetes') zone line or prefix: CRON_TZ=America/New_York 0 9 * * *
        for prefix in ["CRON_TZ=", "TZ="] where fields[0].uppercased().hasPrefix(prefix) {
            let zone = String(fields[0].dropFirst(prefix.count))
            let rest = fields.dropFirst().joined(separator: " ")
            let cron = rest.isEmpty ? "" : " and cron: \"\(rest)\""
            return t.error(
                "'\(fields[0])' sets a crontab's time zone; here the zone is the widget's: write timeZone: \(zone.isEmpty ? "America/New_York" : zone)\(cron)",
                at: ranges[0].start)
        }
        // AWS EventBridge: cron(0 16 * * ? *), six fields with the year last.
        if fields[0].lowercased().hasPrefix("cron("), fields[fields.count - 1].hasSuffix(")") {
            var inner = fields
            inner[0] = String(inner[0].dropFirst(5))
            inner[inner.count - 1] = String(inner[inner.count - 1].dropLast())
            inner = inner.filter { !$0.isEmpty }
            let fix = inner.count == 6 ? fiveFields(Array(inner.prefix(5)), year: inner[5], sundayIsOne: true) : ""
            return t.error(
                "'cron(…)' is AWS EventBridge's wrapper (six fields, the year last, '?' for no specific value); write the five standard fields without it\(fix)",
                at: ranges[0].start)
        }
        // A trailing zone field: 30 8 * * * UTC
        if fields.count == 6, isZone(fields[5]) {
            return t.error(
                "'\(fields[5])' is a time zone, not a cron field; write timeZone: \(fields[5]) at the widget's top level and cron: \"\(fields.prefix(5).joined(separator: " "))\"",
                at: ranges[5].start)
        }
        // Quartz and Spring: seconds first, '?' for no specific value, sometimes a year last.
        if fields.count == 6 || fields.count == 7, fields.contains(where: { $0.contains("?") }) {
            let year = fields.count == 7 ? fields[6] : "*"
            var words = "this looks like a Quartz or Spring expression (seconds first, '?' for no specific value)"
            if fields[0] != "0" { words += "; cron fires on the minute and has no seconds field" }
            return t.error(words + "; write the five standard fields" + fiveFields(Array(fields[1...5]), year: year, sundayIsOne: true), at: ranges[0].start)
        }
        return nil
    }

    /// After "expected 5 fields", for six or more fields of no known form: what dropping the
    /// seconds (Spring, node-cron) or the year would read.
    static func extraFieldsHint(_ t: ParseText, _ ranges: Ranges) -> String {
        guard ranges.count == 6 else { return "" }
        let fields = ranges.map { t.text($0.start, $0.end) }
        return "; seconds and years are not supported: with the first field as seconds write \"\(fields[1...].joined(separator: " "))\", with the last as a year \"\(fields[..<5].joined(separator: " "))\""
    }

    /// `: "m h dom mon dow"`, from a foreign expression's five fields: `?` becomes `*`; a
    /// numbered day of the week (1-7 from Sunday there) is left for the author, in words.
    private static func fiveFields(_ five: [String], year: String, sundayIsOne: Bool) -> String {
        let fixed = five.map { $0 == "?" ? "*" : $0 }
        var text = ": \"\(fixed.joined(separator: " "))\""
        if fixed[4].contains(where: \.isNumber) {
            text += " (there days of the week are numbered 1-7 from Sunday, here 0-6: write names such as MON-FRI)"
        }
        if year != "*" && year != "?" { text += "; a year is not supported (use events or policy for a one-off)" }
        return text
    }

    /// Whether a would-be sixth field names a time zone (`UTC`, `Europe/Paris`, `Etc/GMT+2`).
    private static func isZone(_ field: String) -> Bool {
        guard field.first?.isLetter == true else { return false }
        if ["UTC", "GMT", "Z"].contains(field.uppercased()) { return true }
        return field.contains("/") && ZoneRules.named(field) != nil
    }
}
