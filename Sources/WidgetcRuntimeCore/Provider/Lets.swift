import WidgetCEL
import WidgetSupport
import WidgetTime

/// A computed value of a plan (`let:`, docs/cel.md "Lets"): its expression parsed and checked
/// once, at compile time; the runtime evaluates `program`.
package struct PlanLet: Sendable {
    package var name: String
    /// The expression as written (the plan file's text, and run warnings quote it).
    package var expression: String
    /// Whether it reads `entry`, `family` or a rule's variable (itself or through a let):
    /// computed per entry; otherwise once per reload.
    package var perEntry: Bool
    package var program: CELProgram

    /// A let the compiler checked (its program typed, overloads chosen).
    package init(name: String, expression: String, perEntry: Bool, program: CELProgram) {
        self.name = name
        self.expression = expression
        self.perEntry = perEntry
        self.program = program
    }

    /// A let read from a plan file: the compiler checked it when it wrote the plan, so it is
    /// parsed here once, when the plan is loaded, and its overloads chosen as it runs.
    package init(name: String, expression: String, perEntry: Bool) throws(CELProgram.Failure) {
        var options = CELParser.Options()
        options.allowedReservedWords = ["let"]
        let program = try CELProgram.compileUnchecked(
            expression, variables: Self.roots, env: CELEnvironment(parserOptions: options))
        self.init(name: name, expression: expression, perEntry: perEntry, program: program)
    }

    /// Every name an expression may start with.
    package static let roots: Set<String> = [
        "param", "data", "let", "source", "entry", "family", "slot", "progress", "record", "index", "market", "current", "next", "upcoming",
    ]
}

/// A widget's lets, evaluated: the ones of the reload once per timeline request, the ones
/// that read the entry for each entry. A let whose evaluation fails is absent (templates
/// render it empty, `has(let.NAME)` is false) and the reload warns once, naming it.
/// A class: the timeline's loop binds it for every entry, and a struct of this many members was
/// copied (retained and released member by member) per entry, 830 instructions an entry of
/// bench/let_bench.py (callgrind).
final class LetEvaluator: Sendable {
    /// In evaluation order (every let after the lets it reads).
    let lets: [PlanLet]
    /// Parameters whose CEL type is not their JSON's: durations (text in `param`) and numbers (a JSON integer is a double).
    let durations: Set<String>
    let numbers: Set<String>
    let hasPerEntry: Bool
    /// The data sources the lets read, converted to CEL values at each reload; nil: all of them
    /// (an expression reads `data` whole).
    let sourcesRead: Set<String>?
    /// Each source's `dates` rules: the values they decoded are CEL timestamps.
    let dateRules: [String: [SourceDates.Rule]]
    /// The relevance score (`relevance.score`), computed for each entry after its lets.
    let relevance: PlanLet?

    /// The sources whose `schema` says `number` somewhere: their integers there become doubles.
    let numberSchemas: [String: SourceSchema]
    /// What the entry's lets and the relevance score read of the entry: the fields of `entry`
    /// (nil: `entry` whole) and the rule's variables, so an entry binds only those.
    let entryFields: Set<String>?
    let ruleNamesRead: [String]
    /// The `entry` fields bound, in their order, as keys, and what each is.
    let entryKeys: [CELValue]
    private let entryFieldKinds: [EntryField]
    /// Whether the entry's expressions read `entry` only through its fields: then they read
    /// those by position (`CELProgram.evaluation(fields:)`) and no `entry` map is bound.
    let entryByFields: Bool
    /// Whether an entry's let or the relevance score reads `let` (else the entry's lets are not
    /// gathered into a CEL map: only templates read them).
    let entryReadsLet: Bool
    /// The lets computed per entry: their indices in `lets`, and their names in that order.
    let entryLetIndices: [Int]
    let entryLetNames: [String]
    /// What evaluates each of those lets, and the relevance score: references, not the programs
    /// copied per entry.
    private let entryEvaluations: [CELProgram.Evaluation]
    /// `entryEvaluations` unretained, which that array keeps alive (`evaluateEntryLet`).
    private let entryEvaluationRefs: [Unmanaged<CELProgram.Evaluation>]
    private let relevanceEvaluation: CELProgram.Evaluation?

