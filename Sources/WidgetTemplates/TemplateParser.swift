/// Compiles template text into flat ops and references, driving the scanner.
///
/// Text stays in the source as byte ranges; the allocations are the two result
/// arrays (sized once, from the count of `{{`) and each reference's name and components.
struct TemplateParser {
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
        let outcome = withBytes(of: source) { bytes -> Swift.Result<Result, TemplateError> in
            var parser = TemplateParser()
            // At most one reference per `{{`, and a text op on each side of a tag.
            let openings = countOpenings(bytes)
            if openings > 0 {
                parser.ops.reserveCapacity(2 * openings + 1)
                parser.references.reserveCapacity(openings)
            }
            return TemplateScanner.with(bytes) { scanner in
                do throws(TemplateError) {
                    try parser.run(&scanner)
                } catch {
                    return .failure(error)
                }
                return .success(
                    Result(
                        ops: parser.ops, references: parser.references, isLoneTag: parser.loneTag,
                        literalBytes: parser.literalBytes, tagCount: scanner.tagCount))
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

    private mutating func run(_ scanner: inout TemplateScanner) throws(TemplateError) {
        while true {
            let (text, event) = try scanner.step()
            if !text.isEmpty {
                literalBytes += text.count
                ops.append(TemplateOp(kind: .text, operand: text.lowerBound, end: text.upperBound))
            }
            switch event {
            case .variable(let name, let isLone, let format):
                if isLone { loneTag = true }
                addReference(.variable, name, scanner.bytes, enclosing: scanner.openSections, format: format)
            case .open(let name, let inverted):
                // The section itself is already open; its reference lists only the ones around it.
                let opIndex = addReference(
                    inverted ? .invertedSection : .section, name, scanner.bytes,
                    enclosing: scanner.openSections.dropLast())
                scanner.setInnermostIndex(opIndex)
            case .close(let section):
                let opened = ops[section.userIndex]
                ops[section.userIndex] = TemplateOp(kind: opened.kind, operand: opened.operand, end: ops.count)
            case .comment:
                break
            case .end:
                return
            }
        }
    }

    /// Appends the op and the reference of a tag; returns the op's index.
    @discardableResult
    private mutating func addReference(
        _ kind: TemplateReference.Kind, _ name: NameSpan, _ bytes: UnsafeBufferPointer<UInt8>,
        enclosing open: ArraySlice<OpenSection>, format: Range<Int>? = nil
    ) -> Int {
        let opIndex = ops.count
        let opKind: TemplateOp.Kind
        switch kind {
        case .variable: opKind = format == nil ? .variable : .formattedVariable
        case .section: opKind = .section
        case .invertedSection: opKind = .invertedSection
        }
        ops.append(TemplateOp(kind: opKind, operand: references.count, end: 0))
        let at = cursor.advance(to: name.start, in: bytes)
        var sections: [TemplateReference.EnclosingSection] = []
        if !open.isEmpty {
            sections.reserveCapacity(open.count)
            for section in open {
                sections.append(.init(name: references[ops[section.userIndex].operand].name, isInverted: section.inverted))
            }
        }
        var length = 0
        for i in name.start..<name.end where bytes[i] & 0xC0 != 0x80 { length += 1 }
        var formatName: String? = nil
        var formatOffset = 0
        if let format {
            formatName = String(decoding: UnsafeBufferPointer(rebasing: bytes[format]), as: UTF8.self)
            // The format's name is ASCII: its scalars are its bytes, counted from the name's start.
            var scalars = 0
            for i in name.start..<format.lowerBound where bytes[i] & 0xC0 != 0x80 { scalars += 1 }
            formatOffset = at.offset + scalars
        }
        references.append(
            TemplateReference(
                name: name.text(in: bytes), components: name.components(in: bytes), kind: kind,
                offset: at.offset, line: at.line, column: at.column, length: length, sections: sections,
                format: formatName, formatOffset: formatOffset))
        return opIndex
    }
}
