import WidgetSupport

/// Exact arithmetic on JSON numbers for the numeric keywords.
enum NumberMath {
    /// -1, 0 or 1 as `a` is below, equal to or above `b`; exact for any mix of ints and doubles.
    static func compare(_ a: JSONValue, _ b: JSONValue) -> Int {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x < y ? -1 : (x > y ? 1 : 0)
        case (.int(let x), .double(let y)): return compare(x, y)
        case (.double(let x), .int(let y)): return -compare(y, x)
        case (.double(let x), .double(let y)): return x < y ? -1 : (x > y ? 1 : 0)
        default: return 0
        }
    }

    /// Compares an integer and a double without rounding the integer.
    static func compare(_ i: Int, _ d: Double) -> Int {
        if d.isNaN { return 0 }
        if d >= 9.223_372_036_854_775_807e18 { return -1 }
        if d < -9.223_372_036_854_775_808e18 { return 1 }
        let floor = d.rounded(.down)
        let f = Int(floor)
        if i < f { return -1 }
        if i > f { return 1 }
        return d == floor ? 0 : -1
    }

    /// A finite number as sign, digits and power of ten: `0.0075` is `75e-4`.
    struct Decimal: Sendable {
        var mantissa: UInt64
        var exponent: Int

        init?(_ value: JSONValue) {
            switch value {
            case .int(let i):
                mantissa = UInt64(i.magnitude)
                exponent = 0
            case .double(let d):
                guard d.isFinite else { return nil }
                // Swift prints the shortest text that reads back as the same double.
                var text = Substring(d.magnitude.description)
                var exp = 0
                if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
                    var powerText = text[text.index(after: e)...]
                    if powerText.first == "+" { powerText = powerText.dropFirst() }
                    guard let power = Int(powerText) else { return nil }
                    exp = power
                    text = text[..<e]
                }
                var digits = ""
                if let dot = text.firstIndex(of: ".") {
                    let fraction = text[text.index(after: dot)...]
                    exp -= fraction.count
                    digits = String(text[..<dot]) + fraction
                } else {
                    digits = String(text)
                }
                while digits.count > 1, digits.hasSuffix("0") {
                    digits.removeLast()
                    exp += 1
                }
                guard let m = UInt64(digits) else { return nil }
                mantissa = m
                exponent = exp
            default:
                return nil
            }
        }
    }

    /// Whether `x` is an integer multiple of the positive `divisor`, computed exactly on decimals
    /// (so `0.0075` is a multiple of `0.0001`, and `1e308` of `0.5`).
    static func isMultiple(_ x: JSONValue, of divisor: Decimal, divisorValue: JSONValue) -> Bool {
        if case .int(let i) = x, case .int(let d) = divisorValue { return i % d == 0 }
        guard let value = Decimal(x) else { return false }
        if value.mantissa == 0 { return true }
        if value.exponent >= divisor.exponent {
            // value·10^k mod m, one power of ten at a time (remainders stay below 10·m < 2^64).
            let m = divisor.mantissa
            var r = value.mantissa % m
            for _ in 0..<(value.exponent - divisor.exponent) where r != 0 { r = (r * 10) % m }
            return r == 0
        }
        var scaled = divisor.mantissa
        for _ in 0..<(divisor.exponent - value.exponent) {
            let (next, overflow) = scaled.multipliedReportingOverflow(by: 10)
            if overflow { return false }  // the divisor exceeds the (non-zero) value
            scaled = next
        }
        return value.mantissa % scaled == 0
    }
}
