import ECMARegexEngine
import Foundation
import Testing
import WidgetSupport

@testable import JSONSchema

/// Timing harness, not a test of speed: runs only with SCHEMA_BENCH=1 and prints figures.
///     SCHEMA_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter Benchmark
@Suite("Benchmark", .enabled(if: ProcessInfo.processInfo.environment["SCHEMA_BENCH"] != nil))
struct BenchmarkTests {
    /// Median time per call, in microseconds, of `body` run `iterations` times, over 5 rounds.
    static func measure(_ iterations: Int, _ body: () -> Bool) -> Double {
        var rounds: [Double] = []
        var sink = 0
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<iterations where body() { sink &+= 1 }
            rounds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000 / Double(iterations))
        }
        if sink == -1 { print(sink) }
        return rounds.sorted()[2]
    }

    static func report(_ label: String, _ micros: Double) {
        print("  " + label.padding(toLength: 60, withPad: " ", startingAt: 0) + String(format: "%9.2f µs", micros))
    }

    @Test func widgetDocument() throws {
        let schemaJSON = try JSONReader.parse(SampleWidgetSchema.text).json
        let document = try JSONReader.parse(SampleWidgetSchema.document).json
        let bytes = SampleWidgetSchema.document.utf8.count
        var schema: Schema? = nil
        let compile = Self.measure(200) {
            schema = try? Schema(schemaJSON, uri: SampleWidgetSchema.uri)
            return schema != nil
        }
        let compiled = try #require(schema)
        let bad = FailureReportTests.edited(["timeline", "policy"], ["after": "soon", "extra": 1])
        #expect(compiled.validate(bad).count == 1)
        let typo = FailureReportTests.edited(["timline"], 1)
        let lines = SampleWidgetSchema.text.split(separator: "\n").count
        print("JSONSchema timings (sample widget schema: \(lines) lines; document: \(bytes) bytes):")
        Self.report("compile the schema", compile)
        Self.report("isValid(valid document)", Self.measure(20_000) { compiled.isValid(document) })
        Self.report("validate(valid document) -> []", Self.measure(20_000) { compiled.validate(document).isEmpty })
        Self.report("isValid(document with a bad policy)", Self.measure(20_000) { compiled.isValid(bad) })
        Self.report("validate(document with a bad policy) -> 1 failure + nested", Self.measure(20_000) { compiled.validate(bad).count == 1 })
        Self.report("validate(document with a misspelled key) -> 1 failure", Self.measure(20_000) { compiled.validate(typo).count == 1 })
        Self.report("reporting pass alone on the valid document", Self.measure(20_000) { compiled.reportFailures(document).isEmpty })
        let meta = try Schema(uri: SchemaRegistry.draft202012)
        Self.report("meta-schema validate(the sample schema)", Self.measure(2_000) { meta.validate(schemaJSON).isEmpty })
        let regex = try ECMARegex("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2})?(Z|[+-]\\d{2}:\\d{2})$")
        Self.report("regex: instant pattern on an instant", Self.measure(100_000) { regex.matches("2026-11-29T18:00:00-05:00") })
        let words = try ECMARegex("^[A-Za-z0-9._-]+$")
        Self.report("regex: kind pattern on a kind", Self.measure(100_000) { words.matches("com.mygame.character-detail") })
    }
}
