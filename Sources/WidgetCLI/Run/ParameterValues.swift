import WidgetCompiler
import WidgetSupport
import WidgetTime
import WidgetcRuntimeCore

/// `--param NAME=VALUE` checked against a widget's declarations.
package enum ParameterValues {
    /// One `NAME=VALUE` assignment, split.
    package static func split(_ assignment: String) -> (name: String, value: String)? {
        guard let eq = assignment.firstIndex(of: "="), eq != assignment.startIndex else { return nil }
        return (String(assignment[..<eq]), String(assignment[assignment.index(after: eq)...]))
    }

    /// Every `--param`, split; one without `=` is the command line's mistake.
    static func assignments(_ given: [String]) throws(UsageError) -> [(name: String, value: String)] {
        var assignments: [(name: String, value: String)] = []
        for a in given {
            guard let pair = split(a) else { throw UsageError(message: "--param '\(a)' is not NAME=VALUE") }
            assignments.append(pair)
        }
        return assignments
    }

    /// The widget's parameter values: its defaults with the `--param` assignments it declares
    /// over them (assignments naming another widget's parameter are skipped).
    package static func values(for widget: CompiledWidget, _ assignments: [(name: String, value: String)]) throws(ParameterProblem) -> JSONObject {
        var parameters = widget.defaultParameters
        for (name, text) in assignments {
            guard let declaration = widget.parameters.first(where: { $0.name == name }) else { continue }
            parameters[name] = try value(text, for: declaration).get()
        }
        return parameters
    }

    /// The typed value of `text` for `declaration`, or why it is not acceptable.
    package static func value(_ text: String, for p: ParameterDeclaration) -> Result<JSONValue, ParameterProblem> {
        func fail(_ why: String) -> Result<JSONValue, ParameterProblem> {
            .failure(ParameterProblem(message: "--param \(p.name)=\(text): \(why)"))
        }
        func inRange(_ v: Double, shown: String) -> String? {
            if let min = p.min, v < min { return "\(shown) is below the minimum \(format(min, p.type))" }
            if let max = p.max, v > max { return "\(shown) is above the maximum \(format(max, p.type))" }
            return nil
        }
        switch p.type {
        case "integer":
            guard let i = Int(text) else {
                var bytes = text
                if bytes.withUTF8({ IntegerRange.isIntegerForm($0) }) {
                    return fail("\(text) does not fit in a 64-bit integer (\(IntegerRange.shown))")
                }
                return fail("'\(p.name)' is an integer parameter")
            }
            if let problem = inRange(Double(i), shown: text) { return fail(problem) }
            return .success(.int(i))
        case "number":
            guard let d = Double(text), d.isFinite else { return fail("'\(p.name)' is a number parameter") }
            if let problem = inRange(d, shown: text) { return fail(problem) }
            return .success(Int(exactly: d).map(JSONValue.int) ?? .double(d))
        case "boolean":
            guard text == "true" || text == "false" else { return fail("'\(p.name)' is a boolean parameter; use true or false") }
            return .success(.bool(text == "true"))
        case "enum":
            guard p.values.contains(text) else { return fail("'\(p.name)' must be one of: \(p.values.joined(separator: ", "))") }
            return .success(.string(text))
        case "entity":
            // The chosen record's id (ids, comma-separated, with `multiple`); resolved against the
            // options at each reload, where an id that is gone is warned (docs/entities.md).
            if p.entity?.multipleMax != nil {
                return .success(.array(text.split(separator: ",").map { .string(String($0)) }))
            }
            return .success(.string(text))
        case "duration":
            guard let s = try? DurationParser.parse(text) else { return fail("'\(p.name)' is a duration parameter, such as 15m") }
            if let problem = inRange(Double(s), shown: text) { return fail(problem) }
            return .success(.string(text))
        default:
            return .success(.string(text))
        }
    }

    private static func format(_ v: Double, _ type: String) -> String {
        if type == "duration" { return DurationFormatter.format(Int64(v)) }
        return Int(exactly: v).map(String.init) ?? String(v)
    }
}

/// A bad `--param`: the command line is wrong (exit 2).
package struct ParameterProblem: Error, Sendable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}
