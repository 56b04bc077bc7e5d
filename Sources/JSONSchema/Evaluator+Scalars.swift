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
        if let pattern = node.string.pattern {
            switch pattern.find(s) {
            case true?:
                break
            case false?:
                ok = false
                if report {
                    fail(node, keyword: "pattern", message: "\(shown()) does not match the pattern \(pattern.pattern)", value: shown())
                }
            case nil:
                ok = false
                if report { fail(node, keyword: "pattern", message: Self.tooExpensive(pattern.pattern, bytes)) }
            }
        }
        return ok
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
