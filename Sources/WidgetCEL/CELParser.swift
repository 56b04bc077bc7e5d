/// CEL's grammar (cel-spec's langdef.md), hand-written: a lexer over Unicode scalars and a
/// recursive-descent parser that expands macros as it goes.
///
/// Nesting is bounded (`maxDepth`) and so is the text (`maxLength`), so hostile input cannot
/// exhaust the stack; the first error stops the parse, with its offset.
package struct CELParser {
    package struct Options: Sendable {
        /// Expand `has`, `all`, `exists`, `exists_one`, `map`, `filter`, the two-variable forms,
        /// `cel.bind` and `sortBy`.
        package var macros = true
        /// Reserved words the host lets expressions use as names (widgets use `let`).
        package var allowedReservedWords: Set<String> = []
        package var maxDepth = 100
        package var maxLength = 100_000
        package init() {}
    }

    private static let reserved = [
        "as", "break", "const", "continue", "else", "for", "function", "if", "import", "let", "loop", "package",
        "namespace", "return", "var", "void", "while",
    ]

    private enum Word: Sendable {
        case reserved
        case literal(CELValue)
    }

    /// The reserved words and the literal words by their length, as scalars.
    private static let words: [[([Unicode.Scalar], Word)]] = {
        var byLength = [[([Unicode.Scalar], Word)]](repeating: [], count: 10)
        let all = reserved.map { ($0, Word.reserved) } + [("true", .literal(.bool(true))), ("false", .literal(.bool(false))), ("null", .literal(.null))]
        for (text, word) in all { byLength[text.unicodeScalars.count].append((Array(text.unicodeScalars), word)) }
        return byLength
    }()

    /// The word a name spells, if it is a reserved or a literal word: one comparison of scalars
    /// per word of its length, where a `Set<String>` and a `switch` on the string hashed the name
    /// and compared it as strings (`CELParsed.parse` 7.03 M -> 6.75 M instructions on 300 files of
    /// bench/validate's examples shape, callgrind).
    private static func word(_ name: ArraySlice<Unicode.Scalar>) -> Word? {
        guard name.count < words.count else { return nil }
        for (scalars, word) in words[name.count] where scalars.elementsEqual(name) { return word }
        return nil
    }

    private let s: [Unicode.Scalar]
    private let options: Options
    private var i = 0
    private var depth = 0
    private var nextID = 0

    /// Parses `text` into a tree; throws the first syntax error.
    package static func parse(_ text: String, options: Options = Options()) throws(CELError) -> (CELExpr, nodeCount: Int) {
        var parser = CELParser(s: scalars(of: text), options: options)
        guard parser.s.count <= options.maxLength else {
            throw CELError("expression longer than \(options.maxLength) characters", at: 0)
        }
        parser.skipSpace()
        if parser.i >= parser.s.count { throw CELError("empty expression, expected an expression", at: 0) }
        let expr = try parser.expression()
        parser.skipSpace()
        if parser.i < parser.s.count {
            throw CELError("unexpected \(parser.describeHere()) after the expression", at: parser.i)
        }
        return (expr, parser.nextID)
    }

    /// The text's scalars, written into room for its UTF-8 length (never fewer): `Array(_:)` of
    /// the scalar view walks the text twice, counting first.
    private static func scalars(of text: String) -> [Unicode.Scalar] {
        [Unicode.Scalar](unsafeUninitializedCapacity: text.utf8.count) { buffer, count in
            for scalar in text.unicodeScalars {
                buffer[count] = scalar
                count += 1
            }
        }
    }

    private init(s: [Unicode.Scalar], options: Options) {
        self.s = s
        self.options = options
    }

    // MARK: Nodes

    private mutating func node(_ kind: CELExpr.Kind, at offset: Int) -> CELExpr {
        defer { nextID += 1 }
        return CELExpr(id: nextID, offset: offset, kind: kind)
    }

    private mutating func call(_ name: String, _ args: [CELExpr], at offset: Int, target: CELExpr? = nil) -> CELExpr {
        node(.call(name, target: target, args: args), at: offset)
    }

    private mutating func enter() throws(CELError) {
        depth += 1
        if depth > options.maxDepth { throw CELError("expression nested deeper than \(options.maxDepth) levels", at: i) }
    }

    // MARK: Grammar

    private mutating func expression() throws(CELError) -> CELExpr {
        try enter()
        defer { depth -= 1 }
        let condition = try binary(level: 0)
        skipSpace()
        guard peek("?") else { return condition }
        let at = i
        i += 1
        let yes = try binary(level: 0)
        skipSpace()
        guard peek(":") else { throw CELError("expected ':' in the conditional, found \(describeHere())", at: i) }
        i += 1
        let no = try expression()
        return call("_?_:_", [condition, yes, no], at: at)
    }

    /// Binary operators by precedence (their level): ||, &&, relations, + -, * / %.
    private static let topLevel = 4

    /// The operators of precedence `level` and above, with their operands.
    private mutating func binary(level: Int) throws(CELError) -> CELExpr {
        try climb(from: try unary(), level: level)
    }

    /// Precedence climbing: `first`, an operand already parsed, extended with the operators of
    /// precedence `level` and above that follow it. Each operand's operator is found once; with
    /// one function per level, every operand went down all five levels, each looking for its
    /// operator again (parsing the lets of 300 files of bench/validate's examples shape, with
    /// `scalars(of:)`: 5.8 M -> 4.9 M instructions, callgrind).
    private mutating func climb(from first: CELExpr, level: Int) throws(CELError) -> CELExpr {
        var left = first
        var operands: [CELExpr] = []  // for && and ||, kept flat (a long chain is not deep)
        var opAt = 0
        while true {
            skipSpace()
            guard let op = binaryOperator(), op.level >= level else { break }
            if op.level > level {
                // Only before this level's first operator: after one, its right operand took them.
                left = try climb(from: left, level: op.level)
                continue
            }
            let at = i
            i += op.length
            let right = level == Self.topLevel ? try unary() : try binary(level: level + 1)
            if level <= 1 {
                if operands.isEmpty { operands = [left]; opAt = at }
                operands.append(right)
            } else {
                left = call(op.name, [left, right], at: at)
            }
        }
        if !operands.isEmpty {
            // Balanced, so that the tree stays shallow however long the chain.
            left = balanced(level == 0 ? "_||_" : "_&&_", operands[...], at: opAt)
        }
        return left
    }

    private mutating func balanced(_ name: String, _ items: ArraySlice<CELExpr>, at: Int) -> CELExpr {
        if items.count == 1 { return items.first! }
        let mid = items.startIndex + items.count / 2
        let l = balanced(name, items[items.startIndex..<mid], at: at)
        let r = balanced(name, items[mid...], at: at)
        return call(name, [l, r], at: at)
    }

    /// The binary operator at `i`: its precedence, length and function's name. Decided by a
    /// switch on the scalars at `i`: with a table of operator strings matched scalar by scalar,
    /// each level's in turn, parsing the lets of 300 files of bench/validate's examples shape took
    /// 7.7 M instructions, 5.8 M with the switch (callgrind).
    private func binaryOperator() -> (level: Int, length: Int, name: String)? {
        guard i < s.count else { return nil }
        let c = s[i]
        let next: Unicode.Scalar = i + 1 < s.count ? s[i + 1] : "\0"
        switch c {
        case "|": return next == "|" ? (0, 2, "_||_") : nil
        case "&": return next == "&" ? (1, 2, "_&&_") : nil
        // `<` must not take the start of `<=`.
        case "<": return next == "=" ? (2, 2, "_<=_") : (2, 1, "_<_")
        case ">": return next == "=" ? (2, 2, "_>=_") : (2, 1, "_>_")
        case "=": return next == "=" ? (2, 2, "_==_") : nil
        case "!": return next == "=" ? (2, 2, "_!=_") : nil
        case "i": return next == "n" && !(i + 2 < s.count && isIdentPart(s[i + 2])) ? (2, 2, "@in") : nil
        case "+": return (3, 1, "_+_")
        case "-": return (3, 1, "_-_")
        case "*": return (4, 1, "_*_")
        case "/": return (4, 1, "_/_")
        case "%": return (4, 1, "_%_")
        default: return nil
        }
    }

    private mutating func unary() throws(CELError) -> CELExpr {
        skipSpace()
        if peek("!") {
            let at = i
            i += 1
            try enter()
            defer { depth -= 1 }
            return call("!_", [try unary()], at: at)
        }
        if peek("-") {
            let at = i
            i += 1
            skipSpace()
            // A negative integer literal is one literal (so that -9223372036854775808 is an int).
            if i < s.count, isDigit(s[i]) {
                let start = i
                let literal = try number(negative: true, at: at)
                return try member(literal, start: start)
            }
            try enter()
            defer { depth -= 1 }
            return call("-_", [try unary()], at: at)
        }
        return try member(try primary(), start: i)
    }

    private mutating func member(_ operand: CELExpr, start: Int) throws(CELError) -> CELExpr {
        var expr = operand
        var chain = 0
        while true {
            skipSpace()
            if peek(".") {
                let at = i
                i += 1
                skipSpace()
                let name = try fieldName()
                skipSpace()
                if peek("(") {
                    i += 1
                    let args = try expressionList(closing: ")")
                    expr = try makeCall(name, target: expr, args: args, at: at)
                } else {
                    expr = node(.select(expr, name, test: false), at: at)
                }
            } else if peek("[") {
                let at = i
                i += 1
                let index = try expression()
                skipSpace()
                guard peek("]") else { throw CELError("expected ']' to close the index, found \(describeHere())", at: i) }
                i += 1
                expr = call("_[_]", [expr, index], at: at)
            } else if peek("{"), case .ident = expr.kind {
                throw CELError("message construction ('Name{…}') is not supported: CEL here has no protobuf messages", at: i)
            } else {
                return expr
            }
            chain += 1
            if chain > options.maxDepth * 10 { throw CELError("selection chain longer than \(options.maxDepth * 10)", at: i) }
        }
    }

    private mutating func fieldName() throws(CELError) -> String {
        if peek("`") {
            let start = i
            i += 1
            var name = ""
            while i < s.count, s[i] != "`" {
                let c = s[i]
                guard isIdentPart(c) || c == "." || c == "-" || c == "/" || c == " " else {
                    throw CELError("unexpected '\(c)' in a quoted field name", at: i)
                }
                name.unicodeScalars.append(c)
                i += 1
            }
            guard i < s.count, !name.isEmpty else { throw CELError("unterminated quoted field name", at: start) }
            i += 1
            return name
        }
        guard i < s.count, isIdentStart(s[i]) else { throw CELError("expected a field name after '.', found \(describeHere())", at: i) }
        // Reserved words may name fields and methods (`x.package`, `x.for()`): only bare names are reserved.
        return identifier()
    }

    private mutating func primary() throws(CELError) -> CELExpr {
        skipSpace()
        guard i < s.count else { throw CELError("unexpected end of expression, expected a value", at: i) }
        let at = i
        let c = s[i]
        if c == "(" {
            i += 1
            let inner = try expression()
            skipSpace()
            guard peek(")") else { throw CELError("expected ')', found \(describeHere())", at: i) }
            i += 1
            return inner
        }
        if c == "[" {
            i += 1
            return node(.list(try expressionList(closing: "]", allowTrailingComma: true)), at: at)
        }
        if c == "{" {
            i += 1
            var entries: [(key: CELExpr, value: CELExpr)] = []
            skipSpace()
            while !peek("}") {
                let key = try expression()
                skipSpace()
                guard peek(":") else { throw CELError("expected ':' after a map key, found \(describeHere())", at: i) }
                i += 1
                let value = try expression()
                entries.append((key, value))
                skipSpace()
                if peek(",") { i += 1; skipSpace(); continue }
                guard peek("}") else { throw CELError("expected ',' or '}' in the map, found \(describeHere())", at: i) }
            }
            i += 1
            return node(.map(entries), at: at)
        }
        if isDigit(c) || (c == "." && i + 1 < s.count && isDigit(s[i + 1])) { return try number(negative: false, at: at) }
        if c == "\"" || c == "'" { return node(.literal(try stringLiteral(raw: false, bytes: false)), at: at) }
        var leadingDot = false
        if c == "." {
            leadingDot = true
            i += 1
            skipSpace()
        }
        guard i < s.count, isIdentStart(s[i]) else { throw CELError("unexpected \(describeHere()), expected a value", at: i) }
        // String and bytes prefixes: r"…", b'…', rb"…", BR'…'.
        if !leadingDot, let prefixed = try prefixedLiteral(at: at) { return prefixed }
        let nameStart = i
        let name = identifier()
        // Words are told by their scalars: most names are neither, and are not hashed or compared as strings.
        switch Self.word(s[nameStart..<i]) {
        case .reserved?:
            if !options.allowedReservedWords.contains(name) { throw CELError("'\(name)' is a reserved word in CEL", at: at) }
        case .literal(let value)? where !leadingDot:
            return node(.literal(value), at: at)
        default:
            break
        }
        skipSpace()
        if peek("(") {
            i += 1
            let args = try expressionList(closing: ")")
            return try makeCall(leadingDot ? "." + name : name, target: nil, args: args, at: at)
        }
        return node(.ident(leadingDot ? "." + name : name), at: at)
    }

    private mutating func expressionList(closing: Unicode.Scalar, allowTrailingComma: Bool = false) throws(CELError) -> [CELExpr] {
        var items: [CELExpr] = []
        skipSpace()
        while !peek(closing) {
            items.append(try expression())
            skipSpace()
            if peek(",") {
                i += 1
                skipSpace()
                if peek(closing) && !allowTrailingComma { throw CELError("expected an argument after ','", at: i) }
                continue
            }
            guard peek(closing) else { throw CELError("expected ',' or '\(closing)', found \(describeHere())", at: i) }
        }
        i += 1
        return items
    }

    // MARK: Macros

    private mutating func makeCall(_ name: String, target: CELExpr?, args: [CELExpr], at: Int) throws(CELError) -> CELExpr {
        guard options.macros else { return call(name, args, at: at, target: target) }
        func variable(_ e: CELExpr) throws(CELError) -> String {
            guard case .ident(let v) = e.kind, !v.hasPrefix(".") else {
                throw CELError("the first argument of \(name)() must be a simple name (the loop variable)", at: e.offset)
            }
            return v
        }
        func loop(_ kind: CELComprehension.Kind, _ range: CELExpr, vars: Int) throws(CELError) -> CELExpr {
            let v1 = try variable(args[0])
            let v2 = vars == 2 ? try variable(args[1]) : nil
            if let v2, v2 == v1 { throw CELError("\(name)() needs two different variable names, found '\(v1)' twice", at: args[1].offset) }
            return node(.comprehension(CELComprehension(kind: kind, range: range, variable: v1, variable2: v2, args: Array(args[vars...]))), at: at)
        }
        if let target {
            switch (name, args.count) {
            case ("all", 2): return try loop(.all, target, vars: 1)
            case ("all", 3): return try loop(.all, target, vars: 2)
            case ("exists", 2): return try loop(.exists, target, vars: 1)
            case ("exists", 3): return try loop(.exists, target, vars: 2)
            case ("exists_one", 2), ("existsOne", 2): return try loop(.existsOne, target, vars: 1)
            case ("exists_one", 3), ("existsOne", 3): return try loop(.existsOne, target, vars: 2)
            case ("map", 2), ("map", 3): return try loop(.map, target, vars: 1)
            case ("filter", 2): return try loop(.filter, target, vars: 1)
            case ("transformList", 3), ("transformList", 4): return try loop(.transformList, target, vars: 2)
            case ("transformMap", 3), ("transformMap", 4): return try loop(.transformMap, target, vars: 2)
            case ("transformMapEntry", 3), ("transformMapEntry", 4): return try loop(.transformMapEntry, target, vars: 2)
            case ("sortBy", 2): return try loop(.sortBy, target, vars: 1)
            case ("bind", 3):
                if case .ident("cel") = target.kind {
                    let v = try variable(args[0])
                    return node(.comprehension(CELComprehension(kind: .bind, range: args[1], variable: v, variable2: nil, args: [args[2]])), at: at)
                }
            default: break
            }
            return call(name, args, at: at, target: target)
        }
        if name == "has" {
            guard args.count == 1, case .select(let operand, let field, test: false) = args[0].kind else {
                throw CELError("has() takes one field selection, such as has(data.train.delay)", at: at)
            }
            return node(.select(operand, field, test: true), at: args[0].offset)
        }
        return call(name, args, at: at)
    }

    // MARK: Lexemes

    private func peek(_ c: Unicode.Scalar) -> Bool { i < s.count && s[i] == c }

    private mutating func skipSpace() {
        while i < s.count {
            let c = s[i]
            if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" {
                i += 1
            } else if c == "/", i + 1 < s.count, s[i + 1] == "/" {
                while i < s.count, s[i] != "\n" { i += 1 }
            } else {
                return
            }
        }
    }

    private func describeHere() -> String {
        guard i < s.count else { return "the end of the expression" }
        var text = ""
        var k = i
        while k < s.count, text.unicodeScalars.count < 12, s[k] != "\n" { text.unicodeScalars.append(s[k]); k += 1 }
        return "'\(text)'"
    }

    private func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }
    private func isIdentStart(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" }
    private func isIdentPart(_ c: Unicode.Scalar) -> Bool { isIdentStart(c) || isDigit(c) }

    private mutating func identifier() -> String {
        let start = i
        while i < s.count, isIdentPart(s[i]) { i += 1 }
        // ASCII only (identifier characters): one string made from the bytes.
        return String(unsafeUninitializedCapacity: i - start) { buffer in
            for k in start..<i { buffer[k - start] = UInt8(truncatingIfNeeded: s[k].value) }
            return i - start
        }
    }

    private mutating func prefixedLiteral(at: Int) throws(CELError) -> CELExpr? {
        var k = i
        var raw = false
        var bytes = false
        while k < s.count, k - i < 2 {
            let c = s[k]
            if (c == "r" || c == "R") && !raw { raw = true } else if (c == "b" || c == "B") && !bytes { bytes = true } else { break }
            k += 1
            if k < s.count, s[k] == "\"" || s[k] == "'" {
                i = k
                return node(.literal(try stringLiteral(raw: raw, bytes: bytes)), at: at)
            }
        }
        return nil
    }

    private mutating func number(negative: Bool, at: Int) throws(CELError) -> CELExpr {
        let start = i
        var text = negative ? "-" : ""
        if s[i] == "0", i + 1 < s.count, s[i + 1] == "x" || s[i + 1] == "X" {
            i += 2
            var hex = ""
            while i < s.count, s[i].properties.isASCIIHexDigit { hex.unicodeScalars.append(s[i]); i += 1 }
            guard !hex.isEmpty else { throw CELError("expected hexadecimal digits after '0x'", at: i) }
            if i < s.count, s[i] == "u" || s[i] == "U" {
                i += 1
                guard !negative, let v = UInt64(hex, radix: 16) else { throw CELError("uint literal out of range", at: start) }
                return try literalEnd(.uint(v), at: at)
            }
            guard let v = Int64(text + hex, radix: 16) else { throw CELError("integer literal out of 64-bit range", at: start) }
            return try literalEnd(.int(v), at: at)
        }
        var isDouble = false
        while i < s.count, isDigit(s[i]) { text.unicodeScalars.append(s[i]); i += 1 }
        if i + 1 < s.count, s[i] == ".", isDigit(s[i + 1]) {
            isDouble = true
            text += "."
            i += 1
            while i < s.count, isDigit(s[i]) { text.unicodeScalars.append(s[i]); i += 1 }
        }
        if i < s.count, s[i] == "e" || s[i] == "E" {
            var k = i + 1
            if k < s.count, s[k] == "+" || s[k] == "-" { k += 1 }
            if k < s.count, isDigit(s[k]) {
                isDouble = true
                text += "e"
                i += 1
                while i < k { text.unicodeScalars.append(s[i]); i += 1 }
                while i < s.count, isDigit(s[i]) { text.unicodeScalars.append(s[i]); i += 1 }
            }
        }
        if text.hasPrefix(".") || text.hasPrefix("-.") { text = text.replacingFirstDot() }
        if isDouble {
            guard let v = Double(text) else { throw CELError("malformed number '\(text)'", at: start) }
            return try literalEnd(.double(v), at: at)
        }
        if i < s.count, s[i] == "u" || s[i] == "U" {
            i += 1
            guard !negative, let v = UInt64(text) else { throw CELError("uint literal out of range: \(text)u", at: start) }
            return try literalEnd(.uint(v), at: at)
        }
        guard let v = Int64(text) else { throw CELError("integer literal out of 64-bit range: \(text) (write \(text).0 for a double, or \(text)u for a uint)", at: start) }
        return try literalEnd(.int(v), at: at)
    }

    private mutating func literalEnd(_ value: CELValue, at: Int) throws(CELError) -> CELExpr {
        if i < s.count, isIdentPart(s[i]) {
            throw CELError("unexpected '\(s[i])' after a number", at: i)
        }
        return node(.literal(value), at: at)
    }

    private mutating func stringLiteral(raw: Bool, bytes: Bool) throws(CELError) -> CELValue {
        let start = i
        let quote = s[i]
        let triple = i + 2 < s.count && s[i + 1] == quote && s[i + 2] == quote
        i += triple ? 3 : 1
        var out: [UInt8] = []
        func appendScalar(_ c: Unicode.Scalar) { UTF8.encode(c) { out.append($0) } }
        while true {
            guard i < s.count else { throw CELError("unterminated string literal", at: start) }
            let c = s[i]
            if c == quote {
                if !triple { i += 1; break }
                if i + 2 < s.count, s[i + 1] == quote, s[i + 2] == quote { i += 3; break }
            }
            if !triple, c == "\n" || c == "\r" { throw CELError("line break in a string literal (use '''…''' or \\n)", at: i) }
            if c == "\\" && !raw {
                i += 1
                guard i < s.count else { throw CELError("unterminated string literal", at: start) }
                let e = s[i]
                let escAt = i - 1
                i += 1
                switch e {
                case "a": out.append(7)
                case "b": out.append(8)
                case "f": out.append(12)
                case "n": out.append(10)
                case "r": out.append(13)
                case "t": out.append(9)
                case "v": out.append(11)
                case "\\", "?", "\"", "'", "`": appendScalar(e)
                case "x", "X", "u", "U":
                    let count = (e == "x" || e == "X") ? 2 : (e == "u" ? 4 : 8)
                    guard i + count <= s.count else { throw CELError("incomplete \\\(e) escape", at: escAt) }
                    let hex = String(String.UnicodeScalarView(s[i..<(i + count)]))
                    guard hex.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit), let v = UInt32(hex, radix: 16) else {
                        throw CELError("malformed \\\(e) escape", at: escAt)
                    }
                    i += count
                    if bytes && (e == "x" || e == "X") {
                        out.append(UInt8(v))
                    } else {
                        guard e == "x" || e == "X" || !bytes, let scalar = Unicode.Scalar(v) else {
                            throw CELError("\\\(e)\(hex) is not a Unicode scalar value", at: escAt)
                        }
                        appendScalar(scalar)
                    }
                case "0"..."3":
                    guard i + 2 <= s.count, ("0"..."7").contains(s[i]), ("0"..."7").contains(s[i + 1]) else {
                        throw CELError("octal escapes take three digits (\\000 to \\377)", at: escAt)
                    }
                    let v = (e.value - 48) * 64 + (s[i].value - 48) * 8 + (s[i + 1].value - 48)
                    i += 2
                    if bytes { out.append(UInt8(v)) } else { appendScalar(Unicode.Scalar(v)!) }
                default:
                    throw CELError("unknown escape '\\\(e)' in a string literal", at: escAt)
                }
                continue
            }
            appendScalar(c)
            i += 1
        }
        if bytes { return .bytes(out) }
        return .string(String(decoding: out, as: UTF8.self))
    }
}

extension String {
    fileprivate func replacingFirstDot() -> String {
        hasPrefix("-.") ? "-0." + dropFirst(2) : "0." + dropFirst()
    }
}
