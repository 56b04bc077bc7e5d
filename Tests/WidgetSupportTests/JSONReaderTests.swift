import Testing
import WidgetSupport

@Suite struct JSONReaderTests {
    @Test func readsValuesWithPositions() throws {
        let node = try JSONReader.parse("{\n  \"a\": [1, 2.5, \"x\"],\n  \"b\": {\"c\": null}\n}")
        #expect(node.json == ["a": [1, 2.5, "x"], "b": ["c": nil]])
        #expect(node.location(of: ["a", "1"]) == SourceLocation(line: 2, column: 12))
        #expect(node.location(of: ["b", "c"]) == SourceLocation(line: 3, column: 14))
        #expect(node.location(of: ["b"], preferKey: true) == SourceLocation(line: 3, column: 3))
    }

    @Test func refusesDuplicateKeysAndTrailingCommas() {
        var duplicate = SourceError(code: .jsonDuplicateKey, message: "duplicate key 'a' (first defined at line 1)", location: .init(line: 1, column: 10))
        duplicate.notes = [.init("first defined here", at: .init(line: 1, column: 2))]
        #expect(throws: duplicate) {
            try JSONReader.parse("{\"a\": 1, \"a\": 2}")
        }
        #expect(throws: SourceError.self) { try JSONReader.parse("[1, 2,]") }
    }

    /// The first of two equal keys is found by its text, not its length: `ab` before `ba`.
    @Test func aDuplicateKeyNotesTheFirstOfItsName() {
        do {
            _ = try JSONReader.parse("{\n  \"ab\": 1,\n  \"ba\": 2,\n  \"x\": {\"ba\": 0},\n  \"ba\": 3\n}")
            Issue.record("a duplicate key was accepted")
        } catch {
            #expect(error.code == .jsonDuplicateKey)
            #expect(error.message == "duplicate key 'ba' (first defined at line 3)")
            #expect(error.location == SourceLocation(line: 5, column: 3))
            #expect(error.notes == [.init("first defined here", at: SourceLocation(line: 3, column: 3))])
        }
    }

    /// Keys are compared one by one in an object's first 16 and through a set past them; both
    /// as `String ==` (canonically equivalent keys are duplicates), and each object apart.
    @Test func findsDuplicateKeysInSmallAndLargeObjects() throws {
        func object(_ keys: [String]) -> String { "{" + keys.map { "\"\($0)\": 0" }.joined(separator: ", ") + "}" }
        let many = (0..<40).map { "k\($0)" }
        _ = try JSONReader.parse(object(many))
        for (keys, duplicate) in [
            (["a", "b", "a"], "a"),
            (Array(many.prefix(15)) + ["k3"], "k3"),
            (Array(many.prefix(16)) + ["k3"], "k3"),
            (many + ["k39"], "k39"),
            (many + ["k0"], "k0"),
            (["caf\u{E9}", "x", "cafe\u{301}"], "cafe\u{301}"),
            (many + ["caf\u{E9}", "cafe\u{301}"], "cafe\u{301}"),
        ] {
            do {
                _ = try JSONReader.parse(object(keys))
                Issue.record("duplicate '\(duplicate)' accepted")
            } catch {
                #expect(error.code == .jsonDuplicateKey)
                #expect(error.message.hasPrefix("duplicate key '\(duplicate)'"))
            }
        }
        // A nested object's keys are its own; the outer object's are still compared after it.
        _ = try JSONReader.parse(#"{"a": {"a": 1, "b": {"a": 2}}, "b": 3}"#)
        #expect(throws: SourceError.self) { try JSONReader.parse(#"{"a": {"b": 1}, "b": 2, "a": 3}"#) }
    }

    @Test func boundsNesting() {
        let deep = String(repeating: "[", count: 200_000)
        #expect(throws: SourceError.self) { try JSONReader.parse(deep) }
    }

    @Test func decodesEscapesAndSurrogates() throws {
        #expect(try JSONReader.parse(#""a\u00e9\ud83d\ude00\n""#).json == "aé😀\n")
    }

    @Test func readsRunsBetweenEscapesAndPlacesStringErrors() throws {
        // Strings are read in runs (between escapes, and whole when there is none): the text and
        // each error's position are those of a byte-by-byte read.
        let long = String(repeating: "widget ", count: 300)
        #expect(try JSONReader.parse("[\"\(long)\", \"\(long)\\n\(long)\\t\", \"\\\"x\"]").json == [.string(long), .string(long + "\n" + long + "\t"), "\"x"])
        func failure(_ bytes: [UInt8]) -> SourceError? {
            do { _ = try JSONReader.parse(bytes: bytes) } catch { return error }
            return nil
        }
        let quote = UInt8(ascii: "\""), slash = UInt8(ascii: "\\"), n = UInt8(ascii: "n")
        #expect(failure([quote, 0x61, 0xFF, quote]) == SourceError(code: .jsonSyntax, message: "invalid UTF-8 in a string", location: .init(line: 1, column: 5)))
        #expect(failure([quote, slash, n, 0xFF, quote]) == SourceError(code: .jsonSyntax, message: "invalid UTF-8 in a string", location: .init(line: 1, column: 6)))
        #expect(failure([quote, 0x61, slash, n, 0x62, 0x01, quote]) == SourceError(code: .jsonSyntax, message: "control character in a string", location: .init(line: 1, column: 6)))
        #expect(failure([quote, 0x61, 0x01, quote]) == SourceError(code: .jsonSyntax, message: "control character in a string", location: .init(line: 1, column: 3)))
        #expect(failure([quote, 0x61, 0x62, slash, n, 0x63, 0x64]) == SourceError(code: .jsonSyntax, message: "unterminated string", location: .init(line: 1, column: 8)))
        #expect(failure([quote, 0x61, 0x62]) == SourceError(code: .jsonSyntax, message: "unterminated string", location: .init(line: 1, column: 4)))
    }

    @Test func writesJSONBack() throws {
        let v: JSONValue = ["s": "q\"\n", "n": 1.0, "i": 3, "a": [true, nil]]
        #expect(JSONWriter.string(v) == #"{"s":"q\"\n","n":1.0,"i":3,"a":[true,null]}"#)
        #expect(try JSONReader.parse(JSONWriter.string(v)).json == v)
    }

    @Test func numbersCompareByValue() {
        #expect(JSONValue.int(1) == JSONValue.double(1.0))
        #expect(JSONValue.double(1.0).typeName == "integer")
        #expect(JSONValue.double(1.5).typeName == "number")
    }
}

@Test func aJSONFileBeyondTheSizeBoundIsRefusedBeforeReading() {
    // Its offsets would not fit a document's 32-bit fields. The bytes after the first are
    // never read, so they are left as allocated (no gigabyte written).
    let count = SourceDocument.maxSourceBytes + 1
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        buffer[0] = UInt8(ascii: "[")
        initialized = count
    }
    #expect(throws: SourceError(
        code: .jsonTooLarge, message: "the file has \(count) bytes; a source file may have at most 1 GiB",
        location: .start)) { try JSONReader.parse(bytes: bytes) }
}
