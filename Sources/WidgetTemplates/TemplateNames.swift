import WidgetSupport

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
    /// The bytes of the first two components of an ASCII name (empty when absent),
    /// found once: the checks compare them against several words. Read in the
    /// checks' own code (inlinable), so looking at a component costs no call.
    @usableFromInline let first: UnsafeBufferPointer<UInt8>
    @usableFromInline let second: UnsafeBufferPointer<UInt8>
    /// Whether `first` and `second` hold the components (an ASCII name).
    @usableFromInline let inPlace: Bool
    /// The bytes of the format's name (`{{name | format}}`), when the tag has one.
    private let formatBytes: Range<Int>?

    init(
        kind: TemplateReference.Kind, isInSection: Bool, span: NameSpan, bytes: UnsafeBufferPointer<UInt8>,
        format: Range<Int>? = nil
    ) {
        formatBytes = format
        self.kind = kind
        self.isInSection = isInSection
        self.span = span
        self.bytes = bytes
        switch span.form {
        case .implicitIterator:
            componentCount = 0
            first = UnsafeBufferPointer(rebasing: bytes[0..<0])
            second = first
            inPlace = false
        case .ascii(let dots, let firstEnd, let secondEnd):
            // The scanner noted where the components end: no second look at the bytes.
            componentCount = dots + 1
            first = UnsafeBufferPointer(rebasing: bytes[span.start..<firstEnd])
            second = UnsafeBufferPointer(
                rebasing: bytes[firstEnd < span.end ? (firstEnd + 1)..<secondEnd : span.end..<span.end])
            inPlace = true
        case .unicode:
            componentCount = span.components(in: bytes).count
            first = UnsafeBufferPointer(rebasing: bytes[0..<0])
            second = first
            inPlace = false
        }
    }

    /// The name as written, e.g. `data.weather.temp`.
    package var name: String { span.text(in: bytes) }

    /// Component `i` (0-based, below `componentCount`).
    package func component(_ i: Int) -> String {
        if let bytes = componentBytes(i) { return String(decoding: bytes, as: UTF8.self) }
        return span.components(in: bytes)[i]
    }

    /// Whether component `i` is the ASCII word `word`, without building the component.
    package func component(_ i: Int, is word: StaticString) -> Bool {
        guard let bytes = componentBytes(i) else { return component(i) == word.description }
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        var k = 0
        while k < bytes.count, w[k] == bytes[k] { k += 1 }
        return k == bytes.count
    }

    /// The bytes of component `i` when it is read in place (components 0 and 1 of a name
    /// of ASCII name characters and dots), or nil.
    package func componentBytes(_ i: Int) -> UnsafeBufferPointer<UInt8>? {
        guard inPlace, i < 2 else { return nil }
        return i == 0 ? first : second
    }

    /// The index of the first of `words` that component `i` is, or nil: one call tells a
    /// component among several candidates, one integer comparison per word.
    package func component(_ i: Int, among words: WordTable) -> Int? {
        if let bytes = componentBytes(i) { return words.index(of: bytes) }
        return builtComponent(i, among: words)
    }

    /// `component(_:among:)` for a component not read in place: built and compared as text.
    @usableFromInline
    func builtComponent(_ i: Int, among words: WordTable) -> Int? {
        let text = component(i)
        return words.words.firstIndex { $0.description == text }
    }

    /// Whether component `i` is `text` (as `String` compares them), without
    /// building the component: a byte comparison for the usual ASCII names.
    package func component(_ i: Int, equals text: String) -> Bool {
        guard let bytes = componentBytes(i) else { return component(i) == text }
        // true: the same bytes; false: ASCII text with other bytes, which differs from an
        // ASCII component; nil: other text, which can still be canonically equivalent to
        // it (the Kelvin sign is K), or text not stored contiguously.
        let verdict = text.utf8.withContiguousStorageIfAvailable { other -> Bool? in
            if other.count == bytes.count {
                var k = 0
                while k < other.count, other[k] == bytes[k] { k += 1 }
                if k == other.count { return true }
            }
            return other.isASCII ? false : nil
        }
        if let verdict, let known = verdict { return known }
        return component(i) == text
    }

    /// The format of `{{name | format}}` as written, nil without one.
    package var format: String? {
        formatBytes.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
    }

    /// Where the format's name starts, in Unicode scalars from the template's start (as
    /// `TemplateReference.formatOffset`); nil without a format.
    package var formatOffset: Int? {
        guard let formatBytes else { return nil }
        var cursor = TemplateCursor()
        return cursor.advance(to: formatBytes.lowerBound, in: bytes).offset
    }

    /// The dotted components, as `TemplateReference.components`.
    package var components: [String] { span.components(in: bytes) }

    /// Where the name starts, in Unicode scalars from the template's start (as `TemplateReference.offset`).
    package var offset: Int {
        var cursor = TemplateCursor()
        return cursor.advance(to: span.start, in: bytes).offset
    }
}

