import Testing
import WidgetDiagnostics
import WidgetSupport
@testable import WidgetCompiler
import WidgetCLI
import WidgetcRuntimeCore

/// Integers fit in 64 bits signed (spec "Scalars"): a larger one is `integer-range` at its
/// position, with the value quoted and the accepted range, never silently a double.
@Suite struct IntegerRangeTests {
    func diagnostics(_ yaml: String) throws -> [Diagnostic] {
        Compilation().validate(bytes: Array(yaml.utf8), path: "w.yaml")
    }

    func widget(parameter: String, content: String = "{ a: b }") -> String {
        """
        kind: t.big
        displayName: Big
        description: x
        parameters:
          n: \(parameter)
        content: \(content)
        timeline: { once: true }
        """
    }

    @Test func aHugeIntegerLiteralIsAnError() throws {
        let found = try diagnostics(widget(parameter: "{ type: integer, max: 99999999999999999999 }"))
        #expect(found.map(\.code.name) == ["integer-range"], "\(found.map(\.message))")
        #expect(found.first?.location == SourceLocation(line: 5, column: 28))
        #expect(found.first?.pointer == "/parameters/n/max")
        let message = found.first?.message ?? ""
        #expect(message.contains("99999999999999999999"), "\(message)")
        #expect(message.contains("-9223372036854775808 to 9223372036854775807"), "\(message)")
    }

    @Test func hugeIntegersAnywhereAreErrors() throws {
        // In content, in hex, negative.
        for (value, column) in [("-99999999999999999999", 15), ("0x1FFFFFFFFFFFFFFFF", 15)] {
            let found = try diagnostics(widget(parameter: "{ type: string }", content: "{ a: \(value) }"))
            #expect(found.map(\.code.name) == ["integer-range"], "\(value): \(found.map(\.message))")
            #expect(found.first?.location == SourceLocation(line: 6, column: column))
        }
        // The largest and smallest 64-bit integers are fine; so is a float.
        let fine = try diagnostics(widget(
            parameter: "{ type: integer, min: -9223372036854775808, max: 9223372036854775807 }", content: "{ a: 1e30 }"))
        #expect(fine.isEmpty, "\(fine.map(\.message))")
    }

    @Test func aFloatBoundOfAnIntegerParameterMustFit() throws {
        let found = try diagnostics(widget(parameter: "{ type: integer, max: 1e23 }"))
        #expect(found.map(\.code.name) == ["integer-range"], "\(found.map(\.message))")
        #expect(found.first?.location == SourceLocation(line: 5, column: 28))
        #expect(found.first?.message.contains("1e23") == true)
        let fits = try diagnostics(widget(parameter: "{ type: integer, max: 1e3 }"))
        #expect(fits.isEmpty, "\(fits.map(\.message))")
    }

    @Test func aParameterValueThatDoesNotFitSaysSo() {
        let declaration = ParameterDeclaration(name: "n", title: "N", type: "integer", values: [], min: nil, max: nil, defaultValue: .int(1))
        guard case .failure(let problem) = ParameterValues.value("99999999999999999999", for: declaration) else {
            Issue.record("accepted")
            return
        }
        #expect(problem.message.contains("does not fit in a 64-bit integer"), "\(problem.message)")
        #expect(problem.message.contains("-9223372036854775808 to 9223372036854775807"), "\(problem.message)")
        guard case .failure(let other) = ParameterValues.value("twelve", for: declaration) else {
            Issue.record("'twelve' accepted")
            return
        }
        #expect(!other.message.contains("64-bit"))
    }
}
