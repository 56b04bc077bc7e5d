/// cel-go's `strings` extension: indices count Unicode code points, as `size()` does.
enum CELStringsExtension {
    typealias O = CELOverload

    static func scalars(_ s: String) -> [Unicode.Scalar] { Array(s.unicodeScalars) }
    static func string(_ s: some Sequence<Unicode.Scalar>) -> String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: s)
        return String(out)
    }

    /// The first index at or after `from` where `needle` starts.
    static func find(_ needle: [Unicode.Scalar], in hay: [Unicode.Scalar], from: Int) -> Int? {
        guard needle.count <= hay.count else { return nil }
        if needle.isEmpty { return from <= hay.count ? from : nil }
        var k = from
        while k + needle.count <= hay.count {
            if hay[k] == needle[0] && hay[k..<(k + needle.count)].elementsEqual(needle) { return k }
            k += 1
        }
        return nil
    }

    static func outOfRange(_ i: Int64) -> CELError { CELError("index out of range: \(i)") }

    static let overloads: [CELOverload] = [
        O("charAt", member: true, [.string, .int], .string) { a throws(CELError) in
            let s = scalars(a[0].s)
            let i = a[1].i
            guard i >= 0, i <= s.count else { throw outOfRange(i) }
            return .string(i == s.count ? "" : string([s[Int(i)]]))
        },
        O("indexOf", member: true, [.string, .string], .int) { a in
            .int(Int64(find(scalars(a[1].s), in: scalars(a[0].s), from: 0) ?? -1))
        },
        O("indexOf", member: true, [.string, .string, .int], .int) { a throws(CELError) in
            let s = scalars(a[0].s)
            guard a[2].i >= 0, a[2].i <= s.count else { throw outOfRange(a[2].i) }
            return .int(Int64(find(scalars(a[1].s), in: s, from: Int(a[2].i)) ?? -1))
        },
        O("lastIndexOf", member: true, [.string, .string], .int) { a in
            let s = scalars(a[0].s)
            return .int(Int64(lastIndex(scalars(a[1].s), in: s, atOrBefore: s.count) ?? -1))
        },
        O("lastIndexOf", member: true, [.string, .string, .int], .int) { a throws(CELError) in
            let s = scalars(a[0].s)
            guard a[2].i >= 0, a[2].i <= s.count else { throw outOfRange(a[2].i) }
            return .int(Int64(lastIndex(scalars(a[1].s), in: s, atOrBefore: Int(a[2].i)) ?? -1))
        },
        O("lowerAscii", member: true, [.string], .string) { a in
            .string(string(a[0].s.unicodeScalars.map { $0 >= "A" && $0 <= "Z" ? Unicode.Scalar($0.value + 32)! : $0 }))
        },
        O("upperAscii", member: true, [.string], .string) { a in
            .string(string(a[0].s.unicodeScalars.map { $0 >= "a" && $0 <= "z" ? Unicode.Scalar($0.value - 32)! : $0 }))
        },
        O("replace", member: true, [.string, .string, .string], .string) { a throws(CELError) in
            try replace(a[0].s, a[1].s, a[2].s, limit: -1)
        },
        O("replace", member: true, [.string, .string, .string, .int], .string) { a throws(CELError) in
            try replace(a[0].s, a[1].s, a[2].s, limit: a[3].i)
        },
        O("split", member: true, [.string, .string], .list(.string)) { a in split(a[0].s, a[1].s, limit: -1) },
        O("split", member: true, [.string, .string, .int], .list(.string)) { a in split(a[0].s, a[1].s, limit: a[2].i) },
        O("substring", member: true, [.string, .int], .string) { a throws(CELError) in
            let s = scalars(a[0].s)
            guard a[1].i >= 0, a[1].i <= s.count else { throw outOfRange(a[1].i) }
            return .string(string(s[Int(a[1].i)...]))
        },
        O("substring", member: true, [.string, .int, .int], .string) { a throws(CELError) in
            let s = scalars(a[0].s)
            let (start, end) = (a[1].i, a[2].i)
            guard start >= 0, start <= s.count else { throw outOfRange(start) }
            guard end >= 0, end <= s.count else { throw outOfRange(end) }
            guard start <= end else { throw CELError("invalid substring range. start: \(start), end: \(end)") }
            return .string(string(s[Int(start)..<Int(end)]))
        },
        O("trim", member: true, [.string], .string) { a in
            let s = scalars(a[0].s)
            var lo = 0, hi = s.count
            while lo < hi, isSpace(s[lo]) { lo += 1 }
            while hi > lo, isSpace(s[hi - 1]) { hi -= 1 }
            return .string(string(s[lo..<hi]))
        },
        O("join", member: true, [.list(.string)], .string) { a throws(CELError) in try join(a[0].l, "") },
        O("join", member: true, [.list(.string), .string], .string) { a throws(CELError) in try join(a[0].l, a[1].s) },
        O("strings.quote", [.string], .string) { a in .string(CELFormat.quote(a[0].s)) },
        O("format", member: true, [.string, .list(.dyn)], .string) { a throws(CELError) in .string(try CELStringFormat.format(a[0].s, a[1].l)) },
        O("reverse", member: true, [.string], .string) { a in .string(string(a[0].s.unicodeScalars.reversed())) },
        O("base64.encode", [.bytes], .string) { a in .string(Base64.encode(a[0].bytesValue)) },
        O("base64.decode", [.string], .bytes) { a throws(CELError) in
            guard let b = Base64.decode(a[0].s) else { throw CELError("\(CELFormat.quote(a[0].s)) is not base64") }
            return .bytes(b)
        },
    ]

    /// Go's unicode.IsSpace.
    static func isSpace(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    static func lastIndex(_ needle: [Unicode.Scalar], in hay: [Unicode.Scalar], atOrBefore last: Int) -> Int? {
        if needle.isEmpty { return last }
        var k = min(last, hay.count - needle.count)
        while k >= 0 {
            if hay[k..<(k + needle.count)].elementsEqual(needle) { return k }
            k -= 1
        }
        return nil
    }

    static func replace(_ s: String, _ old: String, _ new: String, limit: Int64) throws(CELError) -> CELValue {
        let hay = scalars(s), needle = scalars(old), repl = scalars(new)
        var out: [Unicode.Scalar] = []
        var count: Int64 = 0
        var k = 0
        if needle.isEmpty {
            // Go's strings.Replace: the replacement before each code point and at the end.
            while k <= hay.count {
                if limit < 0 || count < limit { out += repl; count += 1 }
                if k < hay.count { out.append(hay[k]) }
                k += 1
                guard out.count <= CELErrors.maxValueSize else { throw CELErrors.tooLarge("string") }
            }
            return .string(string(out))
        }
        while k < hay.count {
            if limit >= 0 && count >= limit { out += hay[k...]; break }
            if let at = find(needle, in: hay, from: k) {
                out += hay[k..<at]
                out += repl
                k = at + needle.count
                count += 1
                guard out.count <= CELErrors.maxValueSize else { throw CELErrors.tooLarge("string") }
            } else {
                out += hay[k...]
                break
            }
        }
        return .string(string(out))
    }

    static func split(_ s: String, _ sep: String, limit: Int64) -> CELValue {
        if limit == 0 { return .list([]) }
        let hay = scalars(s), needle = scalars(sep)
        var parts: [CELValue] = []
        if needle.isEmpty {
            for (n, c) in hay.enumerated() {
                if limit > 0 && Int64(parts.count) == limit - 1 {
                    parts.append(.string(string(hay[n...])))
                    return .list(parts)
                }
                parts.append(.string(string([c])))
            }
            return .list(parts)
        }
        var k = 0
        while limit < 0 || Int64(parts.count) < limit - 1, let at = find(needle, in: hay, from: k) {
            parts.append(.string(string(hay[k..<at])))
            k = at + needle.count
        }
        parts.append(.string(string(hay[k...])))
        return .list(parts)
    }

    static func join(_ list: [CELValue], _ sep: String) throws(CELError) -> CELValue {
        var out = ""
        for (n, item) in list.enumerated() {
            guard case .string(let s) = item else { throw CELError("join() takes a list of strings; element \(n) is \(item.kindName)") }
            if n > 0 { out += sep }
            out += s
            guard out.utf8.count <= CELErrors.maxValueSize else { throw CELErrors.tooLarge("string") }
        }
        return .string(out)
    }
}

