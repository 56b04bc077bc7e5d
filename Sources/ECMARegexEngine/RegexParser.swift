/// A pattern ECMA-262 refuses, with the offset (in Unicode scalars) where reading stopped.
package struct RegexSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    package let message: String
    /// Zero-based offset into the pattern, counted in Unicode scalars.
    package let offset: Int
    package var description: String { "\(message) at offset \(offset)" }
}

/// Reads ECMA-262 pattern syntax with the `u` flag (Unicode mode, its stricter grammar),
/// which is what JSON Schema's `pattern` means.
struct RegexParser {
    private let s: [Unicode.Scalar]
    private var i = 0
    private var groupCount = 0
    private let groupNames: [String: Int]
    private let totalGroups: Int
    private(set) var hasBackreferences = false

    static func parse(_ pattern: String) throws(RegexSyntaxError) -> (node: RegexNode, groups: Int, backreferences: Bool) {
        var parser = try RegexParser(Array(pattern.unicodeScalars))
        let node = try parser.parseDisjunction()
        if parser.i < parser.s.count {
            throw parser.error("unmatched ')'")
        }
        return (node, parser.totalGroups, parser.hasBackreferences)
    }

    private init(_ scalars: [Unicode.Scalar]) throws(RegexSyntaxError) {
        s = scalars
        (totalGroups, groupNames) = try Self.scanGroups(scalars)
    }

    /// Counts capturing groups and their names up front, so `\2` and `\k<name>` may refer ahead.
    private static func scanGroups(_ s: [Unicode.Scalar]) throws(RegexSyntaxError) -> (Int, [String: Int]) {
        var count = 0, names: [String: Int] = [:], j = 0, inClass = false
        while j < s.count {
            let c = s[j]
            if c == "\\" { j += 2; continue }
            if inClass { if c == "]" { inClass = false } ; j += 1; continue }
            if c == "[" { inClass = true } else if c == "(" {
                if j + 1 < s.count, s[j + 1] == "?" {
                    if j + 2 < s.count, s[j + 2] == "<", j + 3 < s.count, s[j + 3] != "=", s[j + 3] != "!" {
                        count += 1
                        var k = j + 3, name = ""
                        while k < s.count, s[k] != ">" { name.unicodeScalars.append(s[k]); k += 1 }
                        if names[name] != nil {
                            throw RegexSyntaxError(message: "duplicate group name '\(name)'", offset: j)
                        }
                        names[name] = count
                    }
                } else {
                    count += 1
                }
            }
            j += 1
        }
        return (count, names)
    }

    private func error(_ message: String, at offset: Int? = nil) -> RegexSyntaxError {
        RegexSyntaxError(message: message, offset: offset ?? i)
    }

    private var atEnd: Bool { i >= s.count }
    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? { i + ahead < s.count ? s[i + ahead] : nil }

    private mutating func parseDisjunction() throws(RegexSyntaxError) -> RegexNode {
        var alternatives = [try parseAlternative()]
        while peek() == "|" {
            i += 1
            alternatives.append(try parseAlternative())
        }
        return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
    }

    private mutating func parseAlternative() throws(RegexSyntaxError) -> RegexNode {
        var items: [RegexNode] = []
        while let c = peek(), c != "|", c != ")" {
            let start = i
            let (atom, quantifiable) = try parseTerm()
            if let q = try parseQuantifier() {
                guard quantifiable else { throw error("nothing to repeat", at: start) }
                items.append(.repetition(atom, min: q.min, max: q.max, greedy: q.greedy))
            } else {
                items.append(atom)
            }
        }
        return items.count == 1 ? items[0] : (items.isEmpty ? .empty : .concat(items))
    }

    /// One assertion or atom; the flag says whether a quantifier may follow.
    private mutating func parseTerm() throws(RegexSyntaxError) -> (RegexNode, Bool) {
        let start = i
        let c = s[i]
        i += 1
        switch c {
        case "^": return (.start, false)
        case "$": return (.end, false)
        case ".": return (.any, true)
        case "(": return try parseGroup(start: start)
        case "[": return (.set(try parseClass()), true)
        case "*", "+", "?": throw error("nothing to repeat", at: start)
        case "{":
            i = start
            if (try? parseQuantifier()) != nil { throw error("nothing to repeat", at: start) }
            throw error("lone '{' (escape it as \\{)", at: start)
        case "}": throw error("lone '}' (escape it as \\})", at: start)
        case "]": throw error("lone ']' (escape it as \\])", at: start)
        case "\\":
            if peek() == "b" { i += 1; return (.wordBoundary(negated: false), false) }
            if peek() == "B" { i += 1; return (.wordBoundary(negated: true), false) }
            return (try parseAtomEscape(), true)
        default:
            return (.scalar(c.value), true)
        }
    }

