import WidgetSupport

extension Evaluator {
    mutating func checkNumber(_ node: SchemaNode, _ c: NumericChecks, _ value: JSONValue) -> Bool {
        var ok = true
        func check(_ passes: Bool, _ keyword: String, _ message: @autoclosure () -> String, _ me: inout Evaluator) {
            guard !passes else { return }
            ok = false
            if me.report { me.fail(node, keyword: keyword, message: message()) }
        }
        if let bound = c.minimum {
            check(NumberMath.compare(value, bound) >= 0, "minimum", "must be >= \(FailureText.render(bound))", &self)
        }
        if let bound = c.exclusiveMinimum {
            check(NumberMath.compare(value, bound) > 0, "exclusiveMinimum", "must be > \(FailureText.render(bound))", &self)
        }
        if let bound = c.maximum {
            check(NumberMath.compare(value, bound) <= 0, "maximum", "must be <= \(FailureText.render(bound))", &self)
        }
        if let bound = c.exclusiveMaximum {
            check(NumberMath.compare(value, bound) < 0, "exclusiveMaximum", "must be < \(FailureText.render(bound))", &self)
        }
        if let m = c.multipleOf {
            check(
                NumberMath.isMultiple(value, of: m.decimal, divisorValue: m.value), "multipleOf",
                "must be a multiple of \(FailureText.render(m.value))", &self)
        }
        return ok
    }

    mutating func checkString(_ node: SchemaNode, _ c: StringChecks, _ s: String) -> Bool {
        var ok = true
        if c.minLength != nil || c.maxLength != nil {
            let length = Self.scalarCount(s)
            if let min = c.minLength, length < min {
                ok = false
                if !report { return false }
                fail(node, keyword: "minLength", message: "must be at least \(FailureText.count(min, "character")) long")
            }
            if let max = c.maxLength, length > max {
                ok = false
                if !report { return false }
                fail(node, keyword: "maxLength", message: "must be at most \(FailureText.count(max, "character")) long")
            }
        }
        if let regex = c.pattern, !regex.matches(s) {
            ok = false
            if report { fail(node, keyword: "pattern", message: "must match the pattern '\(regex.pattern)'") }
        }
        return ok
    }

    /// Length in Unicode scalars (code points), as JSON Schema counts it.
    static func scalarCount(_ s: String) -> Int {
        let counted = s.utf8.withContiguousStorageIfAvailable { bytes -> Int in
            var n = 0
            for b in bytes where b & 0xC0 != 0x80 { n += 1 }
            return n
        }
        return counted ?? s.unicodeScalars.count
    }
}
