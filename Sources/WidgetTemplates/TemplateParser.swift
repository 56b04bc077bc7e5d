/// Compiles template text into flat ops and references (the scanner's sink).
///
/// Text stays in the source as byte ranges; the allocations are the two result
/// arrays (sized once, from the count of `{{`) and each reference's name and components.
struct TemplateParser: TemplateSink {
    private var ops: [TemplateOp] = []
    private var references: [TemplateReference] = []
    private var cursor = TemplateCursor()
    private var loneTag = false
    private var literalBytes = 0

    struct Result {
        let ops: [TemplateOp]
        let references: [TemplateReference]
        let isLoneTag: Bool
        let literalBytes: Int
        let tagCount: Int
    }

    static func parse(_ source: String) throws(TemplateError) -> Result {
        var text = source  // a native string is already contiguous: no copy
        let outcome = text.withUTF8 { bytes -> Swift.Result<Result, TemplateError> in
            var parser = TemplateParser()
            // At most one reference per `{{`, and a text op on each side of a tag.
            let openings = countOpenings(bytes)
            if openings > 0 {
                parser.ops.reserveCapacity(2 * openings + 1)
                parser.references.reserveCapacity(openings)
            }
            return TemplateScanner.with(bytes, parser) { scanner in
                do throws(TemplateError) {
                    try scanner.run()
                } catch {
                    return .failure(error)
                }
                let built = scanner.sink
                return .success(
                    Result(
                        ops: built.ops, references: built.references, isLoneTag: built.loneTag,
                        literalBytes: built.literalBytes, tagCount: scanner.tagCount))
            }
        }
        return try outcome.get()
    }

    /// How many `{{` the text holds (overlapping ones too): a bound on its tags.
    private static func countOpenings(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var n = 0
        var previous: UInt8 = 0
        for b in bytes {
            if b == UInt8(ascii: "{"), previous == b { n += 1 }
            previous = b
        }
        return n
    }

    mutating func text(from start: Int, to end: Int) {
        literalBytes += end - start
        ops.append(TemplateOp(kind: .text, operand: start, end: end))
    }

    mutating func tag(
        _ kind: TemplateReference.Kind, _ name: NameSpan, isLone: Bool, bytes: UnsafeBufferPointer<UInt8>,
        open: UnsafeBufferPointer<OpenSection>
    ) -> Int {
        if isLone { loneTag = true }
        let opIndex = ops.count
        let opKind: TemplateOp.Kind
        switch kind {
        case .variable: opKind = .variable
        case .section: opKind = .section
        case .invertedSection: opKind = .invertedSection
        }
        ops.append(TemplateOp(kind: opKind, operand: references.count, end: 0))
        let at = cursor.advance(to: name.start, in: bytes)
        var sections: [TemplateReference.EnclosingSection] = []
        if !open.isEmpty {
            sections.reserveCapacity(open.count)
            for section in open {
                sections.append(.init(name: references[ops[section.sinkIndex].operand].name, isInverted: section.inverted))
            }
        }
        var length = 0
        for i in name.start..<name.end where bytes[i] & 0xC0 != 0x80 { length += 1 }
        references.append(
            TemplateReference(
                name: name.text(in: bytes), components: name.components(in: bytes), kind: kind,
                offset: at.offset, line: at.line, column: at.column, length: length, sections: sections))
        return opIndex
    }

    mutating func close(_ section: OpenSection) {
        let opened = ops[section.sinkIndex]
        ops[section.sinkIndex] = TemplateOp(kind: opened.kind, operand: opened.operand, end: ops.count)
    }
}
