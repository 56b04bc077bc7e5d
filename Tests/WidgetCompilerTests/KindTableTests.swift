import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetCompiler

/// Phase 2's compact state across files: kinds compare as `String` does, and a concluded file's
/// kinds come back as the file writes them.
@Suite struct KindTableTests {
    @Test func aKindDefinedAgainIsFoundWithItsFirstDefinition() {
        var table = KindTable()
        // Past the first sizes of the slots: the table grows and keeps every entry.
        for i in 0..<1000 {
            let defined = table.define("com.example.k\(i)", file: "f\(i / 3).yaml", at: SourceLocation(line: i + 1, column: 7))
            #expect(defined.entry == i && defined.first == nil)
        }
        for i in stride(from: 999, through: 0, by: -7) {
            let defined = table.define("com.example.k\(i)", file: "other.yaml", at: .start)
            #expect(defined.entry == i)
            #expect(defined.first?.file == "f\(i / 3).yaml")
            #expect(defined.first?.location == SourceLocation(line: i + 1, column: 7))
            #expect(table.name(i) == "com.example.k\(i)")
        }
    }

    /// Canonically equivalent kinds are one kind, as `String ==` says ("K" and U+212A KELVIN SIGN),
    /// though their bytes differ.
    @Test func kindsCompareAsStrings() {
        var table = KindTable()
        let first = table.define("fixture.K", file: "a.yaml", at: .start)
        let kelvin = table.define("fixture.\u{212A}", file: "b.yaml", at: .start)
        #expect(first.first == nil)
        #expect(kelvin.entry == first.entry && kelvin.first?.file == "a.yaml")
        #expect(!table.spells(first.entry, "fixture.\u{212A}"))
        #expect(table.spells(first.entry, "fixture.K"))
        let accent = table.define("fixture.e\u{301}", file: "c.yaml", at: .start)
        #expect(table.define("fixture.\u{E9}", file: "d.yaml", at: .start).entry == accent.entry)
        #expect(table.name(accent.entry) == "fixture.e\u{301}" && table.name(accent.entry).utf8.count == 11)
    }

    /// A manifest after its bundle's files: their kinds come from the concluded files, each as the
    /// file writes it (b.yaml's is a duplicate of a.yaml's, written otherwise).
    @Test func aBundleAfterItsFilesCountsTheirKindsAsWritten() throws {
        let dir = try temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let widget = { (kind: String) in "kind: \(kind)\ndisplayName: A\ndescription: x\ncontent: { title: hi }\ntimeline: { hourly: true }\n" }
        try widget("fixture.K").write(toFile: dir + "/a.yaml", atomically: true, encoding: .utf8)
        try widget("fixture.\u{212A}").write(toFile: dir + "/b.yaml", atomically: true, encoding: .utf8)
        try "app: com.example.notes\ndisplayName: Notes\nwidgets:\n  - a.yaml\n  - b.yaml\n".write(
            toFile: dir + "/z.yaml", atomically: true, encoding: .utf8)
        var messages: [String] = []
        try Compilation().compile([dir + "/a.yaml", dir + "/b.yaml", dir + "/z.yaml"]) { file in
            let name = file.path.split(separator: "/").last!
            messages += file.diagnostics.filter { $0.code == .duplicateKind }.map { "\(name) \($0.code.name): \($0.message)" }
        }
        // Compared byte for byte: `==` would take "K" for U+212A.
        #expect(messages.map { Array($0.utf8) } == [
            "b.yaml duplicate-kind: kind 'fixture.\u{212A}' is already defined at \(dir)/a.yaml:1:7; kinds must be unique",
            "z.yaml duplicate-kind: kind 'fixture.\u{212A}' of 'b.yaml' is also the kind of 'a.yaml'; a bundle's kinds must be unique",
        ].map { Array($0.utf8) })
    }

    /// A manifest names a given file by a path `==` takes for the given one (U+212A for K): it is
    /// that file, examined once, though given files in byte order are found by a binary search.
    @Test func aBundleEntryIsAGivenPathAsStringsCompare() throws {
        let dir = try temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "kind: fixture.k\ndisplayName: A\ndescription: x\ncontent: { title: hi }\ntimeline: { hourly: true }\n".write(
            toFile: dir + "/K.yaml", atomically: true, encoding: .utf8)
        try "app: com.example.notes\ndisplayName: Notes\nwidgets:\n  - \u{212A}.yaml\n".write(
            toFile: dir + "/app.yaml", atomically: true, encoding: .utf8)
        let counting = CountingReader()
        var codes: [String] = []
        try Compilation(reader: counting.reader).compile(SourcePaths([dir + "/K.yaml", dir + "/app.yaml"])) { file in
            codes += file.diagnostics.map(\.code.name)
        }
        #expect(codes.isEmpty)
        #expect(counting.all.values.reduce(0, +) == 2)
    }
}