    init(
        _ lets: [PlanLet], parameters: [ParameterDeclaration], dates: [SourceDates] = [], relevance: PlanLet? = nil,
        schemas: [SourceSchema] = []
    ) {
        // Each program's closures made once, not at each evaluation (a checked program comes without them).
        let prepared = lets.map { item in
            var item = item
            item.program = item.program.prepared()
            return item
        }
        self.lets = prepared
        let relevance = relevance.map { score in
            var score = score
            score.program = score.program.prepared()
            return score
        }
        self.relevance = relevance
        numberSchemas = Dictionary(schemas.filter(\.hasNumbers).map { ($0.source, $0) }, uniquingKeysWith: { first, _ in first })
        dateRules = Dictionary(dates.map { ($0.source, $0.rules) }, uniquingKeysWith: +)
        let programs = lets.map(\.program) + (relevance.map { [$0.program] } ?? [])
        if programs.contains(where: { $0.wholeReferences.contains("data") }) {
            sourcesRead = nil
        } else {
            sourcesRead = Set(programs.flatMap { $0.selections.filter { $0.variable == "data" }.map(\.field) })
        }
        durations = Set(parameters.filter { $0.type == "duration" }.map(\.name))
        numbers = Set(parameters.filter { $0.type == "number" }.map(\.name))
        hasPerEntry = lets.contains(where: \.perEntry)
        let entryPrograms = lets.filter(\.perEntry).map(\.program) + (relevance.map { [$0.program] } ?? [])
        let roots = entryPrograms.reduce(into: Set<String>()) { $0.formUnion($1.references) }
        let fields: Set<String>? =
            entryPrograms.contains(where: { $0.wholeReferences.contains("entry") })
            ? nil : Set(entryPrograms.flatMap { $0.selections.filter { $0.variable == "entry" }.map(\.field) })
        entryFields = fields
        ruleNamesRead = Self.ruleNames.filter(roots.contains)
        let kinds = EntryField.allCases.filter { fields?.contains($0.rawValue) ?? true }
        entryFieldKinds = kinds
        entryKeys = kinds.map { CELValue.string($0.rawValue) }
        // (A field `entry` does not have keeps the map, and its error: "no such key".)
        entryByFields = fields.map { $0.allSatisfy { EntryField(rawValue: $0) != nil } } ?? false
        let positions = entryByFields ? kinds.map { (variable: "entry", field: $0.rawValue) } : []
        entryReadsLet = roots.contains("let")
        let perEntry = lets.indices.filter { lets[$0].perEntry }
        entryLetIndices = perEntry
        entryLetNames = perEntry.map { lets[$0].name }
        entryEvaluations = perEntry.map { prepared[$0].program.evaluation(fields: positions) }
        entryEvaluationRefs = entryEvaluations.map { Unmanaged.passUnretained($0) }
        relevanceEvaluation = relevance?.program.evaluation(fields: positions)
    }

    /// The fields of `entry`, in the order its map has them.
    enum EntryField: String, CaseIterable {
        case date, time, day, weekday, index, instant, isInstant
    }

    /// The rule's variables an expression may read (`current`, `next`, `upcoming`: a schedule's).
    static let ruleNames = ["slot", "record", "index", "progress", "market", "current", "next", "upcoming"]

    /// What one reload's lets computed, and what the entries' lets start from.
    struct Reload {
        /// `param`, `data`, `family` and `let` (the reload's lets) as CEL values.
        var variables: [String: CELValue]
        /// The reload's lets as templates read them.
        var json: JSONObject
        /// Each failed let's first error, in evaluation order (warned once per reload).
        var failures: [(name: String, message: String)] = []
        /// The content fields that read only these lets, as they rendered over them: kept while
        /// a reload reuses these lets (`ReloadLetsMemo`), new with lets computed anew.
        let rendered = RenderedLetFields()
        /// `let` of `variables`: the reload's lets as CEL values.
        var letValues: CELMap {
            if case .map(let m)? = variables["let"] { return m }
            return CELMap()
        }
    }

