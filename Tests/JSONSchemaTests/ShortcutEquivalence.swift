import Testing
import WidgetSupport

@testable import JSONSchema

/// The quiet shortcuts (member tests, type conditionals) must change nothing but the work done.
/// Each suite builds a schema twice: `fast`, where the shortcut applies, and `plain`, the same
/// schema with the shortcut defeated (a `minProperties: 0` beside the test, which changes no
/// answer). These compare the two as the full evaluation sees them.
enum ShortcutEquivalence {
    /// Quiet answer and steps of the root schema on `text`.
    static func quietRun(_ schema: Schema, _ text: String) throws -> (valid: Bool, steps: Int) {
        let document = try JSONReader.parse(text)
        var evaluator = Evaluator(graph: schema.graph, document: document.document, report: false)
        var marks = IndexMarks()
        let valid = evaluator.evaluate(schema.graph.root, evaluator.doc.nodes + Int(document.index), &marks, collect: false)
        return (valid, evaluator.steps)
    }

    static func report(_ schema: Schema, _ text: String) throws -> [String] {
        try schema.validate(JSONReader.parse(text)).map { "\($0.instancePointer) \($0.schemaPointer) \($0.message)" }
    }

    /// The same answer, the same steps and the same failures on every text.
    static func expectSameEvaluation(
        _ fast: Schema, _ plain: Schema, on texts: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        for text in texts {
            let a = try quietRun(fast, text), b = try quietRun(plain, text)
            #expect(a.valid == b.valid, "\(text)", sourceLocation: sourceLocation)
            #expect(a.steps == b.steps, "\(text)", sourceLocation: sourceLocation)
            #expect(try report(fast, text) == report(plain, text), "\(text)", sourceLocation: sourceLocation)
        }
    }

    /// Near the step budget the full evaluation decides: every budget from `below` steps under
    /// what `plain` needs on `text` to two over it gives the same verdict. Returns that need.
    @discardableResult
    static func expectSameVerdictsNearTheBudget(
        _ fast: Schema, _ plain: Schema, on text: String, below: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> Int {
        let document = try JSONReader.parse(text)
        let needed = try quietRun(plain, text).steps
        for budget in max(0, needed - below)...(needed + 2) {
            #expect(
                fast.isValid(document, stepBudget: budget) == plain.isValid(document, stepBudget: budget), "\(text) \(budget)",
                sourceLocation: sourceLocation)
        }
        return needed
    }
}
