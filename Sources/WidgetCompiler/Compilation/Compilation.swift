#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetDiagnostics
import WidgetSupport

/// One compilation: what every command that reads definitions (validate, compile, generate,
/// run, preview, fetch, actions, strings) and the editor service go through.
///
/// Phase 1 (`FileStages`) takes each file alone through its stages, loaded → shaped → definition
/// → checked → plan, a batch of files at a time on several threads. Phase 2 then concludes the
/// files one by one in their turn, on the calling thread, with every rule that needs several files:
/// kinds unique across files, an app manifest's bundle (its files exist, their kinds are unique)
/// and its plan, the String Catalogs' uses. A file a manifest names and the command did not give is
/// queued back into phase 1. Every file is read once: phase 1 examines each path once (a file
/// given twice, or given and named by a manifest, included), and phase 2 reads nothing.
///
/// Only the findings of a file are kept past its turn (and its kinds, for a later manifest), so
/// memory stays flat however many files are given.
package final class Compilation {
    /// What the command needs, which decides what is lowered and which files are reported.
    package enum Purpose: Sendable {
        /// `validate` and the editor: every given file's diagnostics. A manifest's bundle files
        /// are read for their kinds only, and not reported.
        case check
        /// `compile`, `generate`, `actions`: also each clean document's plan. A manifest's bundle
        /// files are compiled too, reported after the files given, each once by real path.
        case compile
        /// `run`, `preview`, `fetch`: as `compile`, but every file once by real path, a manifest's
        /// bundle files right after it (they run with its container), and a compiled plan
        /// (`KIND.plan.json`) passed on as read.
        case run
        /// `strings`: every file's documents as read (no checks), an app manifest's bundle
        /// files after the files given, each once by real path (`followsBundle` says which manifests).
        case collect

        /// Whether a document without errors goes on to its plan.
        var lowers: Bool { self == .compile || self == .run }
    }

    /// Phase 1, safe to share between compilations (the editor checks each version of a document
    /// afresh, with the schemas compiled once).
    package let stages: FileStages
    package let purpose: Purpose
    /// Threads for phase 1.
    private let jobs: Int
    /// `collect`: whether a manifest's bundle is collected too (the manifest's document, its file).
    package var followsBundle: (SourceNode, String) -> Bool = { _, _ in true }

    // Phase 2: the state across files, kept over every `compile` call.
    /// Every widget kind concluded, for uniqueness across files.
    private var kinds = KindTable()
    /// The String Catalogs the definitions name, in the order first met, with their uses (merged in each file's turn).
    private var catalogUses: [(catalog: String, uses: CatalogUses)] = []
    /// The files manifests named that were not given, by the path the manifest names them with.
    private var named: [String: NamedFile] = [:]
    /// Real paths of the files reported: every turn's for `run`; for `compile`, made at the first
    /// manifest's bundle (resolving 10,000 paths costs 60,000 readlink calls).
    private var seen: Set<String>? = nil

    /// A file a manifest named: its kinds, and (when lowering) its examination until its turn.
    private struct NamedFile {
        let kinds: BundleKinds
        var examined: ExaminedFile?
    }

    /// Files per thread in a batch of phase 1. Each batch ends in a wait for its slowest file,
    /// which costs CPU: on bench/validate's 10,000 files with 2 threads, 16 per thread took 2.00x
    /// the floor's CPU and 128 took 1.88x (medians of 25 rounds in random order; 64 and 512 were
    /// no better), and peak memory stayed at 30 MB (a batch's examinations are small beside the
    /// runtime's own).
    static let filesPerJob = 128

    /// - Parameters:
    ///   - reader: how definition files are read (each once; a test counts the reads).
    ///   - jobs: threads for phase 1 (1: every file on the calling thread).
    package init(
        mode: FileStages.Mode = .definitions, purpose: Purpose = .check, reader: FileReader = .files, jobs: Int = 1
    ) {
        stages = FileStages(mode: mode, reader: reader)
        self.purpose = purpose
        self.jobs = max(1, jobs)
    }

    /// A compilation with nothing concluded yet over existing stages (their schemas compiled once).
    package init(sharing stages: FileStages, purpose: Purpose = .check) {
        self.stages = stages
        self.purpose = purpose
        jobs = 1
    }

    // MARK: Turns

    /// Compiles `files` in turn: `each` gets every file reported, in order, once phase 2 has
    /// concluded it. Throws the first file in turn that cannot be read (the command line is
    /// wrong), after the files before it; a file too large is its own diagnostic instead.
    /// - Parameter contents: the first file's bytes, when they are in memory (the editor).
    package func compile(_ files: [String], contents: [UInt8]? = nil, _ each: (CompiledFile) -> Void) throws(FileError) {
        try compile(SourcePaths(files), contents: contents, each)
    }

    /// `compile` of files kept compactly (a command's thousands of files, `SourcePaths`).
    package func compile(_ files: SourcePaths, contents: [UInt8]? = nil, _ each: (CompiledFile) -> Void) throws(FileError) {
        var pass = Pass(files: files, contents: contents)
        kinds.reserve(for: files)
        var start = 0
        while start < files.count {
            // One thread examines a run at a time, stage by stage, as each thread of several does.
            let end = min(files.count, start + (jobs == 1 ? Self.filesPerRun : jobs * Self.filesPerJob))
            examineBatch(start..<end, &pass)
            prefetchBundles(&pass)
            for position in start..<end {
                try givenTurn(position, &pass, each)
            }
            start = end
        }
        // `compile`: a bundle's files, in the order the manifests name them (a manifest among them adds its own).
        var next = 0
        while next < pass.appended.count {
            let path = pass.appended[next]
            next += 1
            try turn(take(path, &pass), bundledBy: nil, &pass, each)
        }
    }

    /// One file, concluded (its bundle's files, which a manifest brings in, are not returned).
    package func compile(path: String) throws(FileError) -> CompiledFile? {
        var first: CompiledFile? = nil
        try compile([path]) { if first == nil { first = $0 } }
        return first
    }

    /// One file's contents, concluded (the editor; its bundle's files are read from disk).
    package func compile(bytes: [UInt8], path: String) -> CompiledFile? {
        var first: CompiledFile? = nil
        // A file given as bytes has no read error to throw.
        try? compile([path], contents: bytes) { if first == nil { first = $0 } }
        return first
    }

    /// One file's diagnostics.
    package func validate(path: String) throws(FileError) -> [Diagnostic] {
        try compile(path: path)?.diagnostics ?? []
    }

    /// One file's diagnostics, from its contents.
    package func validate(bytes: [UInt8], path: String) -> [Diagnostic] {
        compile(bytes: bytes, path: path)?.diagnostics ?? []
    }

    /// The state of one `compile` call.
    private struct Pass {
        let files: SourcePaths
        let contents: [UInt8]?
        /// Each path's first position among `files`, by hash (`position(of:)`). Not made for files
        /// that are ASCII and in strictly ascending byte order (a directory's walk, sorted): none is
        /// given twice and a binary search finds one; made then at the first lookup of a path that is
        /// not ASCII. (0.26 MB and each path made and hashed once more, on 17,100 files.)
        private var positions: HashSlots? = nil
        /// A later position of a path given twice, to its first.
        var repeats: [Int: Int] = [:]
        /// How many later turns still need the examination of a path given twice, by its first position.
        var laterTurns: [Int: Int] = [:]
        /// The batch's examinations, by position from `batchStart`.
        var batch: [ExaminedFile?] = []
        var batchStart = 0
        /// Examinations kept for a later turn: a given file a manifest reached first, or one given again.
        var kept: [Int: ExaminedFile] = [:]
        /// By position, once examined: what a manifest's bundle check needs.
        var kinds: GivenKinds
        /// Given files whose examination a manifest's turn took (`run`): not examined again.
        var taken: Set<Int> = []
        /// `compile`: the bundles' files to report after the given ones.
        var appended: [String] = []

        /// The batch's examination of a given file, taken from the batch.
        mutating func takeBatch(_ position: Int) -> ExaminedFile? {
            let slot = position - batchStart
            guard batch.indices.contains(slot) else { return nil }
            defer { batch[slot] = nil }
            return batch[slot]
        }

        init(files: SourcePaths, contents: [UInt8]?) {
            self.files = files
            self.contents = contents
            kinds = GivenKinds(count: files.count)
            if !files.isAscendingASCII { indexPositions() }
        }

        /// Makes `positions`, and finds the paths given twice.
        private mutating func indexPositions() {
            var positions = HashSlots()
            positions.reserve(files.count)
            for (i, path) in files.enumerated() {
                let hash = path.hashValue
                if let first = positions.find(hash: hash, { files[$0] == path }) {
                    repeats[i] = first
                    laterTurns[first, default: 0] += 1
                } else {
                    positions.insert(hash: hash, entry: i)
                }
            }
            self.positions = positions
        }

        /// The first position of `path` among `files`.
        mutating func position(of path: String) -> Int? {
            if positions == nil {
                var ascii = path
                if ascii.withUTF8({ $0.isASCII }) { return files.index(ofASCII: path) }
                indexPositions()
            }
            return positions?.find(hash: path.hashValue) { files[$0] == path }
        }
    }

    /// By position, what a manifest's bundle check needs of each given file once examined. A
    /// concluded file whose kinds are one widget kind (the usual file) is only that kind's entry
    /// in `kinds`: 4 bytes a file, where a `BundleKinds?` took 24 and kept the kind's String
    /// (0.41 MB and 1.26 MB on 17,100 files, massif).
    private struct GivenKinds {
        /// The entry + 1 in the compilation's `KindTable`; 0: in `others`, or not examined.
        private var entries: [UInt32]
        private var others: [Int: BundleKinds] = [:]

        init(count: Int) {
            entries = Array(repeating: 0, count: count)
        }

        mutating func set(_ position: Int, _ kinds: BundleKinds) {
            entries[position] = 0
            others[position] = kinds
        }

        /// The file at `position` is concluded, and its kinds are exactly `entry`'s kind.
        mutating func set(_ position: Int, entry: Int) {
            entries[position] = UInt32(entry + 1)
            others[position] = nil
        }

        func isExamined(_ position: Int) -> Bool {
            entries[position] != 0 || others[position] != nil
        }

        func kinds(at position: Int, in table: KindTable) -> BundleKinds? {
            if entries[position] != 0 { return BundleKinds(kinds: [table.name(Int(entries[position]) - 1)]) }
            return others[position]
        }
    }

    /// Phase 1 for the batch's given files that are not examined yet, on `jobs` threads.
    private func examineBatch(_ range: Range<Int>, _ pass: inout Pass) {
        var todo: [Int] = []
        todo.reserveCapacity(range.count)
        for position in range where pass.repeats[position] == nil && pass.kept[position] == nil && !pass.taken.contains(position) {
            todo.append(position)
        }
        let files = pass.files
        let contents = pass.contents
        let (stages, purpose) = (stages, purpose)
        let examined = ParallelStages.map(Self.runs(of: todo), jobs: jobs) { run in
            Self.examine(run.map { (files[$0], .given, $0 == 0 ? contents : nil) }, stages, purpose)
        }.flatMap { $0 }
        pass.batchStart = range.lowerBound
        pass.batch = Array(repeating: nil, count: range.count)
        for (position, file) in zip(todo, examined) {
            pass.kinds.set(position, file.bundleKinds)
            pass.batch[position - range.lowerBound] = file
        }
    }

    /// The files the batch's manifests name that no one has examined yet, queued back into
    /// phase 1 together (their bundle checks would otherwise examine them one at a time).
    private func prefetchBundles(_ pass: inout Pass) {
        var wanted: [(path: String, given: Int?)] = []
        var asked = Set<String>()
        for file in pass.batch {
            for document in file?.documents ?? [] {
                guard let manifest = document.manifest, let file else { continue }
                for entry in BundleEntries(of: manifest, file: file.path) where asked.insert(entry.full).inserted {
                    if let position = pass.position(of: entry.full) {
                        if !pass.kinds.isExamined(position) { wanted.append((entry.full, position)) }
                    } else if named[entry.full] == nil {
                        wanted.append((entry.full, nil))
                    }
                }
            }
        }
        guard !wanted.isEmpty else { return }
        let contents = pass.contents
        let (stages, purpose) = (stages, purpose)
        let examined = ParallelStages.map(Self.runs(of: wanted), jobs: jobs) { run in
            Self.examine(run.map { ($0.path, $0.given == nil ? .named : .given, $0.given == 0 ? contents : nil) }, stages, purpose)
        }.flatMap { $0 }
        for (want, file) in zip(wanted, examined) { remember(file, given: want.given, &pass) }
    }

    /// Files a thread of phase 1 examines together, stage by stage (`FileStages.examine`).
    static let filesPerRun = 32

    /// `items` cut into runs of `filesPerRun`, in order.
    private static func runs<Item>(of items: [Item]) -> [ArraySlice<Item>] {
        stride(from: 0, to: items.count, by: filesPerRun).map { items[$0..<min($0 + filesPerRun, items.count)] }
    }

    /// Phase 1 for one file: every stage, or only the kinds of a bundle's file when nothing is
    /// lowered; a compiled plan given to `run` is only read.
    private func examine(_ path: String, _ reading: FileStages.Reading, contents: [UInt8]? = nil) -> ExaminedFile {
        Self.examine([(path, reading, contents)], stages, purpose)[0]
    }

    /// Phase 1 for several files, in order: each loaded, then those that go through every
    /// stage examined together.
    private static func examine(
        _ items: [(path: String, reading: FileStages.Reading, contents: [UInt8]?)], _ stages: FileStages, _ purpose: Purpose
    ) -> [ExaminedFile] {
        var done: [ExaminedFile?] = []
        var toExamine: [LoadedFile] = []
        done.reserveCapacity(items.count)
        let isPlan = { (item: (path: String, reading: FileStages.Reading, contents: [UInt8]?)) in
            purpose == .run && item.reading == .given && item.path.hasSuffix(PlanFiles.widgetSuffix)
        }
        // Every file read before any is parsed: the reads (the kernel's code) between parses
        // evicted the reader's code (bench/validate's examples shape: -5% CPU, medians of 15 rounds).
        let reads = items.map { item in item.contents == nil && !isPlan(item) ? stages.read(path: item.path, item.reading) : nil }
        for (item, read) in zip(items, reads) {
            let path = item.path
            if isPlan(item) {
                done.append(ExaminedFile(compiledPlan: stages.read(path)))
                continue
            }
            let loaded = item.contents.map { stages.load(bytes: $0, path: path) } ?? stages.load(path: path, read: read!)
            if purpose == .collect {
                done.append(ExaminedFile(collected: loaded))
            } else if item.reading == .named && purpose == .check {
                done.append(stages.kinds(loaded))
            } else {
                done.append(nil)
                toExamine.append(loaded)
            }
        }
        var examined = stages.examine(toExamine, lowers: purpose.lowers).makeIterator()
        return done.map { $0 ?? examined.next()! }
    }

    private func remember(_ file: ExaminedFile, given position: Int?, _ pass: inout Pass) {
        if let position {
            pass.kinds.set(position, file.bundleKinds)
            pass.kept[position] = file
        } else {
            named[file.path] = NamedFile(kinds: file.bundleKinds, examined: purpose == .check ? nil : file)
        }
    }

    /// A given file's turn.
    private func givenTurn(_ position: Int, _ pass: inout Pass, _ each: (CompiledFile) -> Void) throws(FileError) {
        // The path is made again from `files` only when needed (usually the batch's examination has it).
        if purpose == .run, !firstSeen(pass.files[position]) { return }
        var file: ExaminedFile
        if let first = pass.repeats[position] {
            // Given again: the first turn's examination.
            file = pass.kept[first] ?? examine(pass.files[position], .given)
            pass.laterTurns[first]! -= 1
            if pass.laterTurns[first] == 0 { pass.kept[first] = nil }
        } else if let examined = pass.takeBatch(position) ?? pass.kept.removeValue(forKey: position) {
            file = examined
            if pass.laterTurns[position] != nil { pass.kept[position] = file }
        } else {
            file = examine(pass.files[position], .given, contents: position == 0 ? pass.contents : nil)
        }
        try turn(file, bundledBy: nil, given: pass.repeats[position] ?? position, &pass, each)
    }

    /// The examination of a file a manifest's bundle brings to its turn (`compile`, `run`).
    private func take(_ path: String, _ pass: inout Pass) -> ExaminedFile {
        if let position = pass.position(of: path) {
            pass.taken.insert(position)
            if let file = pass.takeBatch(position) ?? pass.kept.removeValue(forKey: position) { return file }
            return examine(path, .given, contents: position == 0 ? pass.contents : nil)
        }
        if let file = named[path]?.examined {
            named[path]?.examined = nil
            return file
        }
        return examine(path, .named)
    }

    /// Phase 2 for one file, `each` told, and (`run`) its bundle's turns right after it.
    /// - Parameter given: the file's first position among the given files, when its turn is theirs.
    private func turn(
        _ file: ExaminedFile, bundledBy: String?, given position: Int? = nil, _ pass: inout Pass, _ each: (CompiledFile) -> Void
    ) throws(FileError) {
        let compiled = try conclude(file, bundledBy: bundledBy, given: position, &pass)
        each(compiled)
        if purpose == .collect, file.loadError == nil {
            for document in compiled.documents where document["app"] != nil && followsBundle(document, file.path) {
                let directory = SourceFiles.directory(of: file.path)
                for entry in document["widgets"]?.items ?? .empty {
                    guard let relative = entry.string else { continue }
                    let path = relative.hasPrefix("/") ? relative : directory + relative
                    if seen == nil { seen = Set(pass.files.map(Self.realPath)) }
                    if seen!.insert(Self.realPath(path)).inserted { pass.appended.append(path) }
                }
            }
        }
        for case .app(_, _, let widgetFiles) in compiled.plans {
            switch purpose {
            case .check, .collect:
                break
            case .compile:
                if seen == nil { seen = Set(pass.files.map(Self.realPath)) }
                for path in widgetFiles where seen!.insert(Self.realPath(path)).inserted { pass.appended.append(path) }
            case .run:
                // A manifest runs its bundle with the manifest's container.
                for path in widgetFiles where firstSeen(path) {
                    try turn(take(path, &pass), bundledBy: file.path, &pass, each)
                }
            }
        }
    }

    /// Whether `path` is met for the first time by its real path (`run`).
    private func firstSeen(_ path: String) -> Bool {
        if seen == nil { seen = [] }
        return seen!.insert(Self.realPath(path)).inserted
    }

    package static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    // MARK: Phase 2

    /// A file's diagnostics once the rules across files have seen it, and its plans.
    private func conclude(_ file: ExaminedFile, bundledBy: String?, given position: Int?, _ pass: inout Pass) throws(FileError) -> CompiledFile {
        // Every read failure but a file too large, which is the file's own diagnostic.
        if let failure = file.readFailure, failure.oversizeByteCount == nil || file.isCompiledPlan { throw failure }
        if file.isCompiledPlan {
            return CompiledFile(path: file.path, bundledBy: bundledBy, diagnostics: [], source: file.bytes, compiledPlan: file.bytes)
        }
        if purpose == .collect {
            return CompiledFile(
                path: file.path, bundledBy: bundledBy, diagnostics: file.loadError.map { [$0] } ?? [], source: file.bytes, documents: file.nodes)
        }
        var diagnostics: [Diagnostic] = []
        var plans: [Lowered] = []
        var manifests: [AppDefinition] = []
        // The file's kinds for a later bundle (`BundleKinds`): when they are one widget kind, written
        // as its entry is, the entry stands for them.
        var kindCount = 0
        var kindEntry: Int? = nil
        for document in file.documents {
            var semantic = document.semantic
            if let kind = document.kind {
                let defined = kinds.define(kind.name, file: file.path, at: kind.location)
                if let first = defined.first {
                    var duplicate = Diagnostic.error(
                        .duplicateKind,
                        "kind '\(kind.name)' is already defined at \(first.file):\(first.location.line):\(first.location.column); kinds must be unique",
                        file: file.path, at: kind.location, pointer: "/kind")
                    duplicate.notes = [.init("first defined here", file: first.file, at: first.location)]
                    semantic.append(duplicate)
                }
                kindCount += 1
                kindEntry = defined.first == nil || kinds.spells(defined.entry, kind.name) ? defined.entry : nil
            } else if document.manifestKind != nil {
                kindCount += 1
            }
            if let plan = document.plan { plans.append(plan) }
            if let manifest = document.manifest {
                let bundle = checkBundle(of: manifest, file: file.path, &semantic, &pass)
                if purpose.lowers, !hasErrors(document.shape, semantic) {
                    switch Lowering.appPlan(manifest, file: file.path, kinds: bundle.flatMap(\.kinds)) {
                    case .success(let plan): plans.append(.app(id: plan.app, plan: plan, widgetFiles: bundle.map(\.file)))
                    case .failure(let problem): semantic.append(problem)
                    }
                    manifests.append(manifest)
                }
            }
            diagnostics += Self.merge(shape: document.shape, semantic: semantic)
            if let use = document.catalogUse {
                if let k = catalogUses.firstIndex(where: { $0.catalog == use.catalog }) {
                    catalogUses[k].uses.add(use.use)
                } else {
                    var uses = CatalogUses()
                    uses.add(use.use)
                    catalogUses.append((use.catalog, uses))
                }
            }
        }
        if let loadError = file.loadError { diagnostics.append(loadError) }
        if let position, file.readFailure == nil, file.writtenKinds == nil, kindCount == 1, let kindEntry {
            pass.kinds.set(position, entry: kindEntry)
        }
        return CompiledFile(
            path: file.path, bundledBy: bundledBy, diagnostics: diagnostics, source: file.bytes,
            plans: plans, manifests: manifests)
    }

    /// An app manifest's `widgets`: each file exists and the bundle's kinds are unique. Returns
    /// each widget file (resolved against the manifest) with its kinds.
    private func checkBundle(
        of manifest: AppDefinition, file path: String, _ diagnostics: inout [Diagnostic], _ pass: inout Pass
    ) -> [(file: String, kinds: [String])] {
        var bundle: [(file: String, kinds: [String])] = []
        var bundleKinds: [String: (relative: String, location: SourceLocation)] = [:]
        for entry in BundleEntries(of: manifest, file: path) {
            let pointer = JSONPointer.string(["widgets", String(entry.index)])
            let found = kinds(of: entry.full, &pass)
            guard let kinds = found.kinds else {
                diagnostics.append(.error(
                    .missingWidgetFile, Self.unreadableWidgetFile(entry.relative, entry.full, found.failure),
                    file: path, at: entry.node.location, pointer: pointer))
                continue
            }
            bundle.append((entry.full, kinds))
            for kind in kinds {
                if let other = bundleKinds[kind] {
                    var duplicate = Diagnostic.error(
                        .duplicateKind, "kind '\(kind)' of '\(entry.relative)' is also the kind of '\(other.relative)'; a bundle's kinds must be unique",
                        file: path, at: entry.node.location, pointer: pointer)
                    duplicate.notes = [.init("'\(other.relative)' is listed here", file: path, at: other.location)]
                    diagnostics.append(duplicate)
                } else {
                    bundleKinds[kind] = (entry.relative, entry.node.location)
                }
            }
        }
        return bundle
    }

    /// The kinds of a file a manifest names, from its examination: one made before, or made now.
    private func kinds(of path: String, _ pass: inout Pass) -> BundleKinds {
        if let position = pass.position(of: path) {
            if let kinds = pass.kinds.kinds(at: position, in: self.kinds) { return kinds }
            // Given, and its turn has not come: examined now, as given, and kept for that turn.
            let file = examine(path, .given, contents: position == 0 ? pass.contents : nil)
            remember(file, given: position, &pass)
            return file.bundleKinds
        }
        if let known = named[path] { return known.kinds }
        let file = examine(path, .named)
        remember(file, given: nil, &pass)
        return file.bundleKinds
    }

    /// Why a bundle's widget file cannot be read: missing (the common case), or not a
    /// regular file, unreadable, too large, in the file layer's words.
    private static func unreadableWidgetFile(_ relative: String, _ full: String, _ failure: FileError?) -> String {
        if let failure {
            if case .missing = failure.cause {} else {
                return "widget file '\(relative)' cannot be read (looked for \(full)): \(failure.reason); name a YAML file"
            }
        }
        return "widget file '\(relative)' does not exist (looked for \(full))"
    }

    /// The checks of each String Catalog the concluded files name (spec localization.md
    /// "Validation"), once all files are concluded: a catalog at a time, with its bytes.
    /// - Parameter locale: `--locale`: that locale's keys without a translation are listed one by one.
    package func concludeCatalogs(locale: String?) -> [(path: String, source: [UInt8]?, diagnostics: [Diagnostic])] {
        catalogUses.compactMap { (path, uses) in
            let loaded = stages.catalogs.load(path)
            guard loaded.readable else { return nil }   // reported where the definition names it
            var diagnostics = loaded.diagnostics
            if let catalog = loaded.catalog { diagnostics += CatalogChecks.check(catalog, uses: uses, locale: locale) }
            return (path, loaded.bytes, diagnostics)
        }
    }

    /// Both layers, but one report per value: where a semantic check speaks
    /// about the same value as the schema, it knows more ("unknown unit 'x'"
    /// rather than "must match the pattern"), so its diagnostic replaces the schema's.
    static func merge(shape: [Diagnostic], semantic: [Diagnostic]) -> [Diagnostic] {
        guard !shape.isEmpty, !semantic.isEmpty else { return shape + semantic }
        let explained = Set(semantic.filter { $0.severity == .error }.map(\.pointer))
        return shape.filter { !explained.contains($0.pointer) } + semantic
    }
}