    /// Evaluates the lets of the reload (those that read no entry).
    /// `source`: each URL source's `outcome` and `fetched` (ISO 8601 text, a CEL `timestamp` here).
    /// `previous` and `only`: a reload whose URL sources read some lets computes those first, as
    /// soon as what they read is there (`ReloadOrder`), and the others after, over all the data:
    /// `only` picks the lets (by index in `lets`) of this pass, `previous` holds the ones before.
    func reload(
        param: JSONValue, data: JSONValue, family: String, source: JSONValue = .object(JSONObject()), after previous: Reload? = nil,
        only: ((Int) -> Bool)? = nil, cache: DataCache? = nil
    ) -> Reload {
        // A reload over what the last one read computes the lets it computed (CEL has no clock
        // and no randomness; lets that read the entry are not among these): bench/let_bench.py's
        // four reload lets were 34,000 instructions a reload (callgrind, a tutorials copy).
        let memoized = previous == nil && only == nil ? cache : nil
        if let memo = memoized?.reloadLets, memo.matches(param: param, data: data, family: family, source: source) { return memo.reload }
        var variables: [String: CELValue] = [
            "param": parameters(param), "data": dataValue(data, cache: cache), "family": .string(family), "source": Self.sourcesValue(source),
        ]
        var values = CELMap()
        if case .map(let earlier)? = previous?.variables["let"] { values = earlier }
        var json = previous?.json ?? JSONObject()
        var failures: [(name: String, message: String)] = previous?.failures ?? []
        evaluate(perEntry: false, &variables, &values, &json, &failures, only: only)
        variables["let"] = .map(values)
        let reload = Reload(variables: variables, json: json, failures: failures)
        memoized?.reloadLets = ReloadLetsMemo(param: param, data: data, family: family, source: source, reload: reload)
        return reload
    }

    static func sourcesValue(_ sources: JSONValue) -> CELValue {
        var map = CELMap()
        for (name, value) in sources.object ?? JSONObject() {
            var source = CELMap()
            source.set("outcome", .string(value["outcome"]?.string ?? ""))
            if let text = value["fetched"]?.string, let (instant, _) = try? InstantParser.parse(text), let timestamp = CELTimestamp(seconds: instant.seconds) {
                source.set("fetched", .timestamp(timestamp))
            } else {
                source.set("fetched", .null)
            }
            map.set(name, .map(source))
        }
        return .map(map)
    }

    /// What the entries of a timeline over `reload`'s lets evaluate their own lets with
    /// (`entry(date:index:standsFor:zone:rule:buffers:failures:)`), set up once per timeline.
    func entries(of reload: Reload) -> EntryBuffers {
        EntryBuffers(
            evaluator: CELEvaluator(variables: reload.variables), reloadLets: entryReadsLet ? reload.letValues : nil,
            lets: EntryLets(names: entryLetNames))
    }

