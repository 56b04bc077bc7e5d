import WidgetSupport

/// What a YAML file holds: its documents, and the error that stopped reading.
package struct YAMLFile: Sendable {
    /// Every document read before the first error, in order (an empty document is null).
    package var documents: [SourceNode]
    /// The first fatal error; reading stopped there.
    package var error: SourceError?
    /// Duplicate keys before it: reading went on past each (the first value kept), so the
    /// document's other findings are found too.
    package var duplicates: [SourceError]

    package init(documents: [SourceNode], error: SourceError?, duplicates: [SourceError] = []) {
        self.documents = documents
        self.error = error
        self.duplicates = duplicates
    }

    /// The first error of the file, fatal or not (for readers that stop at any error).
    package var firstError: SourceError? {
        ([error].compactMap { $0 } + duplicates).min { $0.location < $1.location }
    }
}

/// Reads YAML files over libyaml's event parser: each document becomes a
/// `SourceDocument` (flat tables of nodes, children and text, every node and
/// key positioned), given as the `SourceNode` of its root. A file in the simple
/// form is read by `SimpleFormReader` instead, into the same events.
///
/// - Scalars resolve by the YAML 1.2 core schema (see `CoreSchema`); quoted
///   and block scalars are strings. A string's text is its value; any other
///   scalar keeps its text as written (`sourceText`: `0x1F`, `~`, `1.50`).
/// - Tags: only `!!str !!int !!float !!bool !!null !!map !!seq` and the
///   non-specific `!`; any other tag is refused (`yaml-tag`).
/// - Keys are scalars (`yaml-key` otherwise). A key's string is its text as
///   written (`1: a` has key "1", `0x1F: a` key "0x1F"); a key that resolves
///   to null (empty, `~`, `null`) is "null". Duplicates are refused
///   (`yaml-duplicate-key`); keys compare as those strings (as Swift
///   `String`s, so canonically equivalent spellings are one key), and `1`
///   and `01` are two keys. Reading goes on after a duplicate (the first
///   value is kept; `YAMLFile.duplicates`).
/// - An alias is the anchored node itself (its node number again, not a
///   copy); anchors are per document. The merge key is a plain, untagged `<<`
///   (a quoted "<<" is an ordinary key); it takes a mapping or a sequence of
///   mappings (`yaml-merge` otherwise), whose members join the mapping where
///   `<<` is, behind its own keys and earlier mappings' keys.
/// - Refused with a position: nesting deeper than `maxDepth` (`yaml-depth`),
///   more than `maxExpandedNodes` nodes with aliases expanded
///   (`yaml-alias-limit`), undefined or recursive aliases (`yaml-alias`),
///   bytes that are not UTF-8, NUL and UTF-16 files (`yaml-encoding`), and
///   whatever else libyaml refuses, other control characters included
///   (`yaml-syntax`, with libyaml's text). A UTF-8 BOM and CR LF are fine.
///   A file larger than `SourceDocument.maxSourceBytes` is refused unread
///   (`yaml-too-large`).
package enum YAMLLoader {
    /// The deepest nesting of collections accepted.
    package static let maxDepth = 256
    /// The most nodes (keys included) a file may hold, every alias counted at
    /// the full size of the node it names and a scalar a node more for each
    /// 64 bytes of its text (so an alias bomb of long scalars is bounded too).
    package static let maxExpandedNodes = 1_000_000

    /// Reads every document of a file; `error` is the first fatal error, if any.
    package static func load(bytes: [UInt8]) -> YAMLFile {
        bytes.withUnsafeBufferPointer { load(buffer: $0) }
    }

    /// Reads every document of a text.
    package static func load(text: String) -> YAMLFile {
        var text = text
        return text.withUTF8 { load(buffer: $0) }
    }

    /// (`simpleForm` false: libyaml reads every file, for the tests that compare the two.)
    static func load(buffer: UnsafeBufferPointer<UInt8>, simpleForm: Bool = true) -> YAMLFile {
        // Larger files would wrap the documents' 32-bit offsets.
        guard buffer.count <= SourceDocument.maxSourceBytes else {
            return YAMLFile(documents: [], error: SourceDocument.sizeError(byteCount: buffer.count, code: .yamlTooLarge))
        }
        if InputBytes.startsAsUTF16(buffer) {
            return YAMLFile(
                documents: [],
                error: SourceError(code: .yamlEncoding, message: "the file is UTF-16; YAML files here must be UTF-8", location: .start))
        }
        if simpleForm, let file = composeSimpleForm(buffer) { return file }
        let (file, failure) = compose(buffer, inputIsCut: false)
        guard case .reader(let problem, let offset, let value)? = failure else { return file }
        return readerFailure(buffer, problem: problem, offset: offset, value: value)
    }

    /// Composes the events of `SimpleFormReader`, the events libyaml would give, as it reads
    /// them, when `buffer` is in the simple form; nil when it is not (the reader declined, and
    /// what was composed before is dropped with the workspace's contents).
    private static func composeSimpleForm(_ buffer: UnsafeBufferPointer<UInt8>) -> YAMLFile? {
        let workspace = Workspace.take()
        defer {
            workspace.clear()
            Workspace.putBack(workspace)
        }
        var start = SimpleFormComposer(
            composer: Composer(maxDepth: maxDepth, maxExpanded: maxExpandedNodes, workspace: workspace))
        start.composer.startDocument(sharing: buffer)
        var sink: SimpleFormComposer
        do {
            sink = try SimpleFormReader.read(
                buffer, into: start, scratch: workspace.simpleScratch, levels: workspace.simpleLevels)
        } catch {
            return nil
        }
        if let failure = sink.failure {
            return YAMLFile(documents: sink.composer.documents, error: failure, duplicates: sink.composer.duplicates)
        }
        sink.composer.endDocument(at: .start, implicitEnd: true)
        sink.composer.commitPendingDocument()
        return YAMLFile(documents: sink.composer.documents, error: nil, duplicates: sink.composer.duplicates)
    }

    /// Runs libyaml over `buffer` and composes its events. With `inputIsCut`,
    /// the input is a prefix of the file, so a document that ended only
    /// because the input did is not kept.
    private static func compose(
        _ buffer: UnsafeBufferPointer<UInt8>, inputIsCut: Bool
    ) -> (YAMLFile, EventParser.Failure?) {
        let workspace = Workspace.take()
        defer {
            workspace.clear()
            Workspace.putBack(workspace)
        }
        let parser = EventParser(input: buffer, cells: workspace.parserCells)
        var composer = Composer(maxDepth: maxDepth, maxExpanded: maxExpandedNodes, workspace: workspace)
        while true {
            guard parser.next() else {
                let failure = parser.failure
                if !inputIsCut { composer.commitPendingDocument() }
                switch failure {
                case .reader:
                    return (YAMLFile(documents: composer.documents, error: nil, duplicates: composer.duplicates), failure)
                case .syntax(let message, let location):
                    // libyaml words a tab in the indentation as a token or indentation problem.
                    let error = tabInIndentation(buffer, at: location).map {
                        SourceError(code: .yamlSyntax, message: "tabs cannot indent YAML; use spaces", location: $0)
                    } ?? (inputIsCut
                        ? SourceError(code: .yamlSyntax, message: message, location: location)  // the cut, not the text, ended it
                        : SyntaxWords.error(message, at: location, in: buffer))
                    return (YAMLFile(documents: composer.documents, error: error, duplicates: composer.duplicates), failure)
                case .other(let message, let location):
                    let error = SourceError(code: .yamlSyntax, message: message, location: location)
                    return (YAMLFile(documents: composer.documents, error: error, duplicates: composer.duplicates), failure)
                }
            }
            let event = parser.current
            if event.kind == .streamEnd { break }
            do {
                try composer.handle(event)
            } catch {
                return (YAMLFile(documents: composer.documents, error: error, duplicates: composer.duplicates), nil)
            }
        }
        if !inputIsCut { composer.commitPendingDocument() }
        return (YAMLFile(documents: composer.documents, error: nil, duplicates: composer.duplicates), nil)
    }

    /// Where the first tab of a line's leading blanks is, when a syntax error's mark
    /// falls in (or right after) them: the tab is what went wrong, whatever libyaml says
    /// ("found character that cannot start any token", "found a tab character that
    /// violates indentation"). Leading blanks are ASCII, so a column there is a byte.
    private static func tabInIndentation(_ buffer: UnsafeBufferPointer<UInt8>, at location: SourceLocation) -> SourceLocation? {
        var start = 0, line = 1
        while line < location.line {
            guard let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            start = newline + 1
            line += 1
        }
        var end = start
        while end < buffer.count, buffer[end] == UInt8(ascii: " ") || buffer[end] == UInt8(ascii: "\t") { end += 1 }
        guard location.column - 1 <= end - start,
              let tab = buffer[start..<end].firstIndex(of: UInt8(ascii: "\t")) else { return nil }
        return SourceLocation(line: location.line, column: tab - start + 1)
    }

    /// libyaml refused a byte or character. libyaml decodes ahead of what it
    /// parses, so it refuses before reading the documents in front of the bad
    /// byte: read those again from the bytes before it.
    private static func readerFailure(
        _ buffer: UnsafeBufferPointer<UInt8>, problem: String, offset: Int, value: Int
    ) -> YAMLFile {
        let badOffset: Int
        let error: SourceError
        let isControlCharacter = value != 0 && problem.hasPrefix("control characters")
        if !isControlCharacter, let (first, kind) = InputBytes.firstBadByte(buffer), first <= offset {
            badOffset = first
            let location = InputBytes.location(ofByte: first, in: buffer)
            switch kind {
            case .nul:
                error = SourceError(code: .yamlEncoding, message: "NUL byte (0x00) in the file", location: location)
            case .invalidUTF8(let byte):
                error = SourceError(code: .yamlEncoding, message: "invalid UTF-8 (byte 0x\(hex(Int(byte), digits: 2)))", location: location)
            }
        } else {
            // A character libyaml refuses although it is valid UTF-8 (C0/C1 controls, DEL, U+FFFE).
            badOffset = min(offset, buffer.count)
            let location = InputBytes.location(ofByte: badOffset, in: buffer)
            error = SourceError(
                code: isControlCharacter ? .yamlSyntax : .yamlEncoding,
                message: "\(problem) (U+\(hex(value, digits: 4)))", location: location)
        }
        let (before, _) = compose(UnsafeBufferPointer(rebasing: buffer[..<badOffset]), inputIsCut: true)
        // An error that comes before the bad byte is the first error.
        if let earlier = before.error, earlier.location < error.location {
            return before
        }
        return YAMLFile(documents: before.documents, error: error, duplicates: before.duplicates)
    }

    private static func hex(_ value: Int, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let yamlEncoding = DiagnosticCode("yaml-encoding")
    package static let yamlSyntax = DiagnosticCode("yaml-syntax")
    package static let yamlTooLarge = DiagnosticCode("yaml-too-large")
}

/// The composer as the simple-form reader's sink: each event is composed as it is read, with
/// the composer's own rules (one entry per event kind: the reader's call site knows which). No
/// `YAMLEvent` is built and none is switched over (bench/validate's examples slice, one thread,
/// callgrind, a file: the load 67.4 k -> 57.7 k estimated cycles, the whole run 492.3 k ->
/// 477.2 k instructions).
///
/// A composer error does not end the reading: the error is kept, nothing more is composed, and
/// the reader goes on to the end, where it may still decline (then libyaml reads the file and
/// its first error is whatever libyaml and the composer find first, as when the reader read
/// the whole file before the composer saw an event).
struct SimpleFormComposer: SimpleFormSink, ~Copyable {
    var composer: Composer
    /// The composer's first error: composing stopped there.
    var failure: SourceError? = nil
    /// `failure` is set (a flag: testing the optional error copied it, at every event).
    private var failed = false

    init(composer: Composer) {
        self.composer = composer
    }

    mutating func scalar(_ event: SimpleFormEvent, input: UnsafeBufferPointer<UInt8>, scratch: PlainBuffer<UInt8>) {
        guard !failed else { return }
        let start = Int(event.textStart), count = Int(event.textCount)
        let text = event.inScratch
            ? scratch.elements(from: start, count: count) : UnsafeBufferPointer(rebasing: input[start..<(start + count)])
        do {
            // Text in the input is at the same offset in the document's text (`startDocument(sharing:)`).
            try composer.scalar(
                text, inArenaAt: event.inScratch ? nil : event.textStart, isPlain: event.style == .plain,
                anchor: Self.anchor(event, scratch), tag: nil, at: Self.location(event))
        } catch {
            fail(error)
        }
    }

    mutating func collectionStart(_ event: SimpleFormEvent, scratch: PlainBuffer<UInt8>) {
        guard !failed else { return }
        do {
            try composer.startCollection(
                isMapping: event.kind == .mappingStart, anchor: Self.anchor(event, scratch), tag: nil, at: Self.location(event))
        } catch {
            fail(error)
        }
    }

    mutating func collectionEnd(_ event: SimpleFormEvent) {
        guard !failed else { return }
        do {
            try composer.endCollection()
        } catch {
            fail(error)
        }
    }

    mutating func alias(_ event: SimpleFormEvent, scratch: PlainBuffer<UInt8>) {
        guard !failed else { return }
        do {
            try composer.alias(Self.anchor(event, scratch), at: Self.location(event))
        } catch {
            fail(error)
        }
    }

    private mutating func fail(_ error: SourceError) {
        failure = error
        failed = true
    }

    /// libyaml's marks are 0-based; the reader keeps them so, to compare them with libyaml's.
    @inline(__always)
    private static func location(_ event: SimpleFormEvent) -> SourceLocation {
        SourceLocation(line: Int(event.line) + 1, column: Int(event.column) + 1)
    }

    @inline(__always)
    private static func anchor(_ event: SimpleFormEvent, _ scratch: PlainBuffer<UInt8>) -> UnsafePointer<UInt8>? {
        event.anchorStart < 0 ? nil : UnsafePointer(scratch.elements(from: Int(event.anchorStart), count: 1).baseAddress)
    }
}
