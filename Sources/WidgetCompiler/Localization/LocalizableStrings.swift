import WidgetSupport
import WidgetTemplates
import WidgetTime

/// The strings of a definition that a String Catalog translates (spec
/// localization.md "What is localizable"), each with where it is written.
package struct LocalizableString: Sendable {
    /// The key: the text exactly as written, template tags included.
    package let key: String
    package let location: SourceLocation
    /// Where it is written, as a JSON pointer. (`validate` keeps no `LocalizableString` but for a key
    /// its catalog lacks: see `CatalogUse`.)
    package let pointer: String
    /// `{ key: …, args: […] }`: the key names a catalog string with format specifiers
    /// (`%@`, `%lld`), filled with these arguments (docs/localization.md).
    package var arguments: [SourceNode]? = nil

    package var isFormatted: Bool { arguments != nil }

    /// Package-wide, so the catalog fuzz target can name the strings it plans.
    package init(key: String, location: SourceLocation, pointer: String, arguments: [SourceNode]? = nil) {
        self.key = key
        self.location = location
        self.pointer = pointer
        self.arguments = arguments
    }
}

package enum LocalizableStrings {
    /// A widget's: display name, description, parameter titles and value titles,
    /// every string in content, family content, placeholder, snapshot and
    /// daily slots' content, and the texts and labels of its views. An app manifest's: its quick actions' titles and subtitles.
    package static func of(_ document: SourceNode) -> [LocalizableString] {
        struct Collect: Visitor {
            var found: [LocalizableString] = []
            mutating func visit(_ text: String, _ node: SourceNode, arguments: SourceNode.Items?, at place: Place) {
                found.append(LocalizableString(key: text, location: node.location, pointer: place.pointer, arguments: arguments.map(Array.init)))
            }
        }
        var collect = Collect()
        visit(document, &collect)
        return collect.found
    }

    /// What `visit` tells of each string it finds.
    package protocol Visitor {
        /// A string: its text, its node, a key's arguments (nil for text that is not a key with its
        /// arguments) and where it is written.
        mutating func visit(_ text: String, _ node: SourceNode, arguments: SourceNode.Items?, at place: Place)
    }

    /// Where a string is written, its JSON pointer spelled only when asked (`validate` asks only for
    /// a string its catalog lacks: spelled for each string, the pointers were 0.95 MB of `validate`'s
    /// peak heap on bench/validate's examples shape, and about 2.2 k instructions a string, callgrind).
    package struct Place {
        fileprivate let path: [PathStep]
        fileprivate let last: String?
        fileprivate let document: SourceDocument

        package var pointer: String {
            var out = ""
            for step in path {
                out.append("/")
                out.append(JSONPointer.escape(step.text(in: document)))
            }
            if let last {
                out.append("/")
                out.append(JSONPointer.escape(last))
            }
            return out
        }
    }

    /// Each string `of` lists, in its order, told to `visitor`. (A visitor, not a closure: a closure
    /// that captured the catalog copied it at every step of the walk, callgrind.)
    package static func visit<V: Visitor>(_ document: SourceNode, _ visitor: inout V) {
        var walk = Walk(document: document, visitor: visitor)
        walk.all()
        visitor = walk.visitor
    }

    /// The walk of `visit`: one path, grown and shrunk as the walks go down and up, its steps
    /// spelled only for a string found; keys compared and text judged by their bytes in the
    /// document (with a String per key walked and per value judged, 6.4 M instructions on 300
    /// files of bench/validate's examples shape, 3.8 M so; callgrind).
    private struct Walk<V: Visitor> {
        let document: SourceNode
        var visitor: V
        var path: [PathStep] = []

        init(document: SourceNode, visitor: V) {
            self.document = document
            self.visitor = visitor
        }

        private mutating func found(_ text: String, _ node: SourceNode, arguments: SourceNode.Items?, last: String?) {
            let place = Place(path: path, last: last, document: document.document)
            visitor.visit(text, node, arguments: arguments, at: place)
        }

        private mutating func add(_ node: SourceNode?) {
            guard let node, let text = localizableText(node) else { return }
            found(text, node, arguments: nil, last: nil)
        }

        private mutating func add(_ node: SourceNode?, _ last: String) {
            path.append(.word(last))
            add(node)
            path.removeLast()
        }

        private mutating func walk(_ node: SourceNode?) {
            guard let node else { return }
            switch node.kind {
            case .object where node["key"] != nil:
                // A key with its arguments: the arguments are values, not keys.
                guard let key = node["key"], let text = key.string, !text.isEmpty else { return }
                found(text, key, arguments: node["args"]?.items ?? .empty, last: "key")
            case .object:
                for i in 0..<node.count {
                    path.append(.key(node: node.index, member: i))
                    walk(node.child(i))
                    path.removeLast()
                }
            case .array:
                for i in 0..<node.count {
                    path.append(.index(i))
                    walk(node.child(i))
                    path.removeLast()
                }
            default: add(node)
            }
        }

        /// A view element's texts (docs/views.md): `text`, labels, `accessibilityLabel`; then its children's.
        /// (Keys by their bytes: for these words, as `String ==` decides; see `SourceNode[word:]`.)
        private mutating func element(_ node: SourceNode?) {
            guard let node, node.isMapping else { return }
            for i in 0..<node.count {
                let key = node.keyBytes(i)
                if isWord(key, "text") || isWord(key, "label") || isWord(key, "currentValueLabel") || isWord(key, "accessibilityLabel") {
                    add(node.child(i), node.key(i))
                } else if isWord(key, "vstack") || isWord(key, "hstack") || isWord(key, "zstack") || isWord(key, "group") {
                    path.append(.key(node: node.index, member: i))
                    let items = node.child(i).items
                    for j in 0..<items.count {
                        path.append(.index(j))
                        element(items[j])
                        path.removeLast()
                    }
                    path.removeLast()
                } else if isWord(key, "item") {
                    path.append(.word("item"))
                    element(node.child(i))
                    path.removeLast()
                }
            }
        }

        mutating func all() {
            if document["app"] != nil {
                for (i, shortcut) in (document["shortcuts"]?.items ?? .empty).enumerated() {
                    path = [.word("shortcuts"), .index(i)]
                    add(shortcut["title"], "title")
                    add(shortcut["subtitle"], "subtitle")
                }
                let item = document["dynamicShortcuts"]?["item"]
                path = [.word("dynamicShortcuts"), .word("item")]
                add(item?["title"], "title")
                add(item?["subtitle"], "subtitle")
                return
            }
            add(document["displayName"], "displayName")
            add(document["description"], "description")
            for p in document["parameters"]?.members ?? .empty {
                path = [.word("parameters"), .word(p.key)]
                add(p.value["title"], "title")
                path.append(.word("valueTitles"))
                for v in p.value["valueTitles"]?.members ?? .empty { add(v.value, v.key) }
            }
            for key in ["content", "familyContent", "placeholder", "snapshot"] {
                path = [.word(key)]
                walk(document[key])
            }
            for (i, slot) in (document["timeline"]?["daily"]?.items ?? .empty).enumerated() {
                path = [.word("timeline"), .word("daily"), .index(i), .word("content")]
                walk(slot["content"])
            }
            path = [.word("view")]
            element(document["view"])
            for m in document["familyView"]?.members ?? .empty {
                path = [.word("familyView"), .word(m.key)]
                element(m.value)
            }
        }
    }

    /// A step of a path being walked, spelled only when a string is found.
    fileprivate enum PathStep {
        case word(String)
        /// The key of member `member` of mapping `node`.
        case key(node: Int32, member: Int)
        case index(Int)

        func text(in document: SourceDocument) -> String {
            switch self {
            case .word(let word): word
            case .key(let node, let member): document.key(node, member)
            case .index(let i): String(i)
            }
        }
    }

    private static func isWord(_ key: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        key.hasSameBytes(as: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }

    /// A string node's text when it is localizable (`isLocalizable`), judged on its bytes when
    /// they are ASCII: a String is made only for text that is.
    private static func localizableText(_ node: SourceNode) -> String? {
        guard let bytes = node.stringBytes else { return nil }
        guard bytes.isASCII else {
            let text = String(decoding: bytes, as: UTF8.self)
            return isLocalizable(text) ? text : nil
        }
        guard hasLetterOutsideASCIITags(bytes) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        // (An ASCII Character is a number only as a digit.)
        if let first = bytes.first, first &- UInt8(ascii: "0") < 10, (try? InstantParser.parse(text)) != nil { return nil }
        return text
    }

    /// Text with a letter outside its template tags (`{{progress}}%` and `--` are not).
    /// An ISO 8601 instant (a snapshot's date) is data, not text, though it has a `T`.
    package static func isLocalizable(_ text: String) -> Bool {
        if let first = text.first, first.isNumber, (try? InstantParser.parse(text)) != nil { return false }
        // The text's Characters as tag scan codes (`TagScanCodes`, bytes where they are ASCII):
        // walked as a Substring with `hasPrefix` at every Character it cost about 19 k instructions
        // a string (callgrind, 300 files of bench/validate's examples shape: 11.3 M; as an array of
        // Characters LocalizableStrings.of took 6.4 M instead of 8.6 M).
        return text.utf8.withContiguousStorageIfAvailable(hasLetterOutsideTags)
            ?? Array(text.utf8).withUnsafeBufferPointer(hasLetterOutsideTags)
    }

    /// What the tag scan reads of a character: a brace, a letter (`a`), or something else (0).
    private static func tagScanCode(_ byte: UInt8) -> UInt8 {
        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") { return byte }
        return (byte | 0x20) &- UInt8(ascii: "a") < 26 ? UInt8(ascii: "a") : 0
    }

    private static func tagScanCode(_ c: Character) -> UInt8 {
        // An ASCII value is a single ASCII scalar's (or CR LF's, neither a brace nor a letter).
        guard let ascii = c.asciiValue else { return c.isLetter ? UInt8(ascii: "a") : 0 }
        return tagScanCode(ascii)
    }

    /// The tag scan's codes of UTF-8 text's Characters, in order. Between two ASCII characters but
    /// CR LF there is always a Character boundary (UAX #29: no ASCII character extends, prepends to
    /// or joins another), and the rules at a boundary look back no further than such a pair: only
    /// the stretches around the text that is not ASCII are broken into Characters, the rest is read
    /// byte by byte. (The text as an array of Characters took two passes of grapheme breaking over
    /// all of it, and one pass ~160 instructions a Character: 1.01 M on 64 strings of notes.yaml,
    /// 304 files of bench/validate's examples shape, callgrind.)
    private struct TagScanCodes: IteratorProtocol {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0
        var stretch: String.Iterator? = nil

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func next() -> UInt8? {
            if stretch != nil {
                if let c = stretch!.next() { return tagScanCode(c) }
                stretch = nil
            }
            let n = bytes.count
            guard i < n else { return nil }
            let x = bytes[i]
            if x < 0x80, i + 1 == n || bytes[i + 1] < 0x80 {
                i += x == 13 && i + 1 < n && bytes[i + 1] == 10 ? 2 : 1
                return tagScanCode(x)
            }
            // Up to the next boundary between two ASCII characters (not CR LF), or the end.
            var j = i + 1
            while j < n, !(bytes[j - 1] < 0x80 && bytes[j] < 0x80 && !(bytes[j - 1] == 13 && bytes[j] == 10)) { j += 1 }
            stretch = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<j]), as: UTF8.self).makeIterator()
            i = j
            return next()
        }
    }

    /// Whether UTF-8 text has a letter outside its `{{…}}` tags (a third `}` closing a tag too).
    private static func hasLetterOutsideTags(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.isASCII { return hasLetterOutsideASCIITags(bytes) }
        var codes = TagScanCodes(bytes)
        return hasLetterOutsideTags(&codes)
    }

    /// `hasLetterOutsideTags` of ASCII text, whose Characters are its bytes (or CR LF, neither a
    /// letter nor a brace): mapped byte by byte, without `TagScanCodes`' test for text that is not
    /// ASCII at each (through it, `CatalogUse` took 3.07 M instructions instead of 2.59 M on 304
    /// files of bench/validate's examples shape, callgrind).
    private static func hasLetterOutsideASCIITags(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var codes = bytes.lazy.map(tagScanCode).makeIterator()
        return hasLetterOutsideTags(&codes)
    }

    /// `hasLetterOutsideTags` over tag scan codes, in one pass, ending at the first letter.
    private static func hasLetterOutsideTags(_ codes: inout some IteratorProtocol<UInt8>) -> Bool {
        let (open, close, letter) = (UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "a"))
        var current = codes.next()
        while let c = current {
            let next = codes.next()
            if c == open, next == open {
                // In a tag: up to its `}}` (and a third `}`), or to the end.
                var a = codes.next()
                var b = a == nil ? nil : codes.next()
                while let x = a, !(x == close && b == close) {
                    a = b
                    b = b == nil ? nil : codes.next()
                }
                guard a != nil else { return false }
                current = codes.next()
                if current == close { current = codes.next() }
                continue
            }
            if c == letter { return true }
            current = next
        }
        return false
    }

    /// The catalog a definition names (`localization.catalog`), resolved against its file.
    package static func catalogPath(of document: SourceNode, file: String) -> (path: String, node: SourceNode)? {
        guard let node = document["localization"]?["catalog"], let relative = node.string else { return nil }
        return (relative.hasPrefix("/") ? relative : SourceFiles.directory(of: file) + relative, node)
    }
}