    /// Evaluates the lets of one entry over the reload's (`buffers`, from `entries(of:)`) into
    /// `buffers.lets`, then its relevance score (nil when the widget declares none, or it failed:
    /// then it is among `failures`). `standsFor` is the rule's instant the entry stands for
    /// (`entry.instant`, nil when none).
    func entry(
        date: Instant, index: Int, standsFor: Instant?, zone: ZoneRules, rule: RuleVariables, buffers: inout EntryBuffers,
        failures: inout [(name: String, message: String)]
    ) -> Double? {
        // Only what the entry's expressions read is bound: five lets on every example
        // (bench/let_bench.py, one of them `entry.date + duration('90m')`) formatted the entry's
        // time, day and weekday and converted its record to CEL for every entry. And bound over
        // the reload's variables, not into a copy of them (a dictionary copied per entry).
        // The bindings and fields are the evaluator's, kept from the last entry and written over
        // in place (not an evaluator set up per entry with them, retained and released).
        for k in 0..<entryFieldKinds.count {
            let value: CELValue
            switch entryFieldKinds[k] {
            case .date: value = .timestamp(CELTimestamp(date))
            case .time: value = .string(zone.timeText(date))
            case .day: value = .string(zone.dayText(date))
            case .weekday: value = .string(zone.weekdayName(date))
            case .index: value = .int(Int64(index))
            case .instant: value = standsFor.map { .timestamp(CELTimestamp($0)) } ?? .null
            case .isInstant: value = .bool(standsFor == date)
            }
            buffers.setField(k, value)
        }
        buffers.boundCount = 0
        if !entryByFields { buffers.bind("entry", .map(CELMap(distinctKeys: entryKeys, values: buffers.evaluator.fields))) }
        defer {
            // The `entry` map released, so `fields` is unshared again for the next entry.
            if !entryByFields { buffers.evaluator.locals[0].1 = .null }
        }
        for name in ruleNamesRead {
            switch name {
            case "current", "next", "upcoming":
                guard case .schedule = rule else { continue }
                // None in force, or none later: null, so `current == null` and `has()` tell.
                buffers.bind(name, rule.value(name).map { CELValue(json: $0) } ?? .null)
            default:
                if let value = rule.value(name) { buffers.bind(name, CELValue(json: value)) }
            }
        }
        // `let` as the entry's expressions see it (the reload's lets, then each entry let
        // computed), gathered only when one of them reads it.
        let letSlot = buffers.boundCount
        var values = buffers.reloadLets
        if values != nil { buffers.bind("let", .null) }
        buffers.dropUnbound()
        // The entry's own lets for templates, apart from the reload's: not a copy of the reload's
        // object grown by one member per entry (1,300 instructions an entry, callgrind), nor an
        // object of their JSON made per entry (540), but their values in the timeline's `EntryLets`.
        for k in 0..<entryLetIndices.count {
            let i = entryLetIndices[k]
            if let gathered = values { buffers.evaluator.locals[letSlot].1 = .map(gathered) }
            do {
                let value = try evaluateEntryLet(k, in: &buffers.evaluator)
                if values != nil {
                    // Unshared again, so `set` does not copy the map.
                    buffers.evaluator.locals[letSlot].1 = .null
                    values!.set(lets[i].name, value)
                }
                buffers.lets.set(k, value)
            } catch {
                // A failed let is absent, not null.
                buffers.lets.set(k, nil)
                if !failures.contains(where: { $0.name == lets[i].name }) { failures.append((lets[i].name, error.message)) }
            }
        }
        // Not `guard let relevance`: that copied the score's PlanLet per entry (60 instructions).
        guard let relevanceEvaluation else { return nil }
        if let gathered = values { buffers.evaluator.locals[letSlot].1 = .map(gathered) }
        let message: String
        do {
            switch try relevanceEvaluation.evaluate(in: &buffers.evaluator) {
            case .int(let i): return Double(i)
            case .uint(let u): return Double(u)
            case .double(let d) where d.isFinite: return d
            case let other: message = "the score is \(other.typeName), not a finite number"
            }
        } catch {
            message = error.message
        }
        let name = relevance?.name ?? ""
        if !failures.contains(where: { $0.name == name }) { failures.append((name, message)) }
        return nil
    }

    /// The entry's `k`th let evaluated in `evaluator`, through the unretained reference: an
    /// element of `entryEvaluations` was retained and released around each evaluation (the
    /// `inout` evaluator keeps the compiler from borrowing it), 40 instructions an entry of
    /// bench/let_bench.py (callgrind).
    @inline(__always)
    private func evaluateEntryLet(_ k: Int, in evaluator: inout CELEvaluator) throws(CELError) -> CELValue {
        try entryEvaluationRefs[k]._withUnsafeGuaranteedRef { evaluation in
            Result { () throws(CELError) in try evaluation.evaluate(in: &evaluator) }
        }.get()
    }

    /// What `entry` works in, kept from one entry of a timeline to the next (`entries(of:)`).
    struct EntryBuffers {
        /// Over the reload's variables; its `locals` are the entry's bindings (the first
        /// `boundCount`), its `fields` the `entry` fields read by position (or the `entry` map's).
        fileprivate var evaluator: CELEvaluator
        fileprivate var boundCount = 0
        /// The reload's lets as CEL values, when an entry's expression reads `let`.
        fileprivate let reloadLets: CELMap?
        /// The entry's own lets: one object for the timeline, written entry by entry, which the
        /// entries' scope holds (`EntryScope.entryLets`).
        let lets: EntryLets

        fileprivate init(evaluator: CELEvaluator, reloadLets: CELMap?, lets: EntryLets) {
            self.evaluator = evaluator
            self.reloadLets = reloadLets
            self.lets = lets
        }

