import WidgetSupport

/// Reads the form nearly every widget file is written in without libyaml, and gives the
/// composer exactly the events libyaml would give for it, each as it is read (its `Sink`,
/// `SimpleFormComposer`, composes it at once); for anything else it declines, the loader
/// drops what was composed, and libyaml reads the file from the start.
///
/// Why: libyaml's scanner is most of `validate`'s time (about 250 k instructions of a
/// typical 1.5 KB file, the floor of issue #13 itself). This reader does the same file in
/// a small fraction of that (figure in bench/README, "The simple form").
///
/// The form, one document, every line of it:
/// - block mappings and sequences indented with spaces; `- key: value` (a mapping in a
///   sequence item); a key or `-` alone on its line followed by its block, more indented;
/// - one-line scalars: plain, single-quoted (`''` inside), double-quoted (escapes `\n`, `\t`,
///   `\\`, `\"`, `\/` only);
/// - one-line flow collections `[a, "b"]`, `{k: v, n: {m: 1}}` of those scalars;
/// - block scalars (`|`, `>`, with chomping and indentation indicators) as a value;
/// - an anchor (`&name`) before a value (a block collection on the next lines included), an
///   alias (`*name`) as a value; not as keys nor inside flows;
/// - comments and blank lines; LF line ends; printable UTF-8 (libyaml's set).
///
/// It declines everything else, whether valid or not: tabs, CR, `---`, `...`, `%`, tags,
/// anchors and aliases elsewhere, multi-line plain and quoted scalars and flows, `?` keys, an empty value
/// (`key:` with nothing under it), a sequence at its key's indentation, other escapes in a
/// double quote, a trailing comma, keys over 1,000 bytes. So it never has to say why something is
/// wrong: every error message and mark stays libyaml's. That the events are libyaml's, mark
/// for mark, is what `SimpleFormDifferentialTests` checks on the examples, the validate
/// corpus, the YAML test suite and mutations of them, and the `yaml` fuzz target checks on
/// every input.
struct SimpleFormReader<Sink: SimpleFormSink & ~Copyable>: ~Copyable {
    typealias Event = SimpleFormEvent

    /// Outside the form: libyaml reads the file.
    struct Declined: Error {}

    // Every method is `mutating`, those that only read too: the steps mutate, and each call of a
    // method that was not passed it a 140-byte copy of the reader (~250 a file of
    // bench/validate's examples slice, callgrind: memcpy calls 470 -> 208 a file,
    // instructions 543.2 k -> 532.9 k).
    private let bytes: UnsafeBufferPointer<UInt8>
    private var sink: Sink
    private let scratch: PlainBuffer<UInt8>
    /// The root collection was opened (a second root would be a second node of the document).
    private var hasRoot = false
    /// The open block collections, outermost first: the column of their keys or dashes. (The
    /// workspace's, emptied first: an array here grew from empty in every file, about four
    /// allocations a file of bench/validate's examples; callgrind, a file: malloc 154 -> 150,
    /// 454.8 k -> 452.0 k instructions.)
    private let levels: MoveStack<SimpleFormLevel>
    /// A key or `-` ended its line: its value is the block on the next lines, indented
    /// more than this (the indentation of the collection the key or `-` belongs to).
    private var awaitingBlockOver: Int? = nil
    /// The anchor (`&name` ending its line) of the block collection on the next lines.
    private var pendingAnchor: Anchor? = nil
    /// The anchor of the node whose event comes next (its first event is marked at the anchor).
    private var nodeAnchor: Anchor? = nil
    /// Where the next line starts (a block scalar reads on past its own line).
    private var position = 0
    private var lineStart = 0
    private var lineEnd = 0
    private var line: Int32 = 0
    private var lineIsASCII = true
    /// The column of a byte offset on the current line, as last counted (see `column`).
    private var counted: (offset: Int, column: Int32) = (0, 0)

    /// The deepest nesting read here, of flows and of blocks (deeper ones are libyaml's to read,
    /// and the composer's to refuse past its own limit).
    private static var maxFlowDepth: Int { 32 }
    private static var maxBlockDepth: Int { 64 }
    /// libyaml refuses a simple key longer than 1,024 characters; these stay well under.
    private static var maxKeyBytes: Int { 1_000 }

