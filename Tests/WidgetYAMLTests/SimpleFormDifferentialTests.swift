import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetYAML

/// `SimpleFormReader` against libyaml: whatever the simple form reads, libyaml reads
/// without error into the same events, mark for mark (same scalars, styles, lines and
/// columns). The composer after them is shared, so the same events are the same documents
/// and the same diagnostics; and since the simple form composes each event as it reads it
/// (a composer error does not end the reading, the reader may still decline after it), the
/// loader's file is compared too: documents node for node, the error and the duplicates.
@Suite struct SimpleFormDifferentialTests {
    /// What one input did: read by the simple form (and agreed with libyaml), or declined.
    enum Outcome: Equatable { case agreed, declined, disagreed(String) }

    static func compare(_ bytes: [UInt8]) -> Outcome {
        guard let simple = YAMLEventListing.simpleForm(bytes) else { return .declined }
        guard let libyaml = YAMLEventListing.libyaml(bytes) else {
            return .disagreed("the simple form read it, libyaml refuses it")
        }
        guard simple != libyaml else { return composedAlike(bytes) }
        for (i, (s, l)) in zip(simple, libyaml).enumerated() where s != l {
            return .disagreed("event \(i): simple form \(s), libyaml \(l)")
        }
        return .disagreed("\(simple.count) events from the simple form, \(libyaml.count) from libyaml")
    }

    /// The loader's file read through the simple form and through libyaml: the same.
    static func composedAlike(_ bytes: [UInt8]) -> Outcome {
        let s = YAMLEventListing.loaded(bytes, simpleForm: true), l = YAMLEventListing.loaded(bytes, simpleForm: false)
        guard s != l else { return .agreed }
        for (i, (a, b)) in zip(s, l).enumerated() where a != b {
            return .disagreed("composed, line \(i): simple form \(a), libyaml \(b)")
        }
        return .disagreed("composed: \(s.count) lines from the simple form, \(l.count) from libyaml")
    }

