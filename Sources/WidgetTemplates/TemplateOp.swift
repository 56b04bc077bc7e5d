/// One step of a compiled template. Trivial (no references), so walking ops
/// costs no reference counting; texts and names live in side tables.
struct TemplateOp: Sendable {
    enum Kind: UInt8, Sendable { case text, variable, section, invertedSection }

    let kind: Kind
    /// Index into the program's texts (for `.text`) or paths (otherwise).
    let operand: Int
    /// For sections: the body is `ops[index + 1 ..< bodyEnd]`.
    let bodyEnd: Int
}

/// A compiled template's ops and the tables they index.
struct TemplateProgram: Sendable {
    var ops: [TemplateOp] = []
    var texts: [String] = []
    var paths: [TemplatePath] = []
}
