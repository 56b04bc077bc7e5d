import Testing
@testable import WidgetTemplates

/// The scanner's shortcuts must answer what the general code answers.
@Suite struct ScannerTests {
    /// The name characters as the scanner first spelled them (a switch on ranges).
    func isNameByteAsSwitch(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
             UInt8(ascii: "@"), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
    }

    @Test func nameBytesAreTheSwitchsBytes() {
        for b in UInt8.min...UInt8.max {
            #expect(TemplateScanner.isNameByte(b) == isNameByteAsSwitch(b), "byte \(b)")
        }
    }

    func same(_ a: NameSpan, _ b: NameSpan) -> Bool {
        guard a.start == b.start, a.end == b.end else { return false }
        switch (a.form, b.form) {
        case (.implicitIterator, .implicitIterator), (.unicode, .unicode): return true
        case (.ascii(let d1, let f1, let s1), .ascii(let d2, let f2, let s2)): return d1 == d2 && f1 == f2 && s1 == s2
        default: return false
        }
    }

    /// At every `{{`, a tag `quickTag` reads is the tag `scanTag` reads, with the name `checkedName`
    /// checks. Returns how many tags the quick path read (and so were compared).
    @discardableResult
    func expectQuickTagsAgree(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Int {
        var compared = 0
        var text = source
        text.withUTF8 { bytes in
            TemplateScanner.with(bytes) { scanner in
                for start in bytes.indices.dropLast() where bytes[start] == UInt8(ascii: "{") && bytes[start + 1] == UInt8(ascii: "{") {
                    guard let quick = TemplateScanner.quickTag(at: start, in: bytes) else { continue }
                    compared += 1
                    do throws(TemplateError) {
                        let tag = try scanner.scanTag(at: start)
                        let name = try scanner.checkedName(of: tag)
                        #expect(
                            quick.kind == tag.kind && quick.start == tag.start && quick.end == tag.end
                                && quick.nameStart == tag.nameStart && quick.nameEnd == tag.nameEnd,
                            "\(source.debugDescription) at \(start)", sourceLocation: sourceLocation)
                        #expect(quick.checked.map { same($0, name) } == true, "\(source.debugDescription) at \(start)", sourceLocation: sourceLocation)
                    } catch {
                        Issue.record("\(source.debugDescription) at \(start): \(error.message)", sourceLocation: sourceLocation)
                    }
                }
            }
        }
        return compared
    }

    @Test func quickTagsAreScannedTags() {
        for source in [
            "{{a}}", "{{#a.b}}{{/a.b}}", "{{^x}}", "{{a.b.c.d}}", "{{ a }}", "{{a }}", "{{a}", "{{a}}}", "{{{a}}}", "{{&a}}",
            "{{!a}}", "{{.}}", "{{a.}}", "{{.a}}", "{{a..b}}", "{{}}", "{{#}}", "{{é}}", "{{a-b_c@d:e}}", "{{#a}", "{{/}}",
        ] {
            expectQuickTagsAgree(source)
        }
        // The plain tags take the quick path (so they were compared): five tags in four sources.
        let plain = ["{{a}}", "{{#a.b}}{{/a.b}}", "{{^x}}", "{{a.b.c.d}}"].map { expectQuickTagsAgree($0) }
        #expect(plain == [1, 2, 1, 1])
        let pieces = ["{{", "}}", "{", "}", "#", "^", "/", "!", "&", "a", "Zz9", ".", " ", "\t", "é", "x.y", "{{{", "}}}", "-", "@", ":", "\0", "\u{7F}"]
        var compared = 0
        for source in tagSoup(pieces, seed: 0x9E37_79B9_7F4A_7C15, count: 5000, maxPieces: 12) {
            compared += expectQuickTagsAgree(source)
        }
        #expect(compared >= 50, "the soup gave the quick path \(compared) tags")
    }
}
