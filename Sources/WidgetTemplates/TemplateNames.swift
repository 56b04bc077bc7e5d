/// One name a template uses, seen while scanning it (`Template.scanNames`):
/// the same facts as a `TemplateReference`, read from the template's bytes on
/// demand. Valid only inside the scan's closure.
package struct TemplateName {
    package let kind: TemplateReference.Kind
    /// Whether a section or inverted section encloses the name.
    package let isInSection: Bool
    /// The number of dotted components (0 for the implicit iterator `.`).
    package let componentCount: Int
    private let span: NameSpan
    private let bytes: UnsafeBufferPointer<UInt8>

    init(kind: TemplateReference.Kind, isInSection: Bool, span: NameSpan, bytes: UnsafeBufferPointer<UInt8>) {
        self.kind = kind
        self.isInSection = isInSection
        self.span = span
        self.bytes = bytes
        switch span.form {
        case .implicitIterator: componentCount = 0
        case .ascii(let dots): componentCount = dots + 1
        case .unicode: componentCount = span.components(in: bytes).count
        }
    }

    /// The name as written, e.g. `data.weather.temp`.
    package var name: String { span.text(in: bytes) }

    /// Component `i` (0-based, below `componentCount`).
    package func component(_ i: Int) -> String {
        guard case .ascii = span.form else { return span.components(in: bytes)[i] }
        var k = 0
        var start = span.start
        for j in span.start..<span.end where bytes[j] == UInt8(ascii: ".") {
            if k == i { return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<j]), as: UTF8.self) }
            k += 1
            start = j + 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<span.end]), as: UTF8.self)
    }

    /// The dotted components, as `TemplateReference.components`.
    package var components: [String] { span.components(in: bytes) }

    /// Where the name starts, in Unicode scalars from the template's start (as `TemplateReference.offset`).
    package var offset: Int {
        var cursor = TemplateCursor()
        return cursor.advance(to: span.start, in: bytes).offset
    }
}

/// The scanner's sink for `scanNames`: hands each name to a closure.
private struct NameVisitor: TemplateSink {
    let visit: (TemplateName) -> Void
    var loneTag = false

    mutating func text(from start: Int, to end: Int) {}

    mutating func tag(
        _ kind: TemplateReference.Kind, _ name: NameSpan, isLone: Bool, bytes: UnsafeBufferPointer<UInt8>,
        open: UnsafeBufferPointer<OpenSection>
    ) -> Int {
        if isLone { loneTag = true }
        visit(TemplateName(kind: kind, isInSection: !open.isEmpty, span: name, bytes: bytes))
        return 0
    }

    mutating func close(_ section: OpenSection) {}
}

extension Template {
    /// Checks a template as `init` does (the same errors) and calls `body` with
    /// each name it uses, in source order, without compiling anything: for
    /// callers that only look at names. Returns `isLoneTag`.
    ///
    /// Names come as they are met, so when the template turns out to be invalid
    /// further on, `body` has already seen the names before the error.
    @discardableResult
    package static func scanNames(_ source: String, _ body: (TemplateName) -> Void) throws(TemplateError) -> Bool {
        var text = source
        let outcome = text.withUTF8 { bytes -> Result<Bool, TemplateError> in
            withoutActuallyEscaping(body) { visit in
                TemplateScanner.with(bytes, NameVisitor(visit: visit)) { scanner in
                    do throws(TemplateError) {
                        try scanner.run()
                    } catch {
                        return .failure(error)
                    }
                    return .success(scanner.sink.loneTag)
                }
            }
        }
        return try outcome.get()
    }
}
