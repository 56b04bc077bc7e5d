/// What expressions may name: variables with their types, and functions.
package struct CELEnvironment: Sendable {
    /// Variables by name; a name may be qualified (`com.example.x`), and is then found from
    /// a selection `com.example.x` in an expression.
    package var variables: [String: CELType]
    package var functions: CELFunctionTable
    package var parserOptions: CELParser.Options
    /// The budget every evaluation gets.
    package var limits: CELLimits

    package init(variables: [String: CELType] = [:], functions: CELFunctionTable = .standard, parserOptions: CELParser.Options = .init(), limits: CELLimits = .init()) {
        self.variables = variables
        self.functions = functions
        self.parserOptions = parserOptions
        self.limits = limits
    }

    /// Type names that are values (`int`, `google.protobuf.Timestamp`).
    static let typeDenotations: [String: CELType] = [
        "int": .int, "uint": .uint, "double": .double, "bool": .bool, "string": .string, "bytes": .bytes,
        "null_type": .null, "list": .list(.dyn), "map": .map(.dyn, .dyn), "type": .type(nil),
        "google.protobuf.Timestamp": .timestamp, "google.protobuf.Duration": .duration,
    ]

    static func typeValueName(_ t: CELType) -> String {
        switch t {
        case .list: "list"
        case .map: "map"
        case .type: "type"
        default: t.description
        }
    }
}

/// Bounds on one evaluation, so that an expression over large or hostile data ends quickly
/// with an error instead of running away.
package struct CELLimits: Sendable, Hashable {
    /// Iterations of one comprehension (one `all`, `map`, `filter`, … over one list or map).
    package var comprehensionIterations = 10_000
    /// Iterations of all comprehensions of one evaluation together (nested loops multiply).
    package var totalIterations = 100_000
    package init() {}
}