/// One file in its turn, concluded: what a command reports, writes or runs.
package struct CompiledFile: Sendable {
    package let path: String
    /// The manifest whose bundle brought the file in (`run`); nil for a file the command gave.
    package let bundledBy: String?
    /// The file's diagnostics, its own and those across files, in the order found.
    package let diagnostics: [Diagnostic]
    /// The file's bytes (empty when it could not be read): diagnostics are rendered from them,
    /// never from a second read.
    package let source: [UInt8]
    /// Every clean document's plan, in document order.
    package var plans: [Lowered] = []
    /// The app manifests without errors (when lowering), decoded once with the rest, for `actions`.
    package var manifests: [AppDefinition] = []
    /// `run`: a compiled plan (`KIND.plan.json`) given instead of a definition, as read.
    package var compiledPlan: [UInt8]? = nil
    /// `collect`: the documents as read, up to the first error.
    package var documents: [SourceNode] = []
}

/// An app manifest's `widgets` entries that are strings, each resolved against the manifest.
struct BundleEntries: Sequence {
    let manifest: AppDefinition
    let directory: String

    init(of manifest: AppDefinition, file: String) {
        self.manifest = manifest
        directory = SourceFiles.directory(of: file)
    }

    func makeIterator() -> some IteratorProtocol<(index: Int, relative: String, full: String, node: SourceNode)> {
        manifest.widgets.enumerated().lazy.compactMap { [directory] (i, written) in
            written.map { (i, $0.value, $0.value.hasPrefix("/") ? $0.value : directory + $0.value, $0.node) }
        }.makeIterator()
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let duplicateKind = DiagnosticCode("duplicate-kind")
    package static let missingWidgetFile = DiagnosticCode("missing-widget-file")
}
