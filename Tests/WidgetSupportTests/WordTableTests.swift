import Testing
import WidgetSupport

/// Fixed words are told apart by bytes, with `String ==`'s answers.
@Suite struct WordTableTests {
    let table = WordTable(["data", "Kind", "timeline", "accessibilityLabel", "accessibilityHint", "a", "dat"])

    @Test func findsEachWordAndOnlyIt() {
        for (k, word) in table.words.enumerated() {
            #expect(table.index(of: word.description) == k)
        }
        #expect(table.index(of: "timelines") == nil)
        #expect(table.index(of: "timelin") == nil)
        #expect(table.index(of: "Data") == nil)
        #expect(table.index(of: "") == nil)
        #expect(table.index(of: "da") == nil)
    }

    @Test func comparesPastTheFirstEightBytes() {
        // These share their first eight bytes (and more): the rest tells them apart.
        #expect(table.index(of: "accessibilityLabel") == 3)
        #expect(table.index(of: "accessibilityHint") == 4)
        #expect(table.index(of: "accessibilityLabex") == nil)
        #expect(table.index(of: "accessibilityLabels") == nil)
        #expect(table.index(of: "accessib") == nil)
    }

    @Test func answersAsStringEqualityDoes() {
        // The Kelvin sign is canonically equivalent to K: `==` says equal, and so does the lookup.
        #expect("\u{212A}ind" == "Kind")
        #expect(table.index(of: "\u{212A}ind") == 1)
        #expect(table.index(of: "dät") == nil)
        #expect(table.index(of: "d\u{0061}\u{0308}t") == nil)
        // A long string (stored out of line) reads the same way as a short one.
        let long = String(repeating: "x", count: 40)
        #expect(table.index(of: long) == nil)
        #expect(table.index(of: String("accessibilityLabel".reversed().reversed())) == 3)
    }

    @Test func matchesBytes() {
        let bytes = Array("timeline".utf8)
        #expect(bytes.withUnsafeBufferPointer { table.index(of: $0) } == 2)
        let other = Array("timeline!".utf8)
        #expect(other.withUnsafeBufferPointer { table.index(of: $0) } == nil)
        #expect([UInt8]().withUnsafeBufferPointer { table.index(of: $0) } == nil)
    }

    @Test func everyByteOfEveryLengthCounts() {
        // Words of 1 to 12 bytes; changing any one byte of any of them finds nothing.
        let words: [StaticString] = [
            "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghij",
            "abcdefghijk", "abcdefghijkl",
        ]
        let table = WordTable(words)
        for (k, word) in words.enumerated() {
            let bytes = Array(word.description.utf8)
            #expect(bytes.withUnsafeBufferPointer { table.index(of: $0) } == k)
            for i in bytes.indices {
                var changed = bytes
                changed[i] = UInt8(ascii: "z")
                #expect(changed.withUnsafeBufferPointer { table.index(of: $0) } == nil, "\(word) with byte \(i) changed")
            }
        }
    }

    @Test func textBytesAnswerAsStrings() {
        // The text of a key read in place: the same answers as `index(of: String)`.
        for text in ["timeline", "\u{212A}ind", "Kind", "kind", "dät", "d\u{0061}\u{0308}t", "", "accessibilityHint", "\u{212A}"] {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer { table.index(ofText: $0) } == table.index(of: text), "\(text)")
        }
        #expect(Array("\u{212A}ind".utf8).withUnsafeBufferPointer { table.index(ofText: $0) } == 1)
    }
}