        fileprivate mutating func setField(_ k: Int, _ value: CELValue) {
            if k < evaluator.fields.count { evaluator.fields[k] = value } else { evaluator.fields.append(value) }
        }

        fileprivate mutating func bind(_ name: String, _ value: CELValue) {
            if boundCount < evaluator.locals.count { evaluator.locals[boundCount] = (name, value) } else { evaluator.locals.append((name, value)) }
            boundCount += 1
        }

        /// The last entry's bindings beyond this one's removed.
        fileprivate mutating func dropUnbound() {
            if evaluator.locals.count > boundCount { evaluator.locals.removeLast(evaluator.locals.count - boundCount) }
        }
    }

    /// Evaluates the reload's or the entry's lets in order, each seeing those before it in
    /// `let`; a failing let stays absent and keeps its first error (one warning per reload).
    private func evaluate(
        perEntry: Bool, _ variables: inout [String: CELValue], _ values: inout CELMap, _ json: inout JSONObject,
        _ failures: inout [(name: String, message: String)], only: ((Int) -> Bool)? = nil
    ) {
        for (index, item) in lets.enumerated() where item.perEntry == perEntry && (only?(index) ?? true) {
            variables["let"] = .map(values)
            do {
                let value = try item.program.evaluate(variables)
                // Unshared again, so `set` does not copy the map.
                variables["let"] = nil
                values.set(item.name, value)
                json[item.name] = value.json
            } catch {
                if !failures.contains(where: { $0.name == item.name }) { failures.append((item.name, error.message)) }
            }
        }
    }

    /// The warning of each failed let, once per reload.
    func warn(_ failures: [(name: String, message: String)], _ context: TimelineContext) {
        for failure in failures {
            if let relevance, failure.name == relevance.name, !lets.contains(where: { $0.name == failure.name }) {
                context.warn(
                    code: "relevance-error",
                    message: "relevance score (\(relevance.expression)): \(failure.message); the entry has no relevance")
                continue
            }
            let expression = lets.first { $0.name == failure.name }?.expression ?? ""
            context.warn(code: "let-error", message: "let '\(failure.name)' (\(expression)): \(failure.message); it is absent")
        }
    }

    /// `data` as CEL reads it: only the sources the lets read are converted, declared dates as timestamps.
    /// `cache` (the simulator's): a source whose JSON is the value converted at an earlier
    /// reload keeps that conversion.
    private func dataValue(_ data: JSONValue, cache: DataCache? = nil) -> CELValue {
        guard case .object(let sources) = data else { return CELValue(json: data) }
        var map = CELMap()
        for (name, value) in sources where sourcesRead?.contains(name) ?? true {
            let schema = numberSchemas[name], rules = dateRules[name]
            let convert = { (value: JSONValue) -> CELValue in
                var converted = CELValue(json: value)
                if let schema { converted = schema.conform(converted) }
                return rules.map { converted.withTimestamps($0) } ?? converted
            }
            map.set(name, cache?.celValue(source: name, json: value, convert: convert) ?? convert(value))
        }
        return .map(map)
    }

    /// `param` with each value of the type expressions see: a duration's text as a duration, a number as a double.
    private func parameters(_ param: JSONValue) -> CELValue {
        guard case .object(let object) = param else { return CELValue(json: param) }
        var map = CELMap()
        for (name, value) in object {
            if durations.contains(name), case .string(let text) = value,
                let seconds = try? DurationParser.parse(text), let duration = CELDuration(seconds: seconds)
            {
                map.set(name, .duration(duration))
            } else if numbers.contains(name), case .int(let i) = value {
                map.set(name, .double(Double(i)))
            } else {
                map.set(name, CELValue(json: value))
            }
        }
        return .map(map)
    }
}

/// An entry's own lets (those computed per entry), as templates read them: the values the
/// evaluator computed, converted to JSON only where a template reads one. One object for a
/// timeline's entries, which `LetEvaluator.entry` writes over entry by entry (the scope the entries
/// render with holds it for the timeline), not a struct of two arrays made, copied and released
/// per entry (with `entries(of:)`'s evaluator: a tutorials copy with bench/let_bench.py's lets
/// over 10 days 163.2 M -> 155.9 M instructions, callgrind).
final class EntryLets {
    let names: [String]
    /// nil where the let failed: it is absent. Written in place through the pointer (an array in
    /// a class is checked for exclusive access at each write).
    private let values: UnsafeMutableBufferPointer<CELValue?>