extension Template {
    /// Whether the text holds a tag opening (`{{`), and so is a template rather than a literal.
    package static func holdsTag(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        TemplateScanner.findOpenBraces(from: 0, in: bytes) != nil
    }

    /// Checks a template as `init` does (the same errors) and calls `body` with
    /// each name it uses, in source order, without compiling anything: for
    /// callers that only look at names. Returns `isLoneTag`.
    ///
    /// Names come as they are met, so when the template turns out to be invalid
    /// further on, `body` has already seen the names before the error.
    @discardableResult
    package static func scanNames(_ source: String, _ body: (TemplateName) -> Void) throws(TemplateError) -> Bool {
        // The error waits outside the closure, which then returns a plain Bool (no Result to pass back).
        var failure: TemplateError? = nil
        let loneTag = withBytes(of: source) { bytes -> Bool in
            do throws(TemplateError) {
                return try scanNames(bytes: bytes, body)
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
        return loneTag
    }

    /// `scanNames` of a template given as its UTF-8 bytes (which must be valid UTF-8,
    /// as a document's text is), read in place: for callers that hold text, not a `String`.
    ///
    /// Most templates hold only plain variable tags (`{{entry.time}}`): a tight loop
    /// reads those, and the scanner takes over at the first other tag, from where a
    /// scan from the start would stand there (after a variable tag, no section open).
    @discardableResult
    package static func scanNames(
        bytes: UnsafeBufferPointer<UInt8>, _ body: (TemplateName) -> Void
    ) throws(TemplateError) -> Bool {
        var textStart = 0
        var loneTag = false
        while let tagStart = TemplateScanner.findOpenBraces(from: textStart, in: bytes) {
            guard let name = TemplateScanner.quickName(at: tagStart + 2, in: bytes) else {
                return try scanNames(bytes: bytes, from: textStart, body)
            }
            let tagEnd = name.end + 2
            if tagStart == 0, tagEnd == bytes.count { loneTag = true }
            body(TemplateName(kind: .variable, isInSection: false, span: name, bytes: bytes))
            textStart = tagEnd
        }
        return loneTag
    }

    /// The scanner's part of `scanNames`, from byte `start` (0, or the end of a
    /// variable tag: no section is open there, and no tag before it was the whole template).
    private static func scanNames(
        bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ body: (TemplateName) -> Void
    ) throws(TemplateError) -> Bool {
        var failure: TemplateError? = nil
        let loneTag = TemplateScanner.with(bytes, from: start) { scanner -> Bool in
            var loneTag = false
            do throws(TemplateError) {
                while true {
                    switch try scanner.step().event {
                    case .variable(let name, let isLone, let format):
                        if isLone { loneTag = true }
                        body(TemplateName(kind: .variable, isInSection: scanner.depth > 0, span: name, bytes: bytes, format: format))
                    case .open(let name, let inverted):
                        // The section itself is open now: only outer ones enclose its name.
                        body(
                            TemplateName(
                                kind: inverted ? .invertedSection : .section, isInSection: scanner.depth > 1,
                                span: name, bytes: bytes))
                    case .close, .comment:
                        continue
                    case .end:
                        return loneTag
                    }
                }
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
        return loneTag
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the text holds a Mustache tag opening (`{{`) and so is a template, not a literal.
    package var isTemplate: Bool { Template.holdsTag(self) }
}

extension String {
    /// Whether the string holds a Mustache tag and so is a template, not a literal.
    /// A byte scan: `contains("{{")` would go through Foundation's bridged search.
    package var isTemplate: Bool {
        var afterBrace = false
        for b in utf8 {
            if b == UInt8(ascii: "{") {
                if afterBrace { return true }
                afterBrace = true
            } else {
                afterBrace = false
            }
        }
        return false
    }
}