/// `"…".format([…])`: cel-go's clauses `%s %d %f %e %x %X %o %b %%`, with a precision
/// (`%.2f`).
enum CELStringFormat {
    static func format(_ template: String, _ args: [CELValue]) throws(CELError) -> String {
        let s = Array(template.unicodeScalars)
        var out = ""
        var i = 0
        var next = 0
        while i < s.count {
            let c = s[i]
            i += 1
            guard c == "%" else { out.unicodeScalars.append(c); continue }
            guard i < s.count else { throw CELError("could not parse formatting clause: a lone '%' at the end") }
            if s[i] == "%" { out += "%"; i += 1; continue }
            var precision: Int? = nil
            if s[i] == "." {
                i += 1
                var digits = ""
                while i < s.count, s[i] >= "0", s[i] <= "9" { digits.unicodeScalars.append(s[i]); i += 1 }
                precision = Int(digits) ?? 0
            }
            guard i < s.count else { throw CELError("could not parse formatting clause: unterminated") }
            let verb = s[i]
            i += 1
            guard "sdfexXob".unicodeScalars.contains(verb) else {
                throw CELError("could not parse formatting clause: unrecognized formatting clause \"\(verb)\"")
            }
            guard next < args.count else { throw CELError("index \(next) out of range") }
            let arg = args[next]
            next += 1
            out += try clause(verb, precision, arg)
            guard out.utf8.count <= CELErrors.maxValueSize else { throw CELErrors.tooLarge("string") }
        }
        return out
    }

