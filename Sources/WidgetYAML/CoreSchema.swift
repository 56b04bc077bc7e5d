import WidgetSupport

/// The YAML 1.2 core schema: what a scalar's text means.
///
/// This is the single place that knows the core schema's spellings. Plain
/// scalars are resolved by `classify`; an explicit core tag accepts a scalar
/// only if `classify` puts it in that tag's kind. Everything works on the
/// scalar's bytes, so the common case (a plain string) costs one byte test.
enum CoreSchema {
    /// What a scalar's text spells in the core schema.
    enum Kind: Equatable {
        case null
        case bool(Bool)
        case int(Int)
        /// An integer written in a core form but too large for 64 bits.
        case bigInt(Double)
        case float(Double)
        case string
    }

    /// A resolved scalar as a document node holds it: its kind, and its
    /// value in the node's payload (an integer's bits, a double's bits, a
    /// boolean's 0 or 1; nothing for null and strings).
    struct Value: Equatable {
        var kind: SourceDocument.Kind
        var payload: UInt64

        static let null = Value(kind: .null, payload: 0)
        static let string = Value(kind: .string, payload: 0)
        static func bool(_ b: Bool) -> Value { Value(kind: .bool, payload: b ? 1 : 0) }
        static func int(_ i: Int) -> Value { Value(kind: .int, payload: UInt64(bitPattern: Int64(i))) }
        static func double(_ d: Double) -> Value { Value(kind: .double, payload: d.bitPattern) }
    }

    /// The node value of a plain scalar: `classify`, with integers too large
    /// for 64 bits as doubles.
    static func plainValue(_ text: UnsafeBufferPointer<UInt8>) -> Value {
        switch classify(text) {
        case .string: .string
        case .null: .null
        case .bool(let b): .bool(b)
        case .int(let i): .int(i)
        case .bigInt(let d), .float(let d): .double(d)
        }
    }

    /// Classifies `text` by the core schema's rules (YAML 1.2.2, 10.3.2):
    ///
    /// | kind  | spellings |
    /// |-------|-----------|
    /// | null  | empty, `~`, `null`, `Null`, `NULL` |
    /// | bool  | `true`, `True`, `TRUE`, `false`, `False`, `FALSE` |
    /// | int   | `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+` |
    /// | float | `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?\.(inf|Inf|INF)`, `\.(nan|NaN|NAN)` |
    ///
    /// Anything else (`yes`, `1_000`, `10:30`, `-0x1F`) is a string.
    static func classify(_ text: UnsafeBufferPointer<UInt8>) -> Kind {
        guard let first = text.first else { return .null }
        switch first {
        case UInt8(ascii: "~"):
            return text.count == 1 ? .null : .string
        case UInt8(ascii: "n"), UInt8(ascii: "N"):
            return text.count == 4 && spells(text, "null", "Null", "NULL") ? .null : .string
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            return text.count == 4 && spells(text, "true", "True", "TRUE") ? .bool(true) : .string
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            return text.count == 5 && spells(text, "false", "False", "FALSE") ? .bool(false) : .string
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return number(text)
        default:
            return .string
        }
    }

    /// Whether `text` spells null: what `classify` says, without reading numbers
    /// (for keys, whose other kinds do not matter).
    static func isNull(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        switch text.count {
        case 0: true
        case 1: text[0] == UInt8(ascii: "~")
        // Many keys have four letters: look at the first before the spellings.
        case 4: text[0] | 0x20 == UInt8(ascii: "n") && spells(text, "null", "Null", "NULL")
        default: false
        }
    }

    /// True when `text` is exactly one of the three case spellings of a word.
    private static func spells(
        _ text: UnsafeBufferPointer<UInt8>, _ lower: StaticString, _ title: StaticString, _ upper: StaticString
    ) -> Bool {
        equals(text, lower) || equals(text, title) || equals(text, upper)
    }

    private static func equals(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard text.count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for i in 0..<text.count where text[i] != w[i] { return false }
        return true
    }

    private static func isDigit(_ c: UInt8) -> Bool { c &- UInt8(ascii: "0") < 10 }

