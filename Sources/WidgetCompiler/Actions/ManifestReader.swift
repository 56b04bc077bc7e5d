import WidgetDiagnostics
import WidgetSupport
import WidgetTemplates
import WidgetcRuntimeCore

/// Typed reads of an app manifest's nodes, each failure a positioned error diagnostic.
struct ManifestReader {
    let file: String
    /// `actions --locale`: titles and subtitles through the manifest's String Catalog.
    var localizer: Localizer? = nil

    func error(_ code: DiagnosticCode, _ message: String, at node: SourceNode, _ pointer: [String]) -> Diagnostic {
        .error(code, message, file: file, at: node.location, pointer: JSONPointer.string(pointer))
    }

    func shape(_ message: String, at node: SourceNode, _ pointer: [String]) -> Diagnostic {
        error(.manifestShape, message + ", not \(node.shown)", at: node, pointer)
    }

    /// The required member `key` of a mapping.
    func node(_ parent: SourceNode, _ key: String, _ pointer: [String]) throws(Diagnostic) -> SourceNode {
        guard parent.isMapping else { throw shape("\(JSONPointer.string(pointer)) is a mapping", at: parent, pointer) }
        guard let child = parent[key] else {
            throw error(.missingKey, "'\(key)' is required here", at: parent, pointer)
        }
        return child
    }

    /// The error `node(_:_:_:)` throws for a member that is absent.
    func absent(_ parent: SourceNode, _ key: String, _ pointer: [String]) -> Diagnostic {
        guard parent.isMapping else { return shape("\(JSONPointer.string(pointer)) is a mapping", at: parent, pointer) }
        return error(.missingKey, "'\(key)' is required here", at: parent, pointer)
    }

    /// A required member the definition decoded as written (any shape); nil is its absence.
    func node(_ decoded: SourceNode?, in parent: SourceNode, _ key: String, _ pointer: [String]) throws(Diagnostic) -> SourceNode {
        guard let decoded else { throw absent(parent, key, pointer) }
        return decoded
    }

    /// A required string the definition decoded. When decoding left it out (absent, or not
    /// a string), the written member is read for the error to report.
    func string(_ decoded: Text?, in parent: SourceNode, _ key: String, _ pointer: [String]) throws(Diagnostic) -> String {
        guard let decoded else { return try string(parent, key, pointer) }
        return decoded.value
    }

    func optionalString(_ decoded: Text?, in parent: SourceNode, _ key: String, _ pointer: [String]) throws(Diagnostic) -> String? {
        guard let decoded else { return try optionalString(parent, key, pointer) }
        return decoded.value
    }

    func string(_ parent: SourceNode, _ key: String, _ pointer: [String]) throws(Diagnostic) -> String {
        let child = try node(parent, key, pointer)
        guard let text = child.string else { throw shape("'\(key)' is a string", at: child, pointer + [key]) }
        return text
    }

    func optionalString(_ parent: SourceNode, _ key: String, _ pointer: [String]) throws(Diagnostic) -> String? {
        guard parent[key] != nil else { return nil }
        return try string(parent, key, pointer)
    }

    /// A title or subtitle: the template of its translation (`localizer`), with the plural
    /// forms when the translation has them (chosen per record by its first number tag).
    func localizedTemplate(_ node: SourceNode, _ pointer: [String]) throws(Diagnostic) -> (Template, PluralTemplates?) {
        let source = try template(node, pointer)
        guard let localizer, let text = node.string, let translation = localizer.translation(of: text) else { return (source, nil) }
        func compile(_ t: String) throws(Diagnostic) -> Template {
            do { return try Template(t) } catch { throw self.error(.l10nTemplate, "the translation '\(t)': \(error.message)", at: node, pointer) }
        }
        switch translation {
        case .text(let t): return (try compile(t), nil)
        case .plural(let forms):
            var compiled: [PluralCategory: Template] = [:]
            for (category, t) in forms { compiled[category] = try compile(t) }
            return (compiled[.other]!, PluralTemplates(rules: localizer.rules, tags: PluralTemplates.numberTags(of: source), forms: compiled))
        case .formatted: return (source, nil)   // substitutions need arguments: the source text
        }
    }

    /// A string compiled as a template (a string without tags renders as itself).
    func template(_ node: SourceNode, _ pointer: [String]) throws(Diagnostic) -> Template {
        guard let text = node.string else { throw shape("a template is a string", at: node, pointer) }
        do {
            return try Template(text)
        } catch {
            throw self.error(.templateSyntax, "template: \(error.message)", at: node, pointer)
        }
    }

    /// An icon mapping's one member: `symbol`, `type` or `file`.
    func iconMember(_ node: SourceNode, _ pointer: [String]) throws(Diagnostic) -> (key: String, value: SourceNode) {
        let members = node.members
        guard members.count == 1, let member = members.first, ["symbol", "type", "file"].contains(member.key) else {
            throw shape("an icon is exactly one of {symbol}, {type} or {file}", at: node, pointer)
        }
        return (member.key, member.value)
    }

    /// A static shortcut: every field literal.
    /// Fixed text in the localizer's language (plural variations: `other`).
    func localized(_ text: String) -> String { localizer?.text(text) ?? text }

    func staticShortcut(_ shortcut: AppDefinition.Shortcut, _ pointer: [String]) throws(Diagnostic) -> QuickAction {
        let node = shortcut.node
        var action = QuickAction(
            type: try string(shortcut.type, in: node, "type", pointer), title: localized(try string(shortcut.title, in: node, "title", pointer)))
        action.subtitle = try optionalString(shortcut.subtitle, in: node, "subtitle", pointer).map(localized)
        if let iconNode = shortcut.icon {
            let (key, valueNode) = try iconMember(iconNode, pointer + ["icon"])
            guard let name = valueNode.string else { throw shape("an icon's \(key) is a string", at: valueNode, pointer + ["icon", key]) }
            guard let icon = icon(key, name) else {
                throw error(.unknownIconType, QuickActionIconType.unknownNameMessage(name), at: valueNode, pointer + ["icon", key])
            }
            action.icon = icon
        }
        if let info = shortcut.userInfo {
            guard case .object(let object) = info.json else {
                throw shape("userInfo is a mapping", at: info, pointer + ["userInfo"])
            }
            action.userInfo = PlistValues.sanitized(object)
        }
        return action
    }

    private func icon(_ key: String, _ name: String) -> QuickActionIcon? {
        switch key {
        case "symbol": .symbol(name)
        case "file": .file(name)
        default: QuickActionIconType(rawValue: name).map(QuickActionIcon.system)
        }
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let manifestShape = DiagnosticCode("manifest-shape")
    package static let unknownIconType = DiagnosticCode("unknown-icon-type")
}