    static func special(_ d: Double) -> String? {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
        return nil
    }

    static func clause(_ verb: Unicode.Scalar, _ precision: Int?, _ arg: CELValue) throws(CELError) -> String {
        switch verb {
        case "s": return try text(arg)
        case "d":
            switch arg {
            case .int(let x): return String(x)
            case .uint(let x): return String(x)
            case .double(let x) where special(x) != nil: return special(x)!
            default: throw CELError("error during formatting: decimal clause can only be used on integers, was given \(arg.kindName)")
            }
        case "f", "e":
            let d: Double
            switch arg {
            case .int(let x): d = Double(x)
            case .uint(let x): d = Double(x)
            case .double(let x): d = x
            default:
                throw CELError("error during formatting: \(verb == "f" ? "fixed-point" : "scientific") clause can only be used on doubles, was given \(arg.kindName)")
            }
            if let sp = special(d) { return sp }
            return verb == "f" ? fixed(d, precision ?? 6) : scientific(d, precision ?? 6)
        case "x", "X":
            var out: String
            switch arg {
            case .int(let x): out = (x < 0 ? "-" : "") + String(x.magnitude, radix: 16)
            case .uint(let x): out = String(x, radix: 16)
            case .string(let str): out = Array(str.utf8).map { hex2($0) }.joined()
            case .bytes(let b): out = b.map { hex2($0) }.joined()
            default: throw CELError("error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given \(arg.kindName)")
            }
            if verb == "X" { out = out.uppercased() }
            return out
        case "o":
            switch arg {
            case .int(let x): return (x < 0 ? "-" : "") + String(x.magnitude, radix: 8)
            case .uint(let x): return String(x, radix: 8)
            default: throw CELError("error during formatting: octal clause can only be used on integers, was given \(arg.kindName)")
            }
        default:  // "b"
            switch arg {
            case .int(let x): return (x < 0 ? "-" : "") + String(x.magnitude, radix: 2)
            case .uint(let x): return String(x, radix: 2)
            case .bool(let x): return x ? "1" : "0"
            default: throw CELError("error during formatting: only integers and bools can be formatted as binary, was given \(arg.kindName)")
            }
        }
    }

