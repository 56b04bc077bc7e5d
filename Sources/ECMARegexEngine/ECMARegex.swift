/// An ECMA-262 regular expression as JSON Schema's `pattern` uses it: Unicode mode,
/// unanchored search, `\d \w \b` ASCII-only, `.` excluding line terminators, lengths in
/// Unicode scalars. Compiled once; matching allocates nothing for short inputs and never
/// backtracks exponentially (see `RegexMatcher`).
package struct ECMARegex: Sendable {
    /// The source text of the pattern.
    package let pattern: String
    let compiled: CompiledRegex

    /// Parses and compiles `pattern`; throws for anything ECMA-262 (with the `u` flag) refuses,
    /// and for Unicode properties this implementation cannot evaluate (scripts).
    package init(_ pattern: String) throws(RegexSyntaxError) {
        self.pattern = pattern
        let parsed = try RegexParser.parse(pattern)
        compiled = try RegexCompiler.compile(parsed.node, groups: parsed.groups, backreferences: parsed.backreferences)
    }

    /// True when the pattern matches somewhere in `string`.
    package func matches(_ string: String) -> Bool { compiled.matches(string) }

    /// Whether the pattern matches somewhere in `string`, or nil when finding out would pass
    /// the matcher's step budget ("pattern too expensive"; `matches` counts that as no match).
    package func outcome(_ string: String) -> Bool? { compiled.outcome(string) }

    /// `outcome` on UTF-8 bytes: true, false, or nil past the step budget.
    package func find(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool? { compiled.find(utf8) }
}