    /// Numbers: the sign, the `0o`/`0x` forms, `.inf`/`.nan`, decimal ints and floats.
    private static func number(_ text: UnsafeBufferPointer<UInt8>) -> Kind {
        let n = text.count
        if n > 2, text[0] == UInt8(ascii: "0") {
            if text[1] == UInt8(ascii: "o") { return radix(text, from: 2, base: 8) }
            if text[1] == UInt8(ascii: "x") { return radix(text, from: 2, base: 16) }
        }
        var i = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative || text[0] == UInt8(ascii: "+") { i = 1 }
        guard i < n else { return .string }

        if text[i] == UInt8(ascii: "."), n - i == 4 {
            let rest = UnsafeBufferPointer(rebasing: text[(i + 1)...])
            if spells(rest, "inf", "Inf", "INF") { return .float(negative ? -.infinity : .infinity) }
            if i == 0, spells(rest, "nan", "NaN", "NAN") { return .float(.nan) }
        }

        // Mantissa: digits, then an optional fraction; at least one digit in all.
        let intStart = i
        while i < n, isDigit(text[i]) { i += 1 }
        let intDigits = i - intStart
        var isFloat = false
        if i < n, text[i] == UInt8(ascii: ".") {
            isFloat = true
            i += 1
            let fracStart = i
            while i < n, isDigit(text[i]) { i += 1 }
            // `.5` needs a fraction digit; `1.` is a float.
            if intDigits == 0 && i == fracStart { return .string }
        } else if intDigits == 0 {
            return .string
        }
        if i < n, text[i] | 0x20 == UInt8(ascii: "e") {
            isFloat = true
            i += 1
            if i < n, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
            let expStart = i
            while i < n, isDigit(text[i]) { i += 1 }
            if i == expStart { return .string }
        }
        guard i == n else { return .string }
        if isFloat { return .float(exactDouble(text) ?? parseDouble(text) ?? .nan) }
        return decimal(text, from: intStart, negative: negative)
    }

    /// A decimal integer; one beyond 64 bits becomes a double.
    private static func decimal(_ text: UnsafeBufferPointer<UInt8>, from start: Int, negative: Bool) -> Kind {
        var value = 0
        for i in start..<text.count {
            let digit = Int(text[i] &- UInt8(ascii: "0"))
            // Accumulate toward the sign so Int.min fits.
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if o1 || o2 { return .bigInt(parseDouble(text) ?? .nan) }
            value = next
        }
        return .int(value)
    }

    /// `0o17` or `0x1F` (unsigned); one beyond 64 bits becomes a double.
    private static func radix(_ text: UnsafeBufferPointer<UInt8>, from start: Int, base: Int) -> Kind {
        var value = 0
        var overflow = false
        var wide = 0.0
        for i in start..<text.count {
            guard let digit = digitValue(text[i]), digit < base else { return .string }
            if !overflow {
                let (shifted, o1) = value.multipliedReportingOverflow(by: base)
                let (next, o2) = shifted.addingReportingOverflow(digit)
                if o1 || o2 {
                    overflow = true
                    wide = Double(value) * Double(base) + Double(digit)
                } else {
                    value = next
                }
            } else {
                wide = wide * Double(base) + Double(digit)
            }
        }
        return overflow ? .bigInt(wide) : .int(value)
    }

    private static func digitValue(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(c - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(c - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// The value of a decimal float (text already checked against the float
    /// grammar) when it can be computed exactly: its digits, read as one
    /// integer, are at most 2^53, and it scales by a power of ten up to
    /// 10^22. Both are then exact doubles, and one IEEE multiplication or
    /// division rounds the quotient correctly, as a full parse would. Nil
    /// otherwise (`parseDouble` reads it); most floats written by hand fit.
    static func exactDouble(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = text.count
        var i = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative || text[0] == UInt8(ascii: "+") { i = 1 }
        var digits: UInt64 = 0
        var scale = 0
        var inFraction = false
        while i < n {
            let c = text[i]
            if c == UInt8(ascii: ".") {
                inFraction = true
            } else if isDigit(c) {
                digits = digits * 10 + UInt64(c &- UInt8(ascii: "0"))
                guard digits <= 1 << 53 else { return nil }
                if inFraction { scale -= 1 }
            } else {
                break  // the exponent's `e`
            }
            i += 1
        }
        if i < n {
            i += 1
            let negativeExponent = text[i] == UInt8(ascii: "-")
            if negativeExponent || text[i] == UInt8(ascii: "+") { i += 1 }
            var exponent = 0
            while i < n {
                exponent = exponent * 10 + Int(text[i] &- UInt8(ascii: "0"))
                guard exponent <= 1000 else { return nil }
                i += 1
            }
            scale += negativeExponent ? -exponent : exponent
        }
        guard scale >= -22 && scale <= 22 else { return nil }
        let whole = Double(digits)
        let magnitude = scale < 0 ? whole / exactPowersOfTen[-scale] : whole * exactPowersOfTen[scale]
        return negative ? -magnitude : magnitude
    }

    /// 10^0 through 10^22, the powers of ten a double holds exactly.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Text already checked against the float or int grammar, which the
    /// standard library's parser accepts (`1.`, `.5`, `+1e3`).
    private static func parseDouble(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        Double(String(decoding: text, as: UTF8.self))
    }
}
