/// The spec's wall time: a local `HH:MM` on a 24-hour clock, `00:00` to `23:59`.
///
/// Both fields need two digits (`8:00` is refused with a hint to write `08:00`):
/// the spec's form is `HH:MM`, and a fixed width keeps times sortable as text.
/// Seconds and `24:00` are refused.
package enum WallTime {
    /// Minutes since local midnight, 0 to 1439.
    package static func parse(_ text: String) throws(TimeParseError) -> Int {
        try withBytes(text) { t in
            let whole = t.all
            guard t.count > 0 else {
                return .failure(t.error("empty wall time; write HH:MM, like 08:00", at: 0))
            }
            var i = 0
            while t.isDigit(i) { i += 1 }
            if i == 0 {
                return .failure(t.error("wall time '\(whole)' must be HH:MM on a 24-hour clock, like 08:00", at: 0))
            }
            if i == 1 && t.at(1) == UInt8(ascii: ":") {
                return .failure(t.error("wall time '\(whole)' needs a two-digit hour: write 0\(whole)", at: 0))
            }
            if i == 4 && t.count == 4 {
                return .failure(t.error("wall time '\(whole)' needs ':' between the hour and the minute: write \(t.text(0, 2)):\(t.text(2, 4))", at: 2))
            }
            if i != 2 {
                return .failure(t.error("wall time '\(whole)' needs a two-digit hour (HH:MM, like 08:00)", at: 0))
            }
            let hour = Int(t[0] - 48) * 10 + Int(t[1] - 48)
            guard t.at(2) == UInt8(ascii: ":") else {
                return .failure(t.error("expected ':' after the hour in wall time '\(whole)', found \(describeByte(t, at: 2))", at: 2))
            }
            i = 3
            while t.isDigit(i) { i += 1 }
            if i != 5 {
                return .failure(t.error("wall time '\(whole)' needs a two-digit minute (HH:MM, like 08:00)", at: 3))
            }
            let minute = Int(t[3] - 48) * 10 + Int(t[4] - 48)
            if hour > 23 {
                let note = hour == 24 ? "; midnight is 00:00" : ""
                return .failure(t.error("hour \(hour) is out of range 00-23 in wall time '\(whole)'\(note)", at: 0))
            }
            if minute > 59 {
                return .failure(t.error("minute \(minute) is out of range 00-59 in wall time '\(whole)'", at: 3))
            }
            if t.at(5) == UInt8(ascii: ":") {
                return .failure(t.error("wall time '\(whole)' has seconds; write HH:MM", at: 5))
            }
            if i < t.count {
                return .failure(t.error("unexpected \(describeByte(t, at: 5)) after wall time '\(t.text(0, 5))'", at: 5))
            }
            return .success(hour * 60 + minute)
        }
    }

    /// `HH:MM` of a minute of the day (taken modulo a day).
    package static func format(minuteOfDay: Int) -> String {
        let m = ((minuteOfDay % 1_440) + 1_440) % 1_440
        let h = m / 60, mm = m % 60
        // Digits by arithmetic, not interpolation: entry.time is formatted for every timeline entry.
        let bytes: [UInt8] = [UInt8(48 + h / 10), UInt8(48 + h % 10), UInt8(ascii: ":"), UInt8(48 + mm / 10), UInt8(48 + mm % 10)]
        return String(decoding: bytes, as: UTF8.self)
    }
}
