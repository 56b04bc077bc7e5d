import Testing
@testable import JSONSchema

@Suite("ECMA-262 patterns")
struct RegexTests {
    private func matches(_ pattern: String, _ input: String) throws -> Bool {
        try ECMARegex(pattern).matches(input)
    }

    @Test func searchIsUnanchored() throws {
        #expect(try matches("a+", "xxaay"))
        #expect(try !matches("^a+$", "xxaay"))
        #expect(try matches("^a*$", ""))
        #expect(try matches("", "anything"))
    }

    @Test func dollarDoesNotMatchBeforeTrailingNewline() throws {
        #expect(try !matches("^abc$", "abc\n"))
        #expect(try matches("^abc$", "abc"))
    }

    @Test func classEscapesAreASCII() throws {
        #expect(try matches("^\\d+$", "0123456789"))
        #expect(try !matches("^\\d$", "\u{07C0}"))  // NKO DIGIT ZERO
        #expect(try matches("^\\D$", "\u{07C0}"))
        #expect(try !matches("^\\w$", "é"))
        #expect(try matches("^\\W$", "é"))
        #expect(try matches("^\\s$", "\u{FEFF}"))
        #expect(try matches("^\\s$", "\u{2003}"))
        #expect(try !matches("^\\S$", "\u{2003}"))
        #expect(try matches("^[\\w-]+$", "a-b_c"))
    }

    @Test func unicodePropertiesAndScalars() throws {
        #expect(try matches("^\\p{Letter}+$", "Привет"))
        #expect(try !matches("^\\p{L}+$", "abc1"))
        #expect(try matches("^\\p{digit}+$", "४२"))
        #expect(try matches("^\\P{Lu}$", "a"))
        #expect(try matches("^🐲*$", "🐲🐲"))
        #expect(try !matches("^🐲*$", "🐉"))
        #expect(try matches("^.$", "🐲"))
        #expect(try matches("^\\ud83d\\udc32$", "🐲"))
        #expect(try matches("^\\u{1F432}$", "🐲"))
        #expect(try matches("^[🐱-🐲]$", "🐲"))
    }

    @Test func escapes() throws {
        #expect(try matches("^\\t$", "\t"))
        #expect(try matches("^\\cC$", "\u{03}"))
        #expect(try matches("^\\cc$", "\u{03}"))
        #expect(try matches("^\\x41\\u0042$", "AB"))
        #expect(try matches("^[\\b]$", "\u{08}"))
        #expect(try matches("^\\.\\*\\/$", ".*/"))
        #expect(try !matches(".", "\n"))
    }

    @Test func quantifiersAndGroups() throws {
        #expect(try matches("^a{2,3}$", "aaa"))
        #expect(try !matches("^a{2,3}$", "aaaa"))
        #expect(try matches("^a{2,}$", "aaaaa"))
        #expect(try matches("^(ab|cd)+?e$", "abcde"))
        #expect(try matches("^(?:a|b)*c$", "ababc"))
        #expect(try matches("^[a-z0-9]+(\\.[a-z0-9-]+)*$", "com.mygame.character-detail"))
        #expect(try !matches("^[a-z0-9]+(\\.[a-z0-9-]+)*$", "com..x"))
        #expect(try matches("^(a*)*$", "aaaa"))
    }

    @Test func greedyLoopsGiveBack() throws {
        #expect(try matches("^a*ab$", "aaab"))
        #expect(try matches("^[a-z]+[a-z]{2}$", "abc"))
        #expect(try !matches("^[a-z]+[a-z]{2}$", "ab"))
        #expect(try matches("^\\d{2,4}\\d$", "12345"))
        #expect(try !matches("^\\d{2,4}\\d$", "12"))
        #expect(try !matches("^\\d{2,4}\\d$", "123456"))
        #expect(try matches("^.*é.*$", "café au lait"))
        #expect(try matches("^(?:x){3}$", "xxx"))
        #expect(try matches("a{1000000}|b", "b"))
        #expect(try matches("^[^/]+/[^/]+$", "America/New_York"))
    }