    init(names: [String]) {
        self.names = names
        values = .allocate(capacity: names.count)
        values.initialize(repeating: nil)
    }

    deinit {
        _ = values.deinitialize()
        values.deallocate()
    }

    fileprivate func set(_ k: Int, _ value: CELValue?) { values[k] = value }

    /// The let's value; nil when it is not one of these or it failed.
    subscript(name: String) -> CELValue? {
        for k in names.indices where names[k] == name { return values[k] }
        return nil
    }

    /// The let's value as JSON (`CELValue.json`, as templates read lets).
    func json(_ name: String) -> JSONValue? { self[name]?.json }

    /// The lets that did not fail, in order, as JSON.
    var members: [(String, JSONValue)] {
        names.indices.compactMap { k in values[k].map { (names[k], $0.json) } }
    }

    /// The value of the let at `position` (in `names`) when it is a timestamp of a whole second
    /// in CEL's range, as seconds (`EntryTable.Cell(timestamp:)`); nil otherwise.
    func wholeSecondTimestamp(at position: Int) -> Int64? {
        guard position < values.count, case .timestamp(let t)? = values[position], t.isWholeSecond else { return nil }
        return t.seconds
    }
}

extension CompiledContent {
    /// The same content where fields naming a let computed per entry (`perEntry`), or `let`
    /// whole, render per entry; fields naming only the reload's lets stay rendered once per
    /// timeline. (Every field naming `let` rendered per entry: bench/let_bench.py's four reload
    /// lets were rendered for each of a year's 511,000 tutorials entries.)
    /// `perEntry`: the names of those lets, in the order the entry's lets have them (`EntryLets`).
    func varyingWithLets(perEntry: [String]) -> CompiledContent {
        var copy = self
        copy.rows = []
        for i in fields.indices {
            guard case .template(let box) = fields[i].value else { continue }
            let readsEntryLet = box.references.contains { ref in
                ref.components.first == "let" && (ref.components.count == 1 || perEntry.contains(ref.components[1]))
            }
            if readsEntryLet { copy.varies[i] = true }
            guard copy.varies[i] else { continue }
            // Found here once, not by name for every entry (70 instructions an entry, callgrind).
            var row = CompiledContent.RowField(box: box)
            if case .lets(let path)? = box.direct, path.count == 2 { row.entryLet = perEntry.firstIndex(of: path[1]) }
            copy.rows.append(row)
        }
        return copy
    }
}

/// Content fields that read only the reload's lets (`TemplateBox.readsOnlyLets`), as they
/// rendered over one reload's lets (`LetEvaluator.Reload.rendered`), by field: a few, looked
/// for one by one.
final class RenderedLetFields {
    private var values: [(box: ObjectIdentifier, value: JSONValue)] = []

    subscript(box: TemplateBox) -> JSONValue? {
        get { values.first { $0.box == ObjectIdentifier(box) }?.value }
        set { if let newValue { values.append((ObjectIdentifier(box), newValue)) } }
    }
}

/// The last reload's lets and what they were computed from (`DataCache.reloadLets`). A class:
/// each reload takes it from the cache to compare, and a struct's copy retained and released
/// its eight references (bench/let_bench.py's lets on a tutorials copy over 10 days: 300
/// instructions a reload, callgrind).
final class ReloadLetsMemo {
    let param: JSONValue
    let data: JSONValue
    let family: String
    let source: JSONValue
    let reload: LetEvaluator.Reload

    init(param: JSONValue, data: JSONValue, family: String, source: JSONValue, reload: LetEvaluator.Reload) {
        self.param = param
        self.data = data
        self.family = family
        self.source = source
        self.reload = reload
    }

    func matches(param: JSONValue, data: JSONValue, family: String, source: JSONValue) -> Bool {
        // Strictly (`sameJSON`), not `==`, which takes 1 for 1.0 and canonically equivalent
        // strings for one another: the lets could tell them apart.
        exactlyEqual(family, self.family) && sameJSON(param, self.param) && sameJSON(source, self.source) && sameJSON(data, self.data)
    }
}
