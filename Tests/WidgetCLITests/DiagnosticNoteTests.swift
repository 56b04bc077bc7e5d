import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// A diagnostic's related places (notes): a duplicate key's first key, a duplicate kind's first
/// definition, in every format that can carry them.
@Suite struct DiagnosticNoteTests {
    static let duplicateKey = """
        kind: fixture.note
        displayName: A
        description: x
        displayName: B
        content: { title: hi }
        timeline: { hourly: true }

        """

    static func file(_ name: String, _ text: String) throws -> String {
        let dir = try temporaryDirectory().path
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func textShowsTheNoteLikeClang() throws {
        let path = try Self.file("dup.yaml", Self.duplicateKey)
        let (status, console) = runCLI(["validate", path])
        #expect(status == .inputErrors)
        #expect(console.stderr == """
            \(path):4:1: error: duplicate key 'displayName' (first defined at line 2) [yaml-duplicate-key]
            displayName: B
            ^
            \(path):2:1: note: first defined here
            displayName: A
            ^
            1 file, 1 error, 0 warnings

            """)
    }

    /// A `.json` widget with a key twice: the same note as YAML's, at the first key.
    @Test func aJSONFilesDuplicateKeyNotesTheFirst() throws {
        let path = try Self.file("dup.json", """
            {
              "kind": "fixture.note",
              "displayName": "A",
              "displayName": "B"
            }

            """)
        let (status, console) = runCLI(["validate", path])
        #expect(status == .inputErrors)
        #expect(console.stderr == """
            \(path):4:3: error: duplicate key 'displayName' (first defined at line 3) [json-duplicate-key]
              "displayName": "B"
              ^
            \(path):3:3: note: first defined here
              "displayName": "A",
              ^
            1 file, 1 error, 0 warnings

            """)
    }

    @Test func jsonCarriesNotesOnlyWhereThereAreSome() throws {
        let path = try Self.file("dup.yaml", Self.duplicateKey)
        let (_, console) = runCLI(["validate", "--format", "json", path])
        let diagnostics = try #require(JSONReader.parse(console.stdout).json["diagnostics"]?.array)
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0]["notes"] == .array([
            .object(JSONObject([("file", .string(path)), ("line", .int(2)), ("column", .int(1)), ("message", "first defined here")])),
        ]))
        let clean = try Self.file("range.yaml", CIFormatTests.rangeError)
        let (_, other) = runCLI(["validate", "--format", "json", clean])
        let one = try #require(JSONReader.parse(other.stdout).json["diagnostics"]?.array?.first)
        #expect(one["notes"] == Optional<JSONValue>.none)
    }

    @Test func sarifCarriesRelatedLocations() throws {
        let path = try Self.file("dup.yaml", Self.duplicateKey)
        let (_, console) = runCLI(["validate", "--format", "sarif", path])
        let run = try #require(JSONReader.parse(console.stdout).json["runs"]?.array?.first)
        let result = try #require(run["results"]?.array?.first)
        let related = try #require(result["relatedLocations"]?.array)
        #expect(related.count == 1)
        #expect(related[0]["message"]?["text"] == "first defined here")
        #expect(related[0]["physicalLocation"]?["region"] == .object(JSONObject([("startLine", .int(2)), ("startColumn", .int(1))])))
        #expect(related[0]["physicalLocation"]?["artifactLocation"]?["uri"] == .string(SARIFLog.uri(path)))
    }

    /// A kind defined again in another file: the note names the first file's place; its line is
    /// not shown (that file is not read again).
    @Test func duplicateKindNotesTheFirstDefinition() throws {
        let dir = try temporaryDirectory().path
        let widget = "kind: fixture.same\ndisplayName: A\ndescription: x\ncontent: { title: hi }\ntimeline: { hourly: true }\n"
        try widget.write(toFile: dir + "/a.yaml", atomically: true, encoding: .utf8)
        try widget.write(toFile: dir + "/b.yaml", atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["validate", dir + "/a.yaml", dir + "/b.yaml"])
        #expect(status == .inputErrors)
        #expect(console.stderr == """
            \(dir)/b.yaml:1:7: error: kind 'fixture.same' is already defined at \(dir)/a.yaml:1:7; kinds must be unique [duplicate-kind]
            kind: fixture.same
                  ^
            \(dir)/a.yaml:1:7: note: first defined here
            2 files, 1 error, 0 warnings

            """)
    }

    /// Two files of one bundle with one kind: the note points at the manifest entry listing the first.
    @Test func aBundlesDuplicateKindNotesTheEntryListingTheOther() throws {
        let dir = try temporaryDirectory().path
        let widget = "kind: fixture.same\ndisplayName: A\ndescription: x\ncontent: { title: hi }\ntimeline: { hourly: true }\n"
        try widget.write(toFile: dir + "/a.yaml", atomically: true, encoding: .utf8)
        try widget.write(toFile: dir + "/b.yaml", atomically: true, encoding: .utf8)
        let app = dir + "/app.yaml"
        try "app: com.example.notes\ndisplayName: Notes\nwidgets:\n  - a.yaml\n  - b.yaml\n".write(toFile: app, atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["validate", "--format", "json", app])
        #expect(status == .inputErrors)
        let diagnostics = try #require(JSONReader.parse(console.stdout).json["diagnostics"]?.array)
        let duplicate = try #require(diagnostics.first { $0["code"] == "duplicate-kind" })
        #expect(duplicate["line"] == .int(5))
        #expect(duplicate["notes"] == .array([
            .object(JSONObject([("file", .string(app)), ("line", .int(4)), ("column", .int(5)), ("message", "'a.yaml' is listed here")])),
        ]))
    }
}