    private mutating func parseGroup(start: Int) throws(RegexSyntaxError) -> (RegexNode, Bool) {
        var capture: Int? = nil
        var look: (ahead: Bool, negated: Bool)? = nil
        if peek() == "?" {
            switch (peek(1), peek(2)) {
            case (":", _): i += 2
            case ("=", _): i += 2; look = (true, false)
            case ("!", _): i += 2; look = (true, true)
            case ("<", "="): i += 3; look = (false, false)
            case ("<", "!"): i += 3; look = (false, true)
            case ("<", _):
                i += 2
                _ = try parseGroupName()  // names were collected by scanGroups
                groupCount += 1
                capture = groupCount
            default: throw error("invalid group", at: start)
            }
        } else {
            groupCount += 1
            capture = groupCount
        }
        let inner = try parseDisjunction()
        guard peek() == ")" else { throw error("unterminated group", at: start) }
        i += 1
        if let look { return (.look(inner, ahead: look.ahead, negated: look.negated), false) }
        return (.group(inner, capture: capture), true)
    }

    /// `name>` after `(?<` or `\k<`.
    private mutating func parseGroupName() throws(RegexSyntaxError) -> String {
        let start = i
        var name = ""
        while let c = peek(), c != ">" {
            let valid =
                name.isEmpty
                ? (c == "$" || c == "_" || c.properties.isIDStart)
                : (c == "$" || c == "_" || c.properties.isIDContinue || c == "\u{200C}" || c == "\u{200D}")
            guard valid else { throw error("invalid group name") }
            name.unicodeScalars.append(c)
            i += 1
        }
        guard peek() == ">", !name.isEmpty else { throw error("invalid group name", at: start) }
        i += 1
        return name
    }

    private mutating func parseQuantifier() throws(RegexSyntaxError) -> (min: Int, max: Int?, greedy: Bool)? {
        guard let c = peek() else { return nil }
        var range: (Int, Int?)
        switch c {
        case "*": i += 1; range = (0, nil)
        case "+": i += 1; range = (1, nil)
        case "?": i += 1; range = (0, 1)
        case "{":
            let start = i
            i += 1
            guard let low = parseDecimal() else { i = start; throw error("incomplete quantifier") }
            var high: Int? = low
            if peek() == "," {
                i += 1
                high = parseDecimal()
            }
            guard peek() == "}" else { i = start; throw error("incomplete quantifier") }
            i += 1
            if let high, high < low { throw error("numbers out of order in {} quantifier", at: start) }
            range = (low, high)
        default:
            return nil
        }
        var greedy = true
        if peek() == "?" { i += 1; greedy = false }
        return (range.0, range.1, greedy)
    }

    /// Decimal digits, saturating (a huge count is refused later by the program size limit).
    private mutating func parseDecimal() -> Int? {
        var value: Int? = nil
        while let c = peek(), c.value >= 0x30, c.value <= 0x39 {
            value = min((value ?? 0) * 10 + Int(c.value - 0x30), 1_000_000)
            i += 1
        }
        return value
    }

    private mutating func parseAtomEscape() throws(RegexSyntaxError) -> RegexNode {
        let start = i - 1
        guard let c = peek() else { throw error("\\ at end of pattern", at: start) }
        if let set = try parseClassEscape() { return .set(set) }
        switch c {
        case "k":
            i += 1
            guard peek() == "<" else { throw error("invalid named reference", at: start) }
            i += 1
            let name = try parseGroupName()
            guard let index = groupNames[name] else { throw error("unknown group name '\(name)'", at: start) }
            hasBackreferences = true
            return .backreference(index)
        case "1"..."9":
            var n = 0
            while let d = peek(), d.isASCII, d.value >= 0x30, d.value <= 0x39 {
                n = min(n * 10 + Int(d.value - 0x30), 1_000_000)
                i += 1
            }
            guard n <= totalGroups else { throw error("invalid backreference \\\(n)", at: start) }
            hasBackreferences = true
            return .backreference(n)
        default:
            return .scalar(try parseCharacterEscape(inClass: false))
        }
    }

    /// `\d \D \w \W \s \S \p{..} \P{..}` as a set, or nil (nothing consumed) for other escapes.
    private mutating func parseClassEscape() throws(RegexSyntaxError) -> CharSet? {
        guard let c = peek() else { return nil }
        var set = CharSet()
        switch c {
        case "d": set.add(CharSet.digitRanges[0])
        case "D": set.add(.outside(CharSet.digitRanges))
        case "w": for r in CharSet.wordRanges { set.add(r) }
        case "W": set.add(.outside(CharSet.wordRanges))
        case "s": for r in CharSet.spaceRanges { set.add(r) }
        case "S": set.add(.outside(CharSet.spaceRanges))
        case "p", "P":
            let start = i - 1
            i += 1
            guard peek() == "{" else { throw error("invalid property escape (expected \\\(c){...})", at: start) }
            i += 1
            var name = ""
            while let d = peek(), d != "}" { name.unicodeScalars.append(d); i += 1 }
            guard peek() == "}" else { throw error("unterminated property escape", at: start) }
            i += 1
            guard let property = UnicodeProperty.named(name) else {
                throw error("unknown or unsupported Unicode property '\(name)'", at: start)
            }
            set.add(.property(property, negated: c == "P"))
            set.finish()
            return set
        default:
            return nil
        }
        i += 1
        set.finish()
        return set
    }