    static func hex2(_ b: UInt8) -> String { (b < 16 ? "0" : "") + String(b, radix: 16) }

    /// `%s`: strings as they are; lists and maps with their elements as `%s` writes them.
    static func text(_ v: CELValue) throws(CELError) -> String {
        switch v {
        case .string(let s): return s
        case .bytes(let b): return String(decoding: b, as: UTF8.self)
        case .double(let d): return CELFormat.double(d)
        case .list(let l):
            var parts: [String] = []
            for e in l { parts.append(try quoted(e)) }
            return "[" + parts.joined(separator: ", ") + "]"
        case .map(let m):
            var parts: [(String, String)] = []
            for (k, e) in m { parts.append((try quoted(k), try quoted(e))) }
            parts.sort { $0.0.unicodeScalars.lexicographicallyPrecedes($1.0.unicodeScalars, by: { $0.value < $1.value }) }
            return "{" + parts.map { $0.0 + ": " + $0.1 }.joined(separator: ", ") + "}"
        case .uint(let u): return String(u)
        default: return v.displayText
        }
    }

    static func quoted(_ v: CELValue) throws(CELError) -> String { try text(v) }

    static func fixed(_ d: Double, _ precision: Int) -> String {
        let p = min(precision, 30)
        let scaled = (d.magnitude * pow10(p)).rounded(.toNearestOrEven)
        guard scaled < 1e17 else { return naiveFixed(d, p) }
        var digits = String(UInt64(scaled))
        if digits.count <= p { digits = String(repeating: "0", count: p - digits.count + 1) + digits }
        let intPart = digits.dropLast(p)
        let frac = digits.suffix(p)
        return (d.sign == .minus && scaled != 0 ? "-" : "") + intPart + (p > 0 ? "." + frac : "")
    }

    /// Large values: integer part from the shortest digits, zeros after.
    static func naiveFixed(_ d: Double, _ p: Int) -> String {
        let (negative, digits, exponent) = CELFormat.decimalDigits(d)
        var intPart = digits
        if exponent >= digits.count { intPart += String(repeating: "0", count: exponent - digits.count) } else { intPart = String(digits.prefix(max(exponent, 0))) }
        return (negative ? "-" : "") + intPart + (p > 0 ? "." + String(repeating: "0", count: p) : "")
    }

    static func scientific(_ d: Double, _ precision: Int) -> String {
        if d == 0 { return (d.sign == .minus ? "-" : "") + "0" + (precision > 0 ? "." + String(repeating: "0", count: precision) : "") + "e+00" }
        var e = Int((d.magnitude).log10Floor)
        var m = d.magnitude / pow10(e)
        if m >= 10 { m /= 10; e += 1 }
        if m < 1 { m *= 10; e -= 1 }
        var mantissa = fixed(m, precision)
        if mantissa.hasPrefix("10") {
            e += 1
            mantissa = fixed(m / 10, precision)
        }
        return (d.sign == .minus ? "-" : "") + mantissa + "e" + (e < 0 ? "-" : "+") + (abs(e) < 10 ? "0" : "") + String(abs(e))
    }

    static func pow10(_ n: Int) -> Double {
        var r = 1.0
        if n >= 0 { for _ in 0..<n { r *= 10 } } else { for _ in 0..<(-n) { r /= 10 } }
        return r
    }
}

extension Double {
    fileprivate var log10Floor: Double {
        var e = 0.0
        var x = self
        while x >= 10 { x /= 10; e += 1 }
        while x < 1 { x *= 10; e -= 1 }
        return e
    }
}