    /// Reads `bytes`, giving `sink` its events (unescaped text and anchor names go to
    /// `scratch`, the open block collections on `levels`, both emptied first), and returns it.
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, into sink: consuming Sink, scratch: PlainBuffer<UInt8>,
        levels: MoveStack<SimpleFormLevel>
    ) throws(Declined) -> Sink {
        scratch.removeAll()
        levels.removeAll()
        var reader = SimpleFormReader(bytes: bytes, sink: sink, scratch: scratch, levels: levels)
        try reader.readLines()
        return reader.sink
    }

    private init(
        bytes: UnsafeBufferPointer<UInt8>, sink: consuming Sink, scratch: PlainBuffer<UInt8>, levels: MoveStack<SimpleFormLevel>
    ) {
        self.bytes = bytes
        self.sink = sink
        self.scratch = scratch
        self.levels = levels
    }

    // MARK: Lines

    private mutating func readLines() throws(Declined) {
        let n = bytes.count
        while position < n {
            lineStart = position
            lineEnd = try endOfLine(from: position)
            position = lineEnd < n ? lineEnd + 1 : n
            var first = lineStart
            while first < lineEnd, bytes[first] == UInt8(ascii: " ") { first += 1 }
            if first < lineEnd, bytes[first] != UInt8(ascii: "#") {
                try contentLine(indent: first - lineStart, at: first)
            }
            line += 1
        }
        guard levels.count > 0, awaitingBlockOver == nil else { throw Declined() }
        while levels.count > 0 { end(levels.popLast().isMapping) }
    }

    /// Where the line from `start` ends (its LF, or the end of the input), checking each
    /// character is one libyaml reads as this reader does: printable ASCII, or UTF-8 of a
    /// printable character that is neither a line break for libyaml (NEL, LS, PS) nor a BOM.
    private mutating func endOfLine(from start: Int) throws(Declined) -> Int {
        lineIsASCII = true
        var i = start
        let n = bytes.count
        let raw = UnsafeRawPointer(bytes.baseAddress)
        while i < n {
            // Eight bytes at a time while all are printable ASCII, to the first that is not (the
            // line scan on 300 files of bench/validate's examples shape: 6.0 M -> 1.2 M
            // instructions, callgrind).
            if let raw, i &+ 8 <= n {
                let flagged = Self.unprintable(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                if flagged == 0 { i &+= 8; continue }
                i &+= flagged.trailingZeroBitCount >> 3
            }
            let b = bytes[i]
            if b >= 0x20 && b < 0x7F { i += 1; continue }
            if b == 0x0A { return i }
            guard b >= 0x80 else { throw Declined() }  // tab, CR, other controls, DEL
            lineIsASCII = false
            i = try afterMultiByteCharacter(at: i)
        }
        return n
    }

    /// The high bit of each byte of `w` (little-endian) that is not printable ASCII (0x20 to
    /// 0x7E), exact from the lowest byte to the first such one (borrows and carries only go up).
    @inline(__always)
    private static func unprintable(_ w: UInt64) -> UInt64 {
        // Under 0x20: w - 0x20 borrows into the high bit; 0x7F: w + 1 carries into it; 0x80 up: w has it.
        ((w &- 0x2020_2020_2020_2020) | (w &+ 0x0101_0101_0101_0101) | w) & 0x8080_8080_8080_8080
    }

    /// The high bit of each byte of `w` (little-endian) that is a colon or a space, exact from the
    /// lowest byte to the first such one (a zero byte of `w ^ pattern` borrows only upwards).
    @inline(__always)
    private static func colonOrSpace(_ w: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let colons = w ^ 0x3A3A_3A3A_3A3A_3A3A, spaces = w ^ 0x2020_2020_2020_2020
        return (((colons &- ones) & ~colons) | ((spaces &- ones) & ~spaces)) & highs
    }

    private mutating func afterMultiByteCharacter(at i: Int) throws(Declined) -> Int {
        // Valid UTF-8, and in libyaml's printable set less its line breaks and the BOM.
        guard let (value, length) = InputBytes.scalar(at: i, in: bytes), value >= 0xA0,
              value != 0x2028, value != 0x2029, value != 0xFEFF, value != 0xFFFE, value != 0xFFFF
        else { throw Declined() }
        return i + length
    }

    private mutating func contentLine(indent: Int, at first: Int) throws(Declined) {
        // Document markers and directives.
        if indent == 0 {
            let b = bytes[first]
            if b == UInt8(ascii: "%") { throw Declined() }
            if (b == UInt8(ascii: "-") || b == UInt8(ascii: ".")), first + 2 < lineEnd,
               bytes[first + 1] == b, bytes[first + 2] == b { throw Declined() }
        }
        if let over = awaitingBlockOver {
            awaitingBlockOver = nil
            // Not more indented: an empty value, or a sequence at its key's indentation.
            guard indent > over else { throw Declined() }
            try openBlock(indent: indent, at: first)
            return
        }
        if levels.count == 0 {
            // The root collection; a second root would be a second node of the document.
            guard indent == 0, !hasRoot else { throw Declined() }
            hasRoot = true
            try openBlock(indent: 0, at: first)
            return
        }
        while levels.count > 0, levels.last.indent > indent {
            end(levels.popLast().isMapping)
        }
        // More indented than the collection: a continued scalar, or an error.
        guard levels.count > 0, case let level = levels.last, level.indent == indent else { throw Declined() }
        if level.isMapping { try mappingEntry(at: first) } else { try sequenceEntry(at: first) }
    }

    private mutating func openBlock(indent: Int, at first: Int) throws(Declined) {
        if isDash(first) {
            try open(isMapping: false, indent: indent, at: first, anchor: pendingAnchor)
            pendingAnchor = nil
            try sequenceEntry(at: first)
        } else {
            try open(isMapping: true, indent: indent, at: first, anchor: pendingAnchor)
            pendingAnchor = nil
            try mappingEntry(at: first)
        }
    }

    /// A block collection starts at `first` (or at its anchor), its keys or dashes at column `indent`.
    private mutating func open(isMapping: Bool, indent: Int, at first: Int, anchor: Anchor? = nil) throws(Declined) {
        guard levels.count < Self.maxBlockDepth else { throw Declined() }
        levels.push(SimpleFormLevel(indent: indent, isMapping: isMapping))
        if let anchor {
            var event = Event(kind: isMapping ? .mappingStart : .sequenceStart, line: anchor.line, column: anchor.column)
            event.anchorStart = anchor.nameStart
            sink.collectionStart(event, scratch: scratch)
        } else {
            start(isMapping ? .mappingStart : .sequenceStart, at: first)
        }
    }

    /// `-` followed by a space or the line's end.
    private mutating func isDash(_ i: Int) -> Bool {
        bytes[i] == UInt8(ascii: "-") && (i + 1 == lineEnd || bytes[i + 1] == UInt8(ascii: " "))
    }

    private mutating func mappingEntry(at first: Int) throws(Declined) {
        guard let key = try keyAhead(at: first) else { throw Declined() }
        try mappingEntry(key)
    }

    private mutating func mappingEntry(_ key: (scalar: Scalar, afterColon: Int)) throws(Declined) {
        emitScalar(key.scalar)
        var i = key.afterColon
        skipSpaces(&i)
        // (After the colon's space, `#` starts a comment.)
        if i == lineEnd || bytes[i] == UInt8(ascii: "#") {
            awaitingBlockOver = levels.last.indent
            return
        }
        try blockValue(at: i)
    }

    private mutating func sequenceEntry(at first: Int) throws(Declined) {
        guard isDash(first) else { throw Declined() }
        var i = first + 1
        skipSpaces(&i)
        if i == lineEnd || bytes[i] == UInt8(ascii: "#") {
            awaitingBlockOver = levels.last.indent
            return
        }
        if isDash(i) { throw Declined() }  // `- - a`
        if let key = try keyAhead(at: i) {
            // `- key: value`: a mapping whose keys stand at this column (ASCII before it: dash and spaces).
            try open(isMapping: true, indent: i - lineStart, at: i)
            try mappingEntry(key)
            return
        }
        try blockValue(at: i)
    }

    /// The value after `key: ` or `- ` (at `i`, not a comment): a node ending the line, an alias,
    /// a block scalar, or an anchor before one of those or before a block collection on the next lines.
    private mutating func blockValue(at i: Int) throws(Declined) {
        var i = i
        var anchor: Anchor? = nil
        if bytes[i] == UInt8(ascii: "&") {
            anchor = try anchorOrAlias(at: i)
            i = Int(anchor!.end)
            skipSpaces(&i)
            if i == lineEnd || bytes[i] == UInt8(ascii: "#") {
                // `key: &a` then the collection on the next lines, its start marked at the anchor.
                pendingAnchor = anchor
                awaitingBlockOver = levels.last.indent
                return
            }
            // `&a key: v` anchors the key (libyaml's simple key starts at the anchor).
            guard try keyAhead(at: i) == nil, !isDash(i) else { throw Declined() }
        }
        switch bytes[i] {
        case UInt8(ascii: "*"):
            guard anchor == nil else { throw Declined() }  // an alias has no anchor
            let alias = try anchorOrAlias(at: i)
            var event = Event(kind: .alias, line: alias.line, column: alias.column)
            event.anchorStart = alias.nameStart
            sink.alias(event, scratch: scratch)
            try restOfLine(from: Int(alias.end))
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            try blockScalar(at: i, anchor: anchor)
        default:
            nodeAnchor = anchor
            try restOfLine(from: try node(at: i, depth: 0))
        }
    }

    /// After a node: spaces, then the line's end or a comment.
    private mutating func restOfLine(from i: Int) throws(Declined) {
        var i = i
        skipSpaces(&i)
        guard i == lineEnd || (bytes[i] == UInt8(ascii: "#") && bytes[i - 1] == UInt8(ascii: " ")) else { throw Declined() }
    }

    private mutating func skipSpaces(_ i: inout Int) {
        while i < lineEnd, bytes[i] == UInt8(ascii: " ") { i += 1 }
    }

    // MARK: Anchors, aliases and block scalars

    /// `&name` or `*name`: where it is marked, its name (NUL-terminated in `scratch`) and where it ends.
    private struct Anchor {
        var line: Int32
        var column: Int32
        var nameStart: Int32
        var end: Int32
    }

    /// The anchor or alias at `i`: a name of libyaml's anchor characters (`0-9 A-Z a-z _ -`)
    /// followed by a space or the line's end; anything else is libyaml's to read.
    private mutating func anchorOrAlias(at i: Int) throws(Declined) -> Anchor {
        var j = i + 1
        while j < lineEnd, Self.isAnchorCharacter(bytes[j]) { j += 1 }
        guard j > i + 1, j == lineEnd || bytes[j] == UInt8(ascii: " ") else { throw Declined() }
        let nameStart = Int32(scratch.elementCount)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(i + 1)..<j]))
        scratch.append(0)
        return Anchor(line: line, column: column(i), nameStart: nameStart, end: Int32(j))
    }

    private static func isAnchorCharacter(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"), UInt8(ascii: "-"): true
        default: false
        }
    }

    /// A literal (`|`) or folded (`>`) block scalar whose header is at `i`: its content is read
    /// from the next lines, and the reader goes on at the first line that is not part of it.
    /// Its value is built as libyaml's scanner builds it (`yaml_parser_scan_block_scalar`, which
    /// is YAML 1.2's reading of these lines): the content indentation is the header's indicator
    /// added to the collection's, or else the first non-empty line's (at least one more than
    /// the collection's); a folded scalar joins lines by a space except around empty lines and
    /// lines that start with a space; chomping `-` drops the final line break, `+` keeps the
    /// trailing empty lines too.
    private mutating func blockScalar(at i: Int, anchor: Anchor?) throws(Declined) {
        let literal = bytes[i] == UInt8(ascii: "|")
        var chomping = 0  // -1 strip, 0 clip, 1 keep
        var increment = 0
        var j = i + 1
        func digit(_ c: UInt8) -> Int? { c >= UInt8(ascii: "1") && c <= UInt8(ascii: "9") ? Int(c - UInt8(ascii: "0")) : nil }
        func chomp(_ c: UInt8) -> Int? { c == UInt8(ascii: "-") ? -1 : c == UInt8(ascii: "+") ? 1 : nil }
        if j < lineEnd, let c = chomp(bytes[j]) {
            chomping = c
            j += 1
            if j < lineEnd, let d = digit(bytes[j]) { increment = d; j += 1 }
        } else if j < lineEnd, let d = digit(bytes[j]) {
            increment = d
            j += 1
            if j < lineEnd, let c = chomp(bytes[j]) { chomping = c; j += 1 }
        }
        // Then only spaces and a comment; `0` as the indicator, or anything else, is libyaml's error.
        guard j == lineEnd || bytes[j] == UInt8(ascii: " ") else { throw Declined() }
        try restOfLine(from: j)
        // A header on the file's last line, without its line break: libyaml's corner, not read here.
        guard lineEnd < bytes.count else { throw Declined() }

        var event = Event(kind: .scalar, style: literal ? .literal : .folded, line: line, column: column(i))
        if let anchor {
            event.anchorStart = anchor.nameStart
            event.line = anchor.line
            event.column = anchor.column
        }
        event.inScratch = true
        event.textStart = Int32(scratch.elementCount)

        let bytes = self.bytes, n = bytes.count
        let parent = levels.last.indent
        var indent = increment > 0 ? parent + increment : 0
        var p = lineEnd + 1  // the start of the line being read
        var here = line + 1   // its number
        var lineHead = p      // where the line being read started
        var column = 0
        var trailingBreaks = 0
        var leadingBreak = false
        var leadingBlank = false

        // Spaces up to the indentation and the empty lines after them (libyaml's
        // `yaml_parser_scan_block_scalar_breaks`); the first time, it finds the indentation.
        func breaks() {
            var maxIndent = 0
            while true {
                lineHead = p
                column = 0
                while (indent == 0 || column < indent), p < n, bytes[p] == UInt8(ascii: " ") {
                    p += 1
                    column += 1
                }
                if column > maxIndent { maxIndent = column }
                guard p < n, bytes[p] == 0x0A else { break }
                trailingBreaks += 1
                p += 1
                here += 1
            }
            if indent == 0 { indent = max(maxIndent, parent + 1, 1) }
        }
        breaks()
        while p < n, column == indent {
            // A line of content: it starts with a space if it is more indented.
            let trailingBlank = bytes[p] == UInt8(ascii: " ")
            if !literal, leadingBreak, !leadingBlank, !trailingBlank {
                if trailingBreaks == 0 { scratch.append(UInt8(ascii: " ")) }
            } else if leadingBreak {
                scratch.append(0x0A)
            }
            leadingBreak = false
            for _ in 0..<trailingBreaks { scratch.append(0x0A) }
            trailingBreaks = 0
            leadingBlank = trailingBlank
            // Its characters must be ones libyaml reads as they are (tabs, CR, controls are declined).
            lineStart = lineHead
            let end = try endOfLine(from: p)
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[p..<end]))
            p = end
            if p < n {
                leadingBreak = true
                p += 1
                here += 1
            }
            breaks()
        }
        if chomping != -1, leadingBreak { scratch.append(0x0A) }
        if chomping == 1 { for _ in 0..<trailingBreaks { scratch.append(0x0A) } }
        event.textCount = Int32(scratch.elementCount) - event.textStart
        sink.scalar(event, input: bytes, scratch: scratch)

        // The lines read resume at the first line that is not the scalar's (it is read from
        // its start: the spaces skipped above carry no event); `readLines` counts it on.
        position = p < n ? lineHead : n
        line = here - 1
    }

    // MARK: Keys and scalars

    /// A scalar read but not yet emitted.
    private struct Scalar {
        var style: Event.Style
        var start: Int
        var textStart: Int
        var textCount: Int
        /// `''` (single-quoted) or `\` (double-quoted) inside: its text must be unescaped.
        var hasEscapes = false
    }

    /// The key at `i` and where its colon's space starts, if the line holds `key:` there
    /// (plain or quoted key, `:` followed by a space or the line's end); nil if it does not.
    private mutating func keyAhead(at i: Int) throws(Declined) -> (scalar: Scalar, afterColon: Int)? {
        let b = bytes[i]
        var scalar: Scalar
        var j: Int
        if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
            scalar = try quoted(at: i)
            j = scalar.textStart + scalar.textCount + 1
            skipSpaces(&j)
            guard j < lineEnd, bytes[j] == UInt8(ascii: ":") else { return nil }
            guard j + 1 == lineEnd || bytes[j + 1] == UInt8(ascii: " ") else { throw Declined() }
        } else {
            guard canStartPlain(at: i) else { return nil }
            j = i
            var textEnd = i
            let raw = UnsafeRawPointer(bytes.baseAddress)
            while true {
                // Eight bytes at a time to the first colon or space (keyAhead 3.4 M -> 2.75 M
                // instructions on 300 files of bench/validate's examples shape, callgrind).
                if let raw, j &+ 8 <= lineEnd {
                    let flagged = Self.colonOrSpace(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)))
                    let skipped = flagged == 0 ? 8 : flagged.trailingZeroBitCount >> 3
                    if skipped > 0 {
                        j &+= skipped
                        textEnd = j
                        continue
                    }
                }
                guard j < lineEnd else { return nil }
                let c = bytes[j]
                if c == UInt8(ascii: ":"), j + 1 == lineEnd || bytes[j + 1] == UInt8(ascii: " ") { break }
                if c == UInt8(ascii: " ") {
                    if j + 1 < lineEnd, bytes[j + 1] == UInt8(ascii: "#") { return nil }
                } else {
                    textEnd = j + 1
                }
                j += 1
            }
            scalar = Scalar(style: .plain, start: i, textStart: i, textCount: textEnd - i)
        }
        guard j - i <= Self.maxKeyBytes else { throw Declined() }
        return (scalar, j + 1)
    }

    /// A quoted scalar closed on this line (its text runs from `textStart`, its closing quote
    /// right after). In a double-quoted one, `\n`, `\t`, `\\`, `\"` and `\/` are read here;
    /// any other escape is declined.
    private mutating func quoted(at i: Int) throws(Declined) -> Scalar {
        let quote = bytes[i]
        var j = i + 1
        var hasEscapes = false
        while true {
            guard j < lineEnd else { throw Declined() }
            let c = bytes[j]
            if c == quote {
                if quote == UInt8(ascii: "'"), j + 1 < lineEnd, bytes[j + 1] == quote {
                    hasEscapes = true
                    j += 2
                    continue
                }
                break
            }
            if c == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
                // The common escapes; any other is libyaml's to read.
                guard j + 1 < lineEnd, Self.escaped(bytes[j + 1]) != nil else { throw Declined() }
                hasEscapes = true
                j += 2
                continue
            }
            j += 1
        }
        return Scalar(
            style: quote == UInt8(ascii: "'") ? .singleQuoted : .doubleQuoted, start: i, textStart: i + 1,
            textCount: j - i - 1, hasEscapes: hasEscapes)
    }

    /// The byte a double-quoted escape `\c` stands for, for the escapes read here.
    private static func escaped(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "t"): 0x09
        case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "/"): c
        default: nil
        }
    }

    /// Whether a plain scalar can start at `i`: not at an indicator (libyaml's rule), and,
    /// to stay clear of its corners, not at `?` or `:`, nor at `-` unless a character of
    /// a word or a number follows.
    private mutating func canStartPlain(at i: Int) -> Bool {
        switch bytes[i] {
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
             UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
             UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
             UInt8(ascii: "`"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: " "):
            return false
        case UInt8(ascii: "-"):
            guard i + 1 < lineEnd else { return false }
            let next = bytes[i + 1]
            return (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")) || next == UInt8(ascii: ".")
                || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "z"))
        default:
            return true
        }
    }

    // MARK: Flow collections (on one line)

    /// `[…]` or `{…}`, closed on this line; returns where it ends.
    private mutating func flowCollection(at i: Int, depth: Int) throws(Declined) -> Int {
        guard depth <= Self.maxFlowDepth else { throw Declined() }
        let isMapping = bytes[i] == UInt8(ascii: "{")
        let close = isMapping ? UInt8(ascii: "}") : UInt8(ascii: "]")
        start(isMapping ? .mappingStart : .sequenceStart, at: i)
        var j = i + 1
        skipSpaces(&j)
        if j < lineEnd, bytes[j] == close {
            end(isMapping)
            return j + 1
        }
        while true {
            if isMapping {
                // A key is a scalar, then `: ` and its value.
                guard j < lineEnd, bytes[j] != UInt8(ascii: "["), bytes[j] != UInt8(ascii: "{") else { throw Declined() }
                let keyStart = j
                j = try node(at: j, depth: depth)
                skipSpaces(&j)
                guard j + 1 < lineEnd, bytes[j] == UInt8(ascii: ":"), bytes[j + 1] == UInt8(ascii: " ") else { throw Declined() }
                // Past 1,024 characters libyaml no longer takes it for a key.
                guard j - keyStart <= Self.maxKeyBytes else { throw Declined() }
                j += 2
                skipSpaces(&j)
                guard j < lineEnd, bytes[j] != UInt8(ascii: ","), bytes[j] != close else { throw Declined() }
            }
            j = try node(at: j, depth: depth)
            skipSpaces(&j)
            guard j < lineEnd else { throw Declined() }
            if bytes[j] == close {
                end(isMapping)
                return j + 1
            }
            // `[a: b]`, `[a b]`, `{a: b c}` … are libyaml's to read.
            guard bytes[j] == UInt8(ascii: ",") else { throw Declined() }
            j += 1
            skipSpaces(&j)
            // So is a trailing comma.
            guard j < lineEnd, bytes[j] != close else { throw Declined() }
        }
    }

    /// A node on this line: a flow collection, a quoted or a plain scalar, in block context
    /// (`depth` 0) or inside a flow; returns where it ends.
    private mutating func node(at i: Int, depth: Int) throws(Declined) -> Int {
        guard i < lineEnd else { throw Declined() }
        switch bytes[i] {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            return try flowCollection(at: i, depth: depth + 1)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let scalar = try quoted(at: i)
            emitScalar(scalar)
            return scalar.textStart + scalar.textCount + 1
        default:
            guard canStartPlain(at: i) else { throw Declined() }
            let (end, textEnd) = depth == 0 ? try blockPlain(from: i) : try flowPlain(from: i)
            emitScalar(Scalar(style: .plain, start: i, textStart: i, textCount: textEnd - i))
            return end
        }
    }

    /// A plain scalar in block context: to a comment or the line's end (trailing spaces not
    /// part of it); `: ` inside is declined (`a: b: c`).
    private mutating func blockPlain(from i: Int) throws(Declined) -> (end: Int, textEnd: Int) {
        var j = i
        var textEnd = i
        while j < lineEnd {
            let c = bytes[j]
            if c == UInt8(ascii: " ") {
                if j + 1 < lineEnd, bytes[j + 1] == UInt8(ascii: "#") { break }
            } else if c == UInt8(ascii: ":"), j + 1 == lineEnd || bytes[j + 1] == UInt8(ascii: " ") {
                throw Declined()
            } else {
                textEnd = j + 1
            }
            j += 1
        }
        return (j, textEnd)
    }

    /// A plain scalar in a flow: to a flow indicator or a key's `: `.
    private mutating func flowPlain(from i: Int) throws(Declined) -> (end: Int, textEnd: Int) {
        var j = i
        var textEnd = i
        scan: while j < lineEnd {
            switch bytes[j] {
            case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                break scan
            case UInt8(ascii: ":"):
                // `: ` ends a key; any other `:` in a flow is libyaml's to read.
                guard j + 1 < lineEnd, bytes[j + 1] == UInt8(ascii: " ") else { throw Declined() }
                break scan
            case UInt8(ascii: "?"):
                throw Declined()
            case UInt8(ascii: " "):
                // A comment would leave the flow open on this line.
                if j + 1 < lineEnd, bytes[j + 1] == UInt8(ascii: "#") { throw Declined() }
            default:
                textEnd = j + 1
            }
            j += 1
        }
        return (j, textEnd)
    }

    // MARK: Events

    /// libyaml's column: characters from the line's start.
    private mutating func column(_ i: Int) -> Int32 {
        if lineIsASCII { return Int32(i - lineStart) }
        // Counted on from the line's previous event (events come in order along the line),
        // so a long line of many events is counted once, not once per event.
        if i < counted.offset || counted.offset < lineStart { counted = (lineStart, 0) }
        for k in counted.offset..<i where bytes[k] & 0xC0 != 0x80 { counted.column += 1 }
        counted.offset = i
        return counted.column
    }

    private mutating func start(_ kind: Event.Kind, at i: Int) {
        var event = Event(kind: kind, line: line, column: column(i))
        anchorNode(&event)
        sink.collectionStart(event, scratch: scratch)
    }

    /// Gives the event `nodeAnchor`, if there is one: libyaml marks an anchored node at its anchor.
    private mutating func anchorNode(_ event: inout Event) {
        guard let anchor = nodeAnchor else { return }
        nodeAnchor = nil
        event.anchorStart = anchor.nameStart
        event.line = anchor.line
        event.column = anchor.column
    }

    private mutating func end(_ isMapping: Bool) {
        sink.collectionEnd(Event(kind: isMapping ? .mappingEnd : .sequenceEnd, line: line, column: 0))
    }

    private mutating func emitScalar(_ scalar: Scalar) {
        var event = Event(kind: .scalar, style: scalar.style, line: line, column: column(scalar.start))
        anchorNode(&event)
        if scalar.hasEscapes {
            // `''` is one quote; `\n` and the others are what `escaped` says.
            event.inScratch = true
            event.textStart = Int32(scratch.elementCount)
            var k = scalar.textStart
            let end = scalar.textStart + scalar.textCount
            while k < end {
                let b = bytes[k]
                if scalar.style == .doubleQuoted, b == UInt8(ascii: "\\"), let value = Self.escaped(bytes[k + 1]) {
                    scratch.append(value)
                    k += 2
                } else {
                    scratch.append(b)
                    k += b == UInt8(ascii: "'") && scalar.style == .singleQuoted ? 2 : 1
                }
            }
            event.textCount = Int32(scratch.elementCount) - event.textStart
        } else {
            event.textStart = Int32(scalar.textStart)
            event.textCount = Int32(scalar.textCount)
        }
        sink.scalar(event, input: bytes, scratch: scratch)
    }
}