    /// Every YAML file of the examples and the test fixtures.
    static func repositoryFiles() -> [(name: String, bytes: [UInt8])] {
        var files: [(String, [UInt8])] = []
        for folder in [TestPaths.widgets, TestPaths.root + "/Tests", TestPaths.root + "/docs"] {
            guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") {
                let path = folder + "/" + relative
                if let data = FileManager.default.contents(atPath: path) { files.append((path, Array(data))) }
            }
        }
        return files.sorted { $0.0 < $1.0 }
    }

    @Test func examplesAndFixturesReadAsLibyamlReadsThem() {
        let files = Self.repositoryFiles()
        #expect(files.count > 40)
        var agreed = 0
        var examplesAgreed = 0, examples = 0
        var declined: [String] = []
        for (name, bytes) in files {
            let outcome = Self.compare(bytes)
            if case .disagreed(let why) = outcome { Issue.record("\(name): \(why)") }
            if outcome == .agreed { agreed += 1 }
            if outcome == .declined { declined.append(String(name.dropFirst(TestPaths.root.count + 1))) }
            if name.hasPrefix(TestPaths.widgets) {
                examples += 1
                if outcome == .agreed { examplesAgreed += 1 }
            }
        }
        print("simple form: \(agreed) of \(files.count) files read; examples \(examplesAgreed) of \(examples); declined: \(declined.joined(separator: ", "))")
        // Not a vacuous pass: most examples are in the simple form.
        #expect(examplesAgreed * 4 >= examples * 3, "\(examplesAgreed) of \(examples) examples in the simple form")
    }

    @Test(.conformance("yaml-test-suite")) func yamlTestSuiteReadAsLibyamlReadsIt() throws {
        let root = try Conformance.folder("yaml-test-suite")
        var read: Set<String> = [], total = 0
        let walker = try #require(FileManager.default.enumerator(atPath: root.path))
        for case let relative as String in walker where relative.hasSuffix("in.yaml") {
            guard let data = FileManager.default.contents(atPath: root.path + "/" + relative) else { continue }
            total += 1
            let outcome = Self.compare(Array(data))
            if case .disagreed(let why) = outcome { Issue.record("\(relative): \(why)") }
            if outcome == .agreed { read.insert(String(relative.dropLast("/in.yaml".count))) }
        }
        print("simple form: \(read.count) of \(total) YAML test suite cases read: \(read.sorted().joined(separator: " "))")
        #expect(total > 300)
        // The cases of block scalars, anchors and aliases the simple form reads (each proven
        // identical to libyaml's events above): if one of them is declined again, the form shrank.
        let blockScalarsAndAnchors = Self.suiteCasesRead.subtracting(read)
        #expect(blockScalarsAndAnchors.isEmpty, "declined now: \(blockScalarsAndAnchors.sorted())")
    }

    /// YAML test suite cases (by id) that the simple form reads: block scalars with every header
    /// (`|`, `>`, `|-`, `>+`, `|2`, …), anchors on scalars, flows and block collections, aliases.
    static let suiteCasesRead: Set<String> = [
        "3GZX", "4QFQ", "4WA9", "5BVJ", "A6F9", "D83L", "F8F9", "H2RW", "HMK4", "JEF9/00", "JEF9/01", "JEF9/02",
        "JS2J", "K858", "L24T/00", "L24T/01", "M6YH", "MZX3", "P2AD", "S98Z", "V55R",
    ]

    /// The validate benchmark's generator (bench/gen_corpus.py): files written as authors
    /// write them, a tenth of them invalid. (`SIMPLE_FORM_CORPUS=DIR` reads DIR/*.yaml instead,
    /// such as the benchmark's whole corpus, bench/out/corpus/widgets.)
    @Test(.enabled(if: SimpleFormDifferentialTests.python3 != nil, "python3 is not installed"))
    func generatedCorpusReadAsLibyamlReadsIt() throws {
        let folder = ProcessInfo.processInfo.environment["SIMPLE_FORM_CORPUS"] ?? ""
        try Self.compareGenerated(
            folder.isEmpty ? ["gen_corpus.py", "--count", "400", "--seed", "7"] : nil, folder: folder, name: "generated")
    }

    /// bench/validate's `styles` shape (bench/gen_shapes.py): block scalar descriptions (`|`, `>`)
    /// and anchored placeholders aliased as snapshots, each one read by the simple form.
    @Test(.enabled(if: SimpleFormDifferentialTests.python3 != nil, "python3 is not installed"))
    func authoredStylesReadAsLibyamlReadsThem() throws {
        try Self.compareGenerated(["gen_shapes.py", "--shape", "styles", "--count", "400", "--seed", "11"], folder: "", name: "styles")
    }

    /// Runs `bench/SCRIPT ARGS --out TMP` (or reads `folder`) and compares every file; at least 90%
    /// must be read by the simple form.
    static func compareGenerated(_ script: [String]?, folder: String, name: String) throws {
        let fm = FileManager.default
        var folder = folder
        var generated: String? = nil
        if let script {
            let out = fm.temporaryDirectory.appendingPathComponent("widgetc-simple-form-\(name)-\(getpid())").path
            generated = out
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.python3!)
            process.arguments = [TestPaths.root + "/bench/" + script[0]] + script.dropFirst() + ["--out", out]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            folder = out + "/widgets"
        }
        defer { if let generated { try? fm.removeItem(atPath: generated) } }
        let names = try fm.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(names.count >= 400)
        var agreed = 0
        for file in names {
            guard let data = fm.contents(atPath: folder + "/" + file) else { continue }
            let outcome = Self.compare(Array(data))
            if case .disagreed(let why) = outcome { Issue.record("\(file): \(why)") }
            if outcome == .agreed { agreed += 1 }
        }
        print("simple form: \(agreed) of \(names.count) \(name) files read")
        #expect(agreed * 10 >= names.count * 9, "\(agreed) of \(names.count) \(name) files in the simple form")
    }

    /// Corners the mutations do not reach: long keys (libyaml stops taking a key for one past
    /// 1,024 characters), deep nesting, long lines, the escapes next to one another, spaces
    /// around indicators.
    static func repeated(_ piece: String, _ n: Int) -> String { String(repeating: piece, count: n) }
    static func nested(_ levels: Int, _ line: (Int) -> String) -> String {
        (0..<levels).map(line).joined(separator: "\n") + " end"
    }
    /// Each with whether the simple form reads it (else it declines it).
    static let corners: [(text: String, read: Bool)] = [
        ("k: {" + repeated("a", 1030) + ": 1}", false),
        ("k: {" + repeated("a", 990) + ": 1}", true),
        ("\"" + repeated("b", 1030) + "\": 1", false),
        (repeated("c", 999) + ": 1", true),
        ("k: " + repeated("long value ", 500), true),
        ("- " + repeated("[", 40) + repeated("]", 40), false),
        ("- " + repeated("[", 32) + "x" + repeated("]", 32), true),
        (nested(100) { repeated(" ", $0) + "k\($0):" }, false),
        (nested(64) { repeated(" ", $0) + "k\($0):" }, true),
        (nested(40) { repeated("    ", $0) + "- k:" }, false),
        (nested(30) { repeated("    ", $0) + "- k:" }, true),
        (nested(3) { repeated("  ", $0) + "- k:" }, false),  // a sequence at its key's indentation
        (#"k: "\n\t\\\"\/x"\#nj: 'a''b'\#nl: ["\"", '''']"#, true),
        ("k: v # c\n# c\n  # c\nj: [a , b ]  # c\nl: { a : b }", true),
        ("k: [" + Array(repeating: "é·x", count: 2000).joined(separator: ", ") + "]\n— : [—, {ü: ö}]", true),
        // Block scalars: every header, empty and more-indented lines, the end of the file.
        ("a: |\n  one\n  two\nb: 1", true),
        ("a: >\n  one\n  two\n\n  three\n   more\n  four\nb: 1", true),
        ("a: |-\n  x\n\n\nb: >+\n  y\n\n\nc: >-\n  z\n", true),
        ("a: |+\n  x\n\n", true),
        ("a: |+\n  x", true),
        ("a: >\n\n  \n  x\n     \n  y\n", true),
        ("a: |2\n    indented\n  x\n", true),
        ("a: >1-\n   y\n z\n", true),
        ("a: |-2\n    y\n", true),
        ("- |\n  é é\n- >\n  ü\n  ö\n- k: |\n    in a compact mapping\n  j: x", true),
        ("a:\n  b: | # comment\n    x # not a comment\n  # a comment\n  c: 1", true),
        ("a: |\n  x\n   \n  y\n # c\nb: 1", true),
        ("a: |\nb: 1", true),  // empty: the next line is not more indented
        ("a: |\n      x\n  y", false),  // the line after is less indented than the content but more than `a`
        ("a: |0\n  x", false),
        ("a: |x\n  x", false),
        ("a: |#c\n  x", false),
        ("a: |", false),  // a header on the last line
        ("a: |\n\tx", false),
        // Anchors and aliases.
        ("a: &x 1\nb: *x\nc: &y [1, {k: v}]\nd: &z\n  k: v\ne: *z\nf: &w |\n  t\n", true),
        ("- &x\n  - 1\n- *x\n- &y 'q'\n- &w # c\n  k: v", true),
        ("a: &anchor-name_1 \"q\"\nb: *anchor-name_1 # c", true),
        ("- &x k: v", false),       // the anchor is the key's
        ("&x a: 1", false),
        ("a: &x *y", false),
        ("a: [&x 1]", false),
        ("a: [*x]", false),
        ("a: &x:y 1", false),
        ("a: *x:", false),
        ("a: &x !!str 1", false),
        ("a: &x\nb: 1", false),     // an anchored empty value
    ]

    @Test(arguments: SimpleFormDifferentialTests.corners)
    func cornersReadAsLibyamlReadsThem(_ text: String, read: Bool) {
        let outcome = Self.compare(Array(text.utf8))
        if case .disagreed(let why) = outcome { Issue.record(Comment(rawValue: why)) }
        #expect(outcome == (read ? .agreed : .declined))
    }

    /// The composer's errors in the simple form, each followed by the form going on (the
    /// error is the file's) or by a line it declines (libyaml reads the file again, and its
    /// first error is the file's): either way the file loads as libyaml loads it.
    static var composerErrors: [(text: String, code: String)] {
        // An alias bomb of block sequences: each level ten aliases of the one before.
        var bomb = "l0: &l0\n" + repeated("  - x\n", 10)
        for level in 1...6 { bomb += "l\(level): &l\(level)\n" + repeated("  - *l\(level - 1)\n", 10) }
        var cases: [(String, String)] = []
        for (text, code) in [
            ("a: *x\n", "yaml-alias"),
            ("a: &x\n  b: *x\n", "yaml-alias"),
            ("k: 1\nk: 2\nb: *y\n", "yaml-alias"),
            ("a: &m {x: 1}\nb:\n  <<: 3\n", "yaml-merge"),
            ("a:\n  <<: [1]\n", "yaml-merge"),
            ("a:\n  <<: {x: 1}\n  <<: {y: 1}\n", "yaml-duplicate-key"),
            (bomb, "yaml-alias-limit"),
        ] {
            cases.append((text + "z: 1\n", code))
            cases.append((text + "z: \"\\u0041\"\n", code))  // an escape the simple form declines
        }
        // Duplicates alone are not fatal: reading goes on.
        cases.append(("k: 1\nk: 2\nz: 1\n", "none"))
        cases.append(("k: 1\nk: 2\nz: \"\\u0041\"\n", "none"))
        return cases
    }

    @Test(arguments: SimpleFormDifferentialTests.composerErrors)
    func composerErrorsLoadAsLibyamlLoadsThem(_ text: String, code: String) {
        let bytes = Array(text.utf8)
        let simple = YAMLEventListing.loaded(bytes, simpleForm: true)
        #expect(simple == YAMLEventListing.loaded(bytes, simpleForm: false))
        let error = bytes.withUnsafeBufferPointer { YAMLLoader.load(buffer: $0).error }
        #expect(error.map { "\($0.code)" } ?? "none" == code)
        // The ones without the escape are read by the simple form (their error is the composer's there).
        #expect((YAMLEventListing.simpleForm(bytes) != nil) == !text.contains("\\u"))
    }

    /// Small edits of the examples and fixtures with the characters YAML gives a meaning to:
    /// each one the simple form reads, libyaml reads the same. (`SIMPLE_FORM_MUTATIONS=N`
    /// runs N instead of 30,000, and `SIMPLE_FORM_SEED` another seed, for a longer search.)
    @Test func mutationsReadAsLibyamlReadsThem() {
        let environment = ProcessInfo.processInfo.environment
        let rounds = environment["SIMPLE_FORM_MUTATIONS"].flatMap { Int($0) } ?? 30_000
        let seed = environment["SIMPLE_FORM_SEED"].flatMap { UInt64($0) } ?? 20261202
        let bases = Self.repositoryFiles().map(\.bytes)
        #expect(!bases.isEmpty)
        var generator = SplitMix(seed: seed)
        var agreed = 0, declined = 0
        var disagreements: [String] = []
        for round in 0..<rounds {
            var bytes = bases[round % bases.count]
            for _ in 0...Int(generator.next() % 3) { Self.mutate(&bytes, &generator) }
            switch Self.compare(bytes) {
            case .agreed: agreed += 1
            case .declined: declined += 1
            case .disagreed(let why):
                if disagreements.count < 5 {
                    disagreements.append("\(why)\n--- input ---\n\(String(decoding: bytes, as: UTF8.self))")
                }
            }
        }
        print("simple form on mutations: \(agreed) read, \(declined) declined")
        for d in disagreements { Issue.record(Comment(rawValue: d)) }
        #expect(agreed > 500 && declined > 500)
    }

    static let pieces: [[UInt8]] = [
        " ", "  ", "\n", ":", ": ", "-", "- ", "#", " #", "'", "''", "\"", "[", "]", "{", "}", ",", ", ", "?", "? ",
        "&a ", "*a", "!!str ", "|", ">", "%", "@", "`", "\\", "\t", "\r", "\r\n", ".", "...", "---", "a", "0",
        "-1", "é", "—", "\\n", "\\\"", "\\t", "\\/", "\\\\", "\\u00e9", "\\x41", "\\ ", "|", "|-", ">+", "|2", ">1-", "|\n  ", ">\n", "&a", "&a\n", "*a", " *a", "&b ", "\u{85}", "\u{2028}", "\u{FEFF}", "\u{7F}", "x: y", "[a, b]", "{a: b}", "k:",
    ].map { Array($0.utf8) }

    static func mutate(_ bytes: inout [UInt8], _ g: inout SplitMix) {
        guard !bytes.isEmpty else { bytes = pieces[Int(g.next() % UInt64(pieces.count))]; return }
        let at = Int(g.next() % UInt64(bytes.count))
        switch g.next() % 6 {
        case 0, 1:  // insert a piece
            bytes.insert(contentsOf: pieces[Int(g.next() % UInt64(pieces.count))], at: at)
        case 2:  // delete 1 to 3 bytes (possibly inside a character)
            bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(g.next() % 3)))
        case 3:  // replace a byte by a piece
            bytes.replaceSubrange(at...at, with: pieces[Int(g.next() % UInt64(pieces.count))])
        case 4:  // indent or outdent the line
            let start = bytes[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            if g.next() % 2 == 0 { bytes.insert(0x20, at: start) } else if start < bytes.count, bytes[start] == 0x20 { bytes.remove(at: start) }
        default:  // duplicate the line
            let start = bytes[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let end = bytes[at...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
            bytes.insert(contentsOf: Array(bytes[start..<end]), at: start)
        }
    }

    static let python3: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}
