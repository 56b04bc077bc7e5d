import WidgetSupport
import WidgetTemplates

/// What template variables exist for one widget (spec "Templates", Variables).
struct VariableScope {
    enum Rule: String, CaseIterable {
        case every, hourly, daily, cron, market, progress, sequence, once

        /// The raw values, in case order, as static words.
        static let names: [StaticString] = ["every", "hourly", "daily", "cron", "market", "progress", "sequence", "once"]
        private static let words = WordTable(names)

        /// The rule a timeline key names (what `init(rawValue:)` answers, without a string switch).
        static func named(_ key: String) -> Rule? {
            words.index(of: key).map { allCases[$0] }
        }

        /// The same for a key read in place, as its UTF-8 bytes.
        static func named(_ key: UnsafeBufferPointer<UInt8>) -> Rule? {
            words.index(ofText: key).map { allCases[$0] }
        }
    }

    /// Where a template stands decides what it may name.
    enum Place {
        /// Entry content, URLs: everything.
        case entry
        /// Timeline options (`every`, `progress.value`, events…): only `param` and `data`,
        /// because they are evaluated when a timeline is requested, before any entry exists.
        case timeline
    }

    /// Declared parameters with their types, in order. Kept as a list (a widget
    /// has a few) and read as a dictionary would: a later duplicate's type wins.
    private var parameterList: [(name: DeclaredName, type: String)] = []
    private var dataSourceList: [DeclaredName] = []
    var rule: Rule?

    /// Room for the declarations to come: the lists grow once, not step by step.
    mutating func reserveCapacity(parameters: Int, dataSources: Int) {
        parameterList.reserveCapacity(parameters)
        dataSourceList.reserveCapacity(dataSources)
    }

    mutating func declareParameter(_ name: String, type: String) { parameterList.append((DeclaredName(name), type)) }
    mutating func declareDataSource(_ name: String) { dataSourceList.append(DeclaredName(name)) }

    /// The same for a name read in place, as its UTF-8 bytes.
    mutating func declareParameter(_ name: UnsafeBufferPointer<UInt8>, type: String) {
        parameterList.append((DeclaredName(name), type))
    }
    mutating func declareDataSource(_ name: UnsafeBufferPointer<UInt8>) { dataSourceList.append(DeclaredName(name)) }

    /// The declared type of parameter `name`, or nil when there is none.
    func parameterType(_ name: String) -> String? {
        var i = parameterList.count
        while i > 0 {
            i -= 1
            if parameterList[i].name.text == name { return parameterList[i].type }
        }
        return nil
    }

    func hasDataSource(_ name: String) -> Bool { dataSourceList.contains { $0.text == name } }

    /// Whether a data source is declared whose name is this text (as `String ==` decides).
    func hasDataSource(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let key = name.isASCII ? ByteKey(name) : nil
        return dataSourceList.contains { $0.isName(name, key: key) }
    }

    /// Distinct parameter names, sorted (for hints).
    var sortedParameterNames: [String] { Set(parameterList.map(\.name.text)).sorted() }
    /// Distinct data source names, sorted (for hints).
    var sortedDataSources: [String] { Set(dataSourceList.map(\.text)).sorted() }

    // Field names as static words (matched in place in a name's bytes) and as strings (for messages).
    static let entryFieldWords = WordTable(["date", "time", "day", "weekday", "index"])
    static let marketFieldWords = WordTable(["state", "open", "close", "exchange"])
    static let slotFieldWords = WordTable(["name", "at"])
    static let entryFields = entryFieldWords.words.map(\.description)
    static let marketFields = marketFieldWords.words.map(\.description)
    static let slotFields = slotFieldWords.words.map(\.description)

    /// The roots a name can start with, told apart in one pass over its first component.
    private enum Root: Int, CaseIterable {
        case param, data, entry, family, slot, progress, record, index, market
        static let words = WordTable(["param", "data", "entry", "family", "slot", "progress", "record", "index", "market"])

        var name: String { Self.words.words[rawValue].description }

