import Foundation
import WidgetSupport

/// A printf-style format string as String Catalogs key their strings (`Followers %lld`,
/// `%1$@ of %2$@`, `%.1f km`, `100%%`, `%#@followers@`), filled as Foundation's
/// `String(format:)` fills it (docs/localization.md "Keys with arguments").
package struct FormatString: Sendable {
    package struct Specifier: Sendable {
        /// As written, `%1$@` or `%lld`.
        package let text: String
        /// The argument it takes, from 0: its `n$`, else the next one in order.
        package let argument: Int
        package let flags: String
        package let width: Int?
        package let precision: Int?
        package let conversion: Character
        /// `%#@name@`: a catalog substitution, rendered from its own variations.
        package let substitution: String?

        package var isSubstitution: Bool { substitution != nil }
        package var isInteger: Bool { "diouxXc".contains(conversion) }
        package var isFloat: Bool { "fFeEgGaA".contains(conversion) }
        package var isNumeric: Bool { isInteger || isFloat }
        /// What Xcode writes (`%@`, `%lld`, `%2$@`, `%.1f`, `%#@name@`), no flag or width:
        /// a `%` that reads as one of these in plain text is surely a specifier.
        package var isXcodeStyle: Bool { flags.isEmpty && width == nil || isSubstitution }
    }

    package enum Piece: Sendable {
        case literal(String)
        case specifier(Specifier)
    }

    package let pieces: [Piece]

    package var specifiers: [Specifier] {
        pieces.compactMap { if case .specifier(let s) = $0 { s } else { nil } }
    }

    /// How many arguments the specifiers read (the highest position they name).
    package var argumentCount: Int { (specifiers.map(\.argument).max() ?? -1) + 1 }

    package init(_ text: String) {
        var pieces: [Piece] = []
        var literal = ""
        var next = 0
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            guard chars[i] == "%" else { literal.append(chars[i]); i += 1; continue }
            if i + 1 < chars.count, chars[i + 1] == "%" { literal.append("%"); i += 2; continue }
            guard let (spec, end) = Self.specifier(chars, from: i, next: &next) else {
                literal.append("%")   // not a specifier: shown as written, as Foundation does
                i += 1
                continue
            }
            if !literal.isEmpty { pieces.append(.literal(literal)); literal = "" }
            pieces.append(.specifier(spec))
            i = end
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }

    private static func specifier(_ c: [Character], from start: Int, next: inout Int) -> (Specifier, Int)? {
        var i = start + 1
        func digits() -> Int? {
            var n = 0, any = false
            while i < c.count, let d = c[i].wholeNumberValue, c[i].isASCII {
                n = min(n * 10 + d, 1_000_000)
                any = true
                i += 1
            }
            return any ? n : nil
        }
        var position: Int? = nil
        let mark = i
        if let n = digits(), i < c.count, c[i] == "$", n >= 1 { position = n - 1; i += 1 } else { i = mark }
        if i + 1 < c.count, c[i] == "#", c[i + 1] == "@" {
            // %#@name@
            var j = i + 2, name = ""
            while j < c.count, c[j] != "@" { name.append(c[j]); j += 1 }
            guard j < c.count, !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
            let argument = position ?? next
            next = argument + 1
            let text = String(c[start...j])
            return (Specifier(text: text, argument: argument, flags: "", width: nil, precision: nil, conversion: "@", substitution: name), j + 1)
        }
        var flags = ""
        while i < c.count, "-+ 0#'".contains(c[i]) { flags.append(c[i]); i += 1 }
        let width = digits()
        var precision: Int? = nil
        if i < c.count, c[i] == "." { i += 1; precision = digits() ?? 0 }
        for length in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] where i + length.count <= c.count && String(c[i..<i + length.count]) == length {
            i += length.count
            break
        }
        guard i < c.count, "diouxXfFeEgGaAcsSp@".contains(c[i]) else { return nil }
        let argument = position ?? next
        next = argument + 1
        return (Specifier(text: String(c[start...i]), argument: argument, flags: flags, width: width, precision: precision, conversion: c[i], substitution: nil), i + 1)
    }

    /// The text with each specifier filled with its argument; `substitute` renders `%#@name@`.
    /// A missing argument fills nothing (validate reports it); a value of another kind
    /// is shown as it is rather than reinterpreted as Foundation would.
    package func format(_ arguments: [JSONValue], substitute: (Specifier) -> String? = { _ in nil }) -> String {
        var out = ""
        for piece in pieces {
            switch piece {
            case .literal(let text): out += text
            case .specifier(let spec):
                if spec.isSubstitution {
                    out += substitute(spec) ?? (spec.argument < arguments.count ? Self.text(of: arguments[spec.argument]) : "")
                } else if spec.argument < arguments.count {
                    out += Self.fill(spec, arguments[spec.argument])
                }
            }
        }
        return out
    }

    /// One argument as a specifier shows it.
    package static func fill(_ spec: Specifier, _ value: JSONValue) -> String {
        let width = spec.width.map(String.init) ?? ""
        let precision = spec.precision.map { ".\($0)" } ?? ""
        if spec.isInteger, spec.conversion != "c", let n = number(value), n.isFinite, let whole = Int64(exactly: n.rounded(.towardZero)) {
            return String(format: "%" + spec.flags + width + precision + "ll" + String(spec.conversion), whole)
        }
        if spec.isFloat, let n = number(value) {
            return String(format: "%" + spec.flags + width + precision + String(spec.conversion), n)
        }
        var text = text(of: value)
        if !spec.isNumeric, let p = spec.precision { text = String(text.prefix(p)) }
        if let w = spec.width, text.count < w {
            let pad = String(repeating: " ", count: w - text.count)
            text = spec.flags.contains("-") ? text + pad : pad + text
        }
        return text
    }

    /// A value's number: a JSON number, or text that reads as one.
    package static func number(_ value: JSONValue) -> Double? {
        if let n = value.number { return n }
        if let s = value.string { return Double(s.trimmingCharacters(in: .whitespaces)) }
        return nil
    }

    /// A value as `%@` shows it; null as Foundation shows nil, `(null)`.
    package static func text(of value: JSONValue) -> String {
        switch value {
        case .string(let s): s
        case .null: "(null)"
        default: JSONWriter.string(value)
        }
    }
}
