import WidgetSupport

extension Evaluator {
    /// The numeric keywords on a number (`.int` or `.double`, as `Node.numberValue` makes it).
    mutating func checkNumber(_ node: SchemaNode, _ value: JSONValue) -> Bool {
        var ok = true
        func check(_ passes: Bool, _ keyword: String, _ message: @autoclosure () -> String, _ me: inout Evaluator) {
            guard !passes else { return }
            ok = false
            if me.report { me.fail(node, keyword: keyword, message: message() + ", got \(FailureText.render(value))", value: FailureText.render(value)) }
        }
        if let bound = node.numeric.minimum {
            check(NumberMath.compare(value, bound) >= 0, "minimum", "must be at least \(FailureText.render(bound))", &self)
        }
        if let bound = node.numeric.exclusiveMinimum {
            check(NumberMath.compare(value, bound) > 0, "exclusiveMinimum", "must be greater than \(FailureText.render(bound))", &self)
        }
        if let bound = node.numeric.maximum {
            check(NumberMath.compare(value, bound) <= 0, "maximum", "must be at most \(FailureText.render(bound))", &self)
        }
        if let bound = node.numeric.exclusiveMaximum {
            check(NumberMath.compare(value, bound) < 0, "exclusiveMaximum", "must be less than \(FailureText.render(bound))", &self)
        }
        if let m = node.numeric.multipleOf {
            check(
                NumberMath.isMultiple(value, of: m.decimal, divisorValue: m.value), "multipleOf",
                "must be a multiple of \(FailureText.render(m.value))", &self)
        }
        return ok
    }

    /// `minLength`, `maxLength` and `pattern` on a string's UTF-8 bytes, read in place.
    mutating func checkString(_ node: SchemaNode, _ s: UnsafeBufferPointer<UInt8>) -> Bool {
        func shown() -> String { FailureText.quoted(String(decoding: s, as: UTF8.self)) }
        var ok = true
        // A string has at least a quarter (rounded up) of its UTF-8 bytes as scalars and at most
        // all of them: most bounds are met by the byte count alone, without counting.
        let bytes = s.count
        if node.string.minLength.map({ $0 > (bytes + 3) / 4 }) ?? false || node.string.maxLength.map({ $0 < bytes }) ?? false {
            let length = Self.scalarCount(s)
            if let min = node.string.minLength, length < min {
                ok = false
                if !report { return false }
                fail(node, keyword: "minLength", message: "\(shown()) is too short: it must be at least \(FailureText.count(min, "character")) long", value: shown())
            }
            if let max = node.string.maxLength, length > max {
                ok = false
                if !report { return false }
                fail(node, keyword: "maxLength", message: "\(shown()) is too long: it must be at most \(FailureText.count(max, "character")) long", value: shown())
            }
        }
        // Read in place, not bound: `if let pattern` copied the pattern (its text and program
        // retained and released, 10 pairs a file of bench/validate's corpus, callgrind).
        if node.string.pattern != nil {
            let found = node.string.pattern!.find(s)
            if found != true {
                ok = false
                if report { failPattern(node, found, s) }
            }
        }
        return ok
    }

    /// `pattern` failed: no match (`false`), or the search was too expensive (`nil`).
    private mutating func failPattern(_ node: SchemaNode, _ found: Bool?, _ s: UnsafeBufferPointer<UInt8>) {
        let pattern = node.string.pattern!.pattern
        guard found != nil else {
            fail(node, keyword: "pattern", message: Self.tooExpensive(pattern, s.count))
            return
        }
        let shown = FailureText.quoted(String(decoding: s, as: UTF8.self))
        fail(node, keyword: "pattern", message: "\(shown) does not match the pattern \(pattern)", value: shown)
    }

    /// A search the regex machine gave up on: the pattern, not the value, is at fault.
    static func tooExpensive(_ pattern: String, _ bytes: Int) -> String {
        "pattern too expensive: matching the pattern \(pattern) against this \(FailureText.count(bytes, "byte")) string "
            + "would take more than the budget of steps; simplify the pattern (a bounded repetition such as .{0,65535}, "
            + "a lookaround that scans far) or shorten the value"
    }

    /// Length in Unicode scalars (code points), as JSON Schema counts it: the bytes that
    /// start a scalar (valid UTF-8, as every document's text is).
    static func scalarCount(_ s: UnsafeBufferPointer<UInt8>) -> Int {
        var n = 0
        for b in s where b & 0xC0 != 0x80 { n += 1 }
        return n
    }
}