    @Test func lookaroundAndBoundaries() throws {
        #expect(try matches("^(?=.*\\d)[a-z\\d]+$", "abc1"))
        #expect(try !matches("^(?=.*\\d)[a-z\\d]+$", "abc"))
        #expect(try matches("^(?!foo).*$", "bar"))
        #expect(try !matches("^(?!foo).*$", "foobar"))
        #expect(try matches("(?<=\\$)\\d+", "cost $42"))
        #expect(try !matches("(?<!\\$)\\b\\d+", "$42"))
        #expect(try matches("\\bcat\\b", "a cat sat"))
        #expect(try !matches("\\bcat\\b", "concatenate"))
    }

    @Test func backreferences() throws {
        #expect(try matches("^(a+)b\\1$", "aabaa"))
        #expect(try !matches("^(a+)b\\1$", "aaba"))
        #expect(try matches("^(?<q>['\"]).*\\k<q>$", "'x'"))
        #expect(try !matches("^(?<q>['\"]).*\\k<q>$", "'x\""))
        #expect(try matches("^(a*)*b\\1$", "b"))
        #expect(try matches("^(a*)*b\\1$", "aaba"))
        #expect(try !matches("^(a*)*b\\1$", "aab"))
    }

    @Test func pathologicalPatternsStayLinear() throws {
        let input = String(repeating: "a", count: 5_000) + "!"
        #expect(try !matches("^(a+)+$", input))
        #expect(try !matches("^(a|aa)*$", input))
    }

    @Test func syntaxErrorsCarryOffsets() {
        func error(_ pattern: String) -> RegexSyntaxError? {
            do { _ = try ECMARegex(pattern); return nil } catch { return error }
        }
        #expect(error("^(abc]")?.message == "lone ']' (escape it as \\])")
        #expect(error("^(abc]")?.offset == 5)
        #expect(error("^(abc")?.message == "unterminated group")
        #expect(error("^(abc")?.offset == 1)
        #expect(error("[a-")?.message == "missing ']' for character class")
        #expect(error("*a")?.message == "nothing to repeat")
        #expect(error("a{3,2}")?.message == "numbers out of order in {} quantifier")
        #expect(error("\\p{Nope}") != nil)
        #expect(error("\\z") != nil)
        #expect(error("a)")?.message == "unmatched ')'")
        #expect(error("[z-a]") != nil)
        #expect(error("\\2(a)") != nil)
        #expect(error("(ab){100000}")?.message.hasPrefix("pattern too large") == true)
    }

    @Test func onePassPatternsAgreeWithTheMachine() throws {
        // Shapes the one-pass matcher takes.
        for pattern in ["^[A-Za-z0-9._-]+$", "^[A-Za-z_][A-Za-z0-9_]*$", "^[A-Z0-9]{4}$", "^[A-Za-z][A-Za-z0-9+.-]*:", "\\{\\{"] {
            #expect(try ECMARegex(pattern).compiled.linear != nil, "\(pattern)")
        }
        #expect(try matches("^[A-Za-z_][A-Za-z0-9_]*$", "a_1"))
        #expect(try !matches("^[A-Za-z_][A-Za-z0-9_]*$", "1a"))
        #expect(try !matches("^[A-Za-z_][A-Za-z0-9_]*$", ""))
        #expect(try !matches("^[A-Z0-9]{4}$", "ABCDE"))
        #expect(try !matches("^[A-Z0-9]{4}$", "ABC"))
        #expect(try matches("^[A-Za-z][A-Za-z0-9+.-]*:", "https://x"))
        #expect(try !matches("^[A-Za-z][A-Za-z0-9+.-]*:", "https//x"))
        #expect(try matches("\\{\\{", "é {{x}}"))
        #expect(try !matches("\\{\\{", "{x}{"))
        // Input other than ASCII goes to the machine.
        #expect(try matches("^[a-zé]+$", "aéb"))
        #expect(try !matches("^[a-z]+$", "aéb"))
        #expect(try matches("^[^x]+$", "é"))
        // Loops that may have to give back are left to the machine.
        #expect(try ECMARegex("^a*b*a$").compiled.linear == nil)
        #expect(try matches("^a*b*a$", "aa"))
        #expect(try ECMARegex("^[a-z]*[a-z0-9]$").compiled.linear == nil)
        #expect(try matches("^[a-z]*[a-z0-9]$", "ab"))
    }
}
