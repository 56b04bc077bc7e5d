import Testing
import WidgetSupport
@testable import WidgetcRuntimeCore

/// printf-style catalog keys filled as Foundation's `String(format:)` fills them
/// (docs/localization.md "Keys with arguments").
@Suite struct FormatStringTests {
    func format(_ text: String, _ args: [JSONValue]) -> String { FormatString(text).format(args) }

    @Test func specifiersAreFilledInOrderAndByPosition() {
        #expect(format("Followers %lld", [.int(12)]) == "Followers 12")
        #expect(format("%d of %d", [.int(1), .int(3)]) == "1 of 3")
        #expect(format("Version %@", [.string("2.1")]) == "Version 2.1")
        #expect(format("%2$@, %1$@", [.string("first"), .string("second")]) == "second, first")
        #expect(format("%1$@ and %1$@", [.string("x")]) == "x and x")
        #expect(format("%.1f km", [.double(2.25)]) == "2.2 km")   // printf rounds half to even on the binary value
        #expect(format("%.1f km", [.int(3)]) == "3.0 km")
        #expect(format("%05.2f", [.double(3.14159)]) == "03.14")
        #expect(format("%lld", [.double(2.9)]) == "2")   // an integer specifier truncates, as a cast does
        #expect(format("%lld", [.string("41")]) == "41")
        #expect(format("%x", [.int(255)]) == "ff")
        #expect(format("%5@|%-5@|", [.string("ab"), .string("cd")]) == "   ab|cd   |")
        #expect(format("%@", [.null]) == "(null)")
        #expect(format("%@ %@", [.bool(true), .int(3)]) == "true 3")
    }

    @Test func percentSignsAndTextThatIsNoSpecifier() {
        #expect(format("100%% done", []) == "100% done")
        #expect(format("50%", []) == "50%")
        #expect(format("%y and %", []) == "%y and %")
        #expect(FormatString("100%% done").specifiers.isEmpty)
    }

    @Test func argumentCountAndKinds() {
        #expect(FormatString("%1$@ of %2$@").argumentCount == 2)
        #expect(FormatString("%2$@").argumentCount == 2)
        #expect(FormatString("%@ %lld %#@items@").argumentCount == 3)
        #expect(FormatString("no specifier").argumentCount == 0)
        let specs = FormatString("%lld %.1f %@ %#@items@ % d").specifiers
        #expect(specs.map(\.isInteger) == [true, false, false, false, true])
        #expect(specs.map(\.isFloat) == [false, true, false, false, false])
        #expect(specs.map(\.isSubstitution) == [false, false, false, true, false])
        #expect(specs.map(\.isXcodeStyle) == [true, true, true, true, false])
        #expect(specs[3].substitution == "items")
        // A positional substitution, as Xcode writes one for the second argument.
        let positional = FormatString("Splitter at %1$@ has %2$#@children@").specifiers
        #expect(positional.map(\.argument) == [0, 1] && positional[1].substitution == "children")
    }

    @Test func aMissingArgumentFillsNothing() {
        #expect(format("%@ and %@", [.string("one")]) == "one and ")
    }

    /// The field of `{ key, args }`: plural variations by the argument, substitutions by theirs.
    @Test func pluralVariationsAndSubstitutionsChooseByTheirArgument() {
        let english = PluralRules(locale: "en"), russian = PluralRules(locale: "ru")
        let plural = FormattedField(
            key: "%lld notes", arguments: [],
            translation: (.plural([.one: "%lld заметка", .few: "%lld заметки", .many: "%lld заметок", .other: "%lld заметки"]), russian))
        #expect([1, 2, 5, 21].map { plural.text([.int($0)]) } == ["1 заметка", "2 заметки", "5 заметок", "21 заметка"])
        let followers = PlanStrings.Substitution(argument: 2, specifier: "lld", forms: [.one: "%arg follower", .other: "%arg followers"])
        let substituted = FormattedField(
            key: "%@ has %lld followers", arguments: [],
            translation: (.formatted(.text("%1$@ has %#@followers@"), ["followers": followers]), english))
        #expect(substituted.text([.string("Ann"), .int(1)]) == "Ann has 1 follower")
        #expect(substituted.text([.string("Ann"), .int(7)]) == "Ann has 7 followers")
        // No translation: the key is the format.
        let source = FormattedField(key: "%@ has %lld followers", arguments: [], translation: nil)
        #expect(source.text([.string("Ann"), .int(7)]) == "Ann has 7 followers")
    }
}