    /// ECMA-262's SyntaxCharacter, and `/`. A switch: a `Set<Unicode.Scalar>` made its generic
    /// metadata at first use, 0.37 M instructions of `validate` of one file (callgrind).
    private static func isSyntaxCharacter(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "^", "$", "\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "/": true
        default: false
        }
    }

    private mutating func parseCharacterEscape(inClass: Bool) throws(RegexSyntaxError) -> UInt32 {
        let start = i - 1
        guard let c = peek() else { throw error("\\ at end of pattern", at: start) }
        i += 1
        switch c {
        case "f": return 0x0C
        case "n": return 0x0A
        case "r": return 0x0D
        case "t": return 0x09
        case "v": return 0x0B
        case "b" where inClass: return 0x08
        case "-" where inClass: return 0x2D
        case "c":
            guard let l = peek(), l.isASCII, l.properties.isAlphabetic else { throw error("invalid control escape", at: start) }
            i += 1
            return l.value % 32
        case "0":
            if let d = peek(), d.isASCII, d.value >= 0x30, d.value <= 0x39 { throw error("invalid decimal escape", at: start) }
            return 0
        case "x":
            guard let v = parseHex(count: 2) else { throw error("invalid \\x escape", at: start) }
            return v
        case "u":
            return try parseUnicodeEscape(start: start)
        default:
            if Self.isSyntaxCharacter(c) { return c.value }
            throw error("invalid escape '\\\(c)'", at: start)
        }
    }

    private mutating func parseUnicodeEscape(start: Int) throws(RegexSyntaxError) -> UInt32 {
        if peek() == "{" {
            i += 1
            var value: UInt32 = 0, digits = 0
            while let c = peek(), let d = Self.hexValue(c) {
                value = value * 16 + d
                digits += 1
                i += 1
                guard value <= 0x10FFFF else { throw error("code point out of range", at: start) }
            }
            guard digits > 0, peek() == "}" else { throw error("invalid \\u{...} escape", at: start) }
            i += 1
            return value
        }
        guard let high = parseHex(count: 4) else { throw error("invalid \\u escape", at: start) }
        // A UTF-16 surrogate pair written as two escapes stands for one scalar in Unicode mode.
        if (0xD800...0xDBFF).contains(high), peek() == "\\", peek(1) == "u" {
            let save = i
            i += 2
            if let low = parseHex(count: 4), (0xDC00...0xDFFF).contains(low) {
                return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            }
            i = save
        }
        return high
    }

    private mutating func parseHex(count: Int) -> UInt32? {
        var value: UInt32 = 0
        for k in 0..<count {
            guard let c = peek(k), let d = Self.hexValue(c) else { return nil }
            value = value * 16 + d
        }
        i += count
        return value
    }

    private static func hexValue(_ c: Unicode.Scalar) -> UInt32? {
        switch c.value {
        case 0x30...0x39: c.value - 0x30
        case 0x41...0x46: c.value - 0x41 + 10
        case 0x61...0x66: c.value - 0x61 + 10
        default: nil
        }
    }

    private enum ClassAtom {
        case scalar(UInt32)
        case set(CharSet)
    }

    private mutating func parseClass() throws(RegexSyntaxError) -> CharSet {
        let start = i - 1
        var set = CharSet()
        if peek() == "^" {
            set.negated = true
            i += 1
        }
        while true {
            guard let c = peek() else { throw error("missing ']' for character class", at: start) }
            if c == "]" { i += 1; break }
            let atomStart = i
            let first = try parseClassAtom()
            if peek() == "-", let next = peek(1), next != "]" {
                i += 1
                let second = try parseClassAtom()
                guard case .scalar(let lo) = first, case .scalar(let hi) = second else {
                    throw error("invalid character class range", at: atomStart)
                }
                guard lo <= hi else { throw error("range out of order in character class", at: atomStart) }
                set.add(lo...hi)
            } else {
                switch first {
                case .scalar(let v): set.add(v...v)
                case .set(let inner):
                    for r in inner.ranges { set.add(r) }
                    for item in inner.items { set.add(item) }
                }
            }
        }
        set.finish()
        return set
    }

    private mutating func parseClassAtom() throws(RegexSyntaxError) -> ClassAtom {
        let c = s[i]
        i += 1
        guard c == "\\" else { return .scalar(c.value) }
        if let set = try parseClassEscape() { return .set(set) }
        return .scalar(try parseCharacterEscape(inClass: true))
    }
}
