/// A parsed CEL expression: a tree of nodes, each with a dense id (for the checker's tables)
/// and the offset, in Unicode scalars, where it was written (for messages).
package struct CELExpr: Sendable {
    package var id: Int
    /// Offset in Unicode scalars from the start of the expression's text.
    package var offset: Int
    package var kind: Kind

    package indirect enum Kind: Sendable {
        case literal(CELValue)
        /// A name; `.name` (from the root) keeps its leading dot.
        case ident(String)
        /// `operand.field`; `test` for `has(operand.field)`.
        case select(CELExpr, String, test: Bool)
        /// A function or operator call (`_+_`, `_[_]`, `_?_:_`, `size`, `x.startsWith(y)`).
        case call(String, target: CELExpr?, args: [CELExpr])
        case list([CELExpr])
        case map([(key: CELExpr, value: CELExpr)])
        /// A macro's loop (`all`, `exists`, `map`, `filter`, …), evaluated natively.
        case comprehension(CELComprehension)
    }
}

/// The loop of a macro: `range.KIND(var, [var2,] args…)`.
package struct CELComprehension: Sendable {
    package enum Kind: String, Sendable {
        case all, exists, existsOne, map, filter, transformList, transformMap, transformMapEntry, bind, sortBy
    }

    package var kind: Kind
    package var range: CELExpr
    /// The loop variable (for two-variable forms, the index or key).
    package var variable: String
    /// The second loop variable (the element or value), in two-variable forms.
    package var variable2: String?
    /// The macro's other arguments: the predicate and/or transform (`map(x, p, t)`: p, t),
    /// `bind`'s body, `sortBy`'s key.
    package var args: [CELExpr]
}

/// An error in an expression, at an offset in Unicode scalars (nil when it has no place).
package struct CELError: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String
    package var offset: Int?

    package init(_ message: String, at offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }

    package var description: String { message }
}

/// Line and column (1-based, in Unicode scalars) of an offset in an expression's text.
package func celLineColumn(of offset: Int, in text: String) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    var k = 0
    for scalar in text.unicodeScalars {
        if k == offset { break }
        if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        k += 1
    }
    return (line, column)
}