/// An open block collection of the simple form: the column of its keys or dashes.
struct SimpleFormLevel {
    var indent: Int
    var isMapping: Bool
}

/// One node event of the simple form, its text in the input or (a quoted scalar with `''` or
/// `\n` …, a block scalar) in the reader's scratch.
struct SimpleFormEvent: BitwiseCopyable {
    enum Kind: UInt8 { case scalar, mappingStart, sequenceStart, mappingEnd, sequenceEnd, alias }
    enum Style: UInt8 { case plain, singleQuoted, doubleQuoted, literal, folded }
    var kind: Kind
    var style: Style = .plain
    var inScratch = false
    /// libyaml's mark: 0-based line and column (in characters).
    var line: Int32
    var column: Int32
    var textStart: Int32 = 0
    var textCount: Int32 = 0
    /// A node's anchor or an alias's name, NUL-terminated in `scratch`; -1 for none.
    var anchorStart: Int32 = -1
}

/// Where `SimpleFormReader` gives its events, one by one as it reads them: the composer
/// (`SimpleFormComposer`, the loader's), or a recorder of them (`SimpleFormRecorder`, for
/// the listing the differential tests compare with libyaml's). The event's text and anchor are
/// in `input` or `scratch`, valid for the call only.
/// One method per kind of event, so that each call site of the reader calls the sink's work
/// for its kind directly. (Non-copyable: the composer is moved in and out of the reader, not
/// copied, 48 retains and releases a file less.)
protocol SimpleFormSink: ~Copyable {
    mutating func scalar(_ event: SimpleFormEvent, input: UnsafeBufferPointer<UInt8>, scratch: PlainBuffer<UInt8>)
    mutating func collectionStart(_ event: SimpleFormEvent, scratch: PlainBuffer<UInt8>)
    mutating func collectionEnd(_ event: SimpleFormEvent)
    mutating func alias(_ event: SimpleFormEvent, scratch: PlainBuffer<UInt8>)
}

