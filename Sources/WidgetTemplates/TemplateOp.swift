/// One step of a compiled template. Trivial (no references), so walking ops
/// costs no reference counting; names live in the template's references and
/// text stays in the source.
struct TemplateOp: Sendable {
    enum Kind: UInt8, Sendable {
        case text, variable, section, invertedSection
        /// A variable tag with a format (`{{name | time}}`): its reference says which.
        case formattedVariable
    }

    let kind: Kind
    /// For `.text`: the first byte of the text in the source's UTF-8.
    /// Otherwise: the index of the tag's name in the template's references.
    let operand: Int
    /// For `.text`: the byte after the text. For sections: the body is
    /// `ops[index + 1 ..< end]`.
    let end: Int
}
