/// How CEL writes values as text: `string(double)`, quoted strings, literals in messages.
package enum CELFormat {
    /// A double as cel-go writes it (Go's shortest `%g` form, exponents from 1e21 and below 1e-4).
    package static func double(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
        if d == 0 { return d.sign == .minus ? "-0" : "0" }
        let (negative, digits, exponent) = decimalDigits(d)
        // The value is 0.DIGITS × 10^exponent; Go's exponent is one less.
        let e = exponent - 1
        var text = negative ? "-" : ""
        if e < -4 || e >= 21 {
            text += String(digits.first!)
            if digits.count > 1 { text += "." + digits.dropFirst() }
            text += "e" + (e < 0 ? "-" : "+") + (abs(e) < 10 ? "0" : "") + String(abs(e))
        } else if exponent <= 0 {
            text += "0." + String(repeating: "0", count: -exponent) + digits
        } else if exponent >= digits.count {
            text += digits + String(repeating: "0", count: exponent - digits.count)
        } else {
            text += digits.prefix(exponent) + "." + digits.dropFirst(exponent)
        }
        return text
    }

    /// The shortest digits that read back as `d`, and the decimal exponent (0.DIGITS × 10^e).
    static func decimalDigits(_ d: Double) -> (negative: Bool, digits: String, exponent: Int) {
        let text = "\(d.magnitude)"  // Swift prints the shortest round-trip form
        var mantissa = Substring(text)
        var exp = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exp = Int(text[text.index(after: e)...]) ?? 0
            mantissa = text[..<e]
        }
        var intPart = Substring(mantissa)
        var fracPart: Substring = ""
        if let dot = mantissa.firstIndex(of: ".") {
            intPart = mantissa[..<dot]
            fracPart = mantissa[mantissa.index(after: dot)...]
        }
        var digits = String(intPart) + fracPart
        var exponent = intPart.count + exp
        while digits.hasPrefix("0") && digits.count > 1 { digits.removeFirst(); exponent -= 1 }
        while digits.hasSuffix("0") && digits.count > 1 { digits.removeLast() }
        return (d.sign == .minus, digits, exponent)
    }

    /// A string as a double-quoted CEL literal (`strings.quote`).
    package static func quote(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\u{07}": out += "\\a"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0B}": out += "\\v"
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }

    /// A value as CEL source text, for messages and `%s` of lists and maps.
    package static func literal(_ v: CELValue) -> String {
        switch v {
        case .string(let s): return quote(s)
        case .list(let l): return "[" + l.map(literal).joined(separator: ", ") + "]"
        case .map(let m): return "{" + m.map { literal($0.0) + ": " + literal($0.1) }.joined(separator: ", ") + "}"
        case .timestamp(let t): return "timestamp(\"\(t)\")"
        case .duration(let d): return "duration(\"\(d)\")"
        default: return v.displayText
        }
    }
}

/// `matches`: the pattern is a regular expression as Swift's `Regex` reads it (RE2's syntax
/// for everything CEL users write: classes, anchors, repetition, groups, alternation).
enum CELRegex {
    static func matches(_ text: String, _ pattern: String) throws(CELError) -> Bool {
        let regex: Regex<AnyRegexOutput>
        do { regex = try Regex(pattern) } catch { throw CELError("invalid regular expression \(CELFormat.quote(pattern)): \(error)") }
        return text.contains(regex)
    }
}