        /// The rule whose variable this root is (nil for roots every widget has).
        var rule: Rule? {
            switch self {
            case .slot: .daily
            case .progress: .progress
            case .record, .index: .sequence
            case .market: .market
            case .param, .data, .entry, .family: nil
            }
        }
    }

    /// The roots this widget's templates may start with (for hints): every widget's, then its rule's own.
    var roots: [String] {
        ["entry", "family", "param", "data"] + Root.allCases.filter { $0.rule != nil && $0.rule == rule }.map(\.name)
    }

    /// Nil when `name` may be named here; otherwise the problem.
    /// (Reads only the first two components, compared in place: the checks
    /// never need more, and most names build no string at all.)
    func problem(with name: TemplateName, place: Place) -> String? {
        let count = name.componentCount
        guard count > 0 else { return nil }
        let inSection = name.isInSection
        let root = name.component(0, among: Root.words).flatMap(Root.init(rawValue:))
        if root == .param {
            guard count > 1 else { return nil }
            let key = name.componentBytes(1).map(ByteKey.init)
            if !parameterList.contains(where: { $0.name.isComponent1(of: name, key: key) }) {
                let hint = hint(name.component(1), sortedParameterNames)
                return parameterList.isEmpty
                    ? "'\(name.name)' names a parameter, but this widget declares no parameters"
                    : "'\(name.name)' names no declared parameter\(hint)"
            }
            return nil
        }
        if root == .data {
            guard count > 1 else { return nil }
            let key = name.componentBytes(1).map(ByteKey.init)
            if !dataSourceList.contains(where: { $0.isComponent1(of: name, key: key) }) {
                let hint = hint(name.component(1), sortedDataSources)
                return dataSourceList.isEmpty
                    ? "'\(name.name)' names a data source, but this widget declares no data"
                    : "'\(name.name)' names no declared data source\(hint)"
            }
            return nil
        }
        if place == .timeline {
            if inSection { return nil }
            return "'\(name.name)' is not available in timeline options; only 'param…' and 'data…' are"
        }
        if root == .entry {
            if count > 1, name.component(1, among: Self.entryFieldWords) == nil {
                let field = name.component(1)
                return "'\(name.name)' is not an entry variable\(hint(field, Self.entryFields)); entry has \(Self.entryFields.joined(separator: ", "))"
            }
            return nil
        }
        if root == .family {
            return count > 1 ? "'family' is a string and has no field '\(name.component(1))'" : nil
        }
        if let root, let owner = root.rule {
            guard owner == rule else {
                if inSection { return nil }
                return "'\(name.name)' exists only for the '\(owner.rawValue)' rule, and this widget's rule is '\(rule?.rawValue ?? "none")'"
            }
            guard count > 1 else { return nil }
            if root == .market, name.component(1, among: Self.marketFieldWords) == nil {
                return "'\(name.name)' is not a market variable\(hint(name.component(1), Self.marketFields))"
            }
            if root == .slot, name.component(1, among: Self.slotFieldWords) == nil {
                return "'\(name.name)' is not a slot variable\(hint(name.component(1), Self.slotFields))"
            }
            if root == .progress || root == .index {
                return "'\(name.component(0))' is a number and has no field '\(name.component(1))'"
            }
            return nil
        }
        // Inside a section an unknown name may be a field of the section's item.
        if inSection { return nil }
        return "unknown variable '\(name.name)'\(hint(name.component(0), roots))"
    }

    private func hint(_ word: String, _ candidates: [String]) -> String {
        Suggest.hint(for: word, among: candidates)
    }
}

/// A declared parameter or data source name, with its key when it is ASCII: template
/// names are compared with it by the key, not through the string.
private struct DeclaredName {
    let text: String
    /// Nil for a name that is not ASCII.
    let key: ByteKey?