/// Keeps the events as they are (their text and anchors stay in the reader's scratch).
struct SimpleFormRecorder: SimpleFormSink {
    let events: PlainBuffer<SimpleFormEvent>

    func scalar(_ event: SimpleFormEvent, input: UnsafeBufferPointer<UInt8>, scratch: PlainBuffer<UInt8>) {
        events.append(event)
    }
    func collectionStart(_ event: SimpleFormEvent, scratch: PlainBuffer<UInt8>) { events.append(event) }
    func collectionEnd(_ event: SimpleFormEvent) { events.append(event) }
    func alias(_ event: SimpleFormEvent, scratch: PlainBuffer<UInt8>) { events.append(event) }
}

extension SimpleFormEvent {
    /// This event as the composer reads it, its text in `input` or `scratch` (which must
    /// outlive its use).
    // @inline(__always): one call site, once per event of nearly every file.
    @inline(__always)
    func yamlEvent(input: UnsafeBufferPointer<UInt8>, scratch: UnsafeBufferPointer<UInt8>) -> YAMLEvent {
        // libyaml's marks are 0-based; the reader keeps them so, to compare them with libyaml's.
        let location = SourceLocation(line: Int(line) + 1, column: Int(column) + 1)
        switch kind {
        case .scalar:
            var event = YAMLEvent(.scalar, at: location)
            let text = inScratch ? scratch : input
            event.text = UnsafeBufferPointer(rebasing: text[Int(textStart)..<Int(textStart + textCount)])
            event.style = style.yaml
            event.anchor = anchor(in: scratch)
            return event
        case .mappingStart:
            var event = YAMLEvent(.mappingStart, at: location)
            event.anchor = anchor(in: scratch)
            return event
        case .sequenceStart:
            var event = YAMLEvent(.sequenceStart, at: location)
            event.anchor = anchor(in: scratch)
            return event
        case .mappingEnd: return YAMLEvent(.mappingEnd, at: location)
        case .sequenceEnd: return YAMLEvent(.sequenceEnd, at: location)
        case .alias:
            var event = YAMLEvent(.alias, at: location)
            event.anchor = anchor(in: scratch)
            return event
        }
    }
}

extension SimpleFormEvent {
    @inline(__always)
    private func anchor(in scratch: UnsafeBufferPointer<UInt8>) -> UnsafePointer<UInt8>? {
        anchorStart < 0 ? nil : scratch.baseAddress! + Int(anchorStart)
    }
}

extension SimpleFormEvent.Style {
    var yaml: YAMLEvent.ScalarStyle {
        switch self {
        case .plain: .plain
        case .singleQuoted: .singleQuoted
        case .doubleQuoted: .doubleQuoted
        case .literal: .literal
        case .folded: .folded
        }
    }
}