    init(_ text: String) {
        self.text = text
        key = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.isASCII ? ByteKey(bytes) : nil
        } ?? nil
    }

    /// A name read in place, as its UTF-8 bytes.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        text = String(decoding: bytes, as: UTF8.self)
        key = bytes.isASCII ? ByteKey(bytes) : nil
    }

    /// Whether `bytes` (whose key is `key`, nil when they are not ASCII) are this
    /// name, as `String ==` decides.
    func isName(_ bytes: UnsafeBufferPointer<UInt8>, key other: ByteKey?) -> Bool {
        guard let key, let other else { return text == String(decoding: bytes, as: UTF8.self) }
        guard key == other else { return false }
        return key.isWhole || text.utf8.elementsEqual(bytes)
    }

    /// Whether component 1 of `name` is this name, as `String ==` decides; `key` is that
    /// component's (nil when it is not read in place: then the strings are compared).
    func isComponent1(of name: TemplateName, key component: ByteKey?) -> Bool {
        // Other text can be canonically equivalent to ASCII text (the Kelvin sign is K).
        guard let key, let component else { return name.component(1, equals: text) }
        guard key == component else { return false }
        return key.isWhole || name.component(1, equals: text)
    }
}

/// Checks the syntax of a template held in a string node and the names it
/// uses. Returns true when the node holds a template that compiles.
/// (Only scans the template's bytes in place: nothing is compiled or allocated for a valid one.)
@discardableResult
func checkTemplate(
    _ node: SourceNode, _ pointer: @autoclosure () -> [String], scope: VariableScope, place: VariableScope.Place,
    _ context: inout CheckContext
) -> Bool {
    guard let text = node.stringBytes, text.isTemplate else { return false }
    return checkTemplateText(text, node, pointer, scope: scope, place: place, &context)
}

/// `checkTemplate` for text (the bytes of `node`'s string) that usually holds a tag:
/// text without one scans to no names and no error.
private func checkTemplateText(
    _ text: UnsafeBufferPointer<UInt8>, _ node: SourceNode, _ pointer: () -> [String], scope: VariableScope,
    place: VariableScope.Place, _ context: inout CheckContext
) -> Bool {
    // Problems wait for the end of the scan: a template with a syntax error gets only that error.
    var problems: [(message: String, offset: Int)] = []
    do {
        try Template.scanNames(bytes: text) { name in
            if let problem = scope.problem(with: name, place: place) { problems.append((problem, name.offset)) }
        }
    } catch {
        context.error(
            "template-syntax", "template: \(error.message)",
            at: context.location(inside: node, offset: error.offset), pointer())
        return false
    }
    for problem in problems {
        context.error("unknown-variable", problem.message, at: context.location(inside: node, offset: problem.offset), pointer())
    }
    return true
}

/// Checks every string in a content mapping (recursively) as a template.
func checkContentTemplates(
    _ node: SourceNode, _ pointer: @autoclosure () -> [String], scope: VariableScope, _ context: inout CheckContext
) {
    checkContentTemplates(node, pointer: pointer, scope: scope, &context)
}

/// The walk, in place in the document; a value's pointer is built (from its
/// parents') only for a diagnostic.
private func checkContentTemplates(
    _ node: SourceNode, pointer: () -> [String], scope: VariableScope, _ context: inout CheckContext
) {
    switch node.kind {
    case .string:
        checkTemplate(node, pointer(), scope: scope, place: .entry, &context)
    case .array:
        checkContentChildren(of: node, pointer: { pointer() + [String($0)] }, scope: scope, &context)
    case .object:
        checkContentChildren(of: node, pointer: { pointer() + [node.key($0)] }, scope: scope, &context)
    default:
        break
    }
}

/// The children of collection `parent`: a template is checked at once, more values
/// are walked, anything else is skipped.
private func checkContentChildren(
    of parent: SourceNode, pointer: (Int) -> [String], scope: VariableScope, _ context: inout CheckContext
) {
    for i in 0..<parent.count {
        let child = parent.child(i)
        switch child.kind {
        case .string:
            // Not asked `isTemplate` first: text without a tag scans to no names and no error.
            guard let text = child.stringBytes else { continue }
            _ = checkTemplateText(text, child, { pointer(i) }, scope: scope, place: .entry, &context)
        case .array, .object:
            checkContentTemplates(child, pointer: { pointer(i) }, scope: scope, &context)
        default:
            break
        }
    }
}
