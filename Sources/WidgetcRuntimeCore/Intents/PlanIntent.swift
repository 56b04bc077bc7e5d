import WidgetSupport
import WidgetTemplates

/// An App Intent a widget's button or toggle runs (docs/intents.md): what `intents:` declares,
/// as the plan carries it (`intents` in plan.json) and the runtime performs it.
package struct PlanIntent: Sendable {
    package var name: String
    /// The AppIntent's title (default: the name).
    package var title: String
    package var description: String?
    /// With the widget parameter rules: every parameter has a default.
    package var parameters: [PlanParameter]
    /// Applied in order, all or nothing.
    package var effects: [PlanEffect]

    package init(name: String, title: String, description: String?, parameters: [PlanParameter], effects: [PlanEffect]) {
        self.name = name
        self.title = title
        self.description = description
        self.parameters = parameters
        self.effects = effects
    }
}

/// One effect of an intent.
package enum PlanEffect: Sendable {
    /// The value (its strings may be templates over `param.*`) replaces what the pointer names.
    case set(PlanTarget, value: JSONValue)
    /// Flips a boolean.
    case toggle(PlanTarget)
    /// Adds `by` to a number, then clamps it to `[min, max]`.
    case increment(PlanTarget, by: Field<PlanNumber>, min: Double?, max: Double?)
    /// Appends the value to a list.
    case append(PlanTarget, value: JSONValue)
    /// Removes the list item or object member the pointer names; with a value, every item of
    /// the list the pointer names that equals it.
    case remove(PlanTarget, value: JSONValue?)
    /// WidgetCenter reloads of these kinds (the tapped widget reloads anyway).
    case reload([String])
    /// Opens the app at the URL.
    case open(Template)
    /// Sets a key of the app group's UserDefaults (its value's strings may be templates).
    case setDefaults(PlanDefaultsKey, value: JSONValue)
    /// Removes a key of the app group's UserDefaults.
    case removeDefaults(PlanDefaultsKey)
    /// Calls the extension's type (docs/swift-hatch.md) with the arguments (templates over `param.*`).
    case swift(type: String, arguments: JSONObject)

    /// The effect's key in the definition and the plan.
    package var name: String {
        switch self {
        case .set: "set"
        case .toggle: "toggle"
        case .increment: "increment"
        case .append: "append"
        case .remove: "remove"
        case .reload: "reload"
        case .open: "open"
        case .setDefaults: "set"
        case .removeDefaults: "remove"
        case .swift: "swift"
        }
    }

    /// The file and pointer an effect on the container addresses; nil for `reload` and `open`.
    package var target: PlanTarget? {
        switch self {
        case .set(let t, _), .toggle(let t), .increment(let t, _, _, _), .append(let t, _), .remove(let t, _): t
        case .reload, .open, .setDefaults, .removeDefaults, .swift: nil
        }
    }
}

/// A key of the app group's UserDefaults an intent sets or removes (docs/intents.md).
package struct PlanDefaultsKey: Sendable, Equatable {
    package var key: String
    /// The suite; nil: the app group's own (the app manifest's `appGroup`).
    package var suite: String?

    package init(key: String, suite: String?) {
        self.key = key
        self.suite = suite
    }
}

/// A JSON file of the container and a pointer into it.
package struct PlanTarget: Sendable {
    /// Relative to the container (checked not to leave it).
    package var file: String
    package var at: PointerTemplate

    package init(file: String, at: PointerTemplate) {
        self.file = file
        self.at = at
    }
}

/// An RFC 6901 JSON Pointer whose tokens may hold template tags: `/items/{{param.index}}/done`.
/// The text is split at the `/`s outside tags, so a rendered value is one whole token (a `/`
/// in it is part of a key, never a step); a token without tags is unescaped (`~1` is `/`).
package struct PointerTemplate: Sendable, Equatable {
    package enum Token: Sendable, Equatable {
        case literal(String)
        case template(Template)
    }

    /// The pointer as written.
    package let source: String
    package let tokens: [Token]

    /// Nil when `source` is neither empty nor starts with `/`; throws a template's error.
    package init?(_ source: String) throws(TemplateError) {
        guard source.isEmpty || source.hasPrefix("/") else { return nil }
        self.source = source
        var tokens: [Token] = []
        for part in Self.split(source) {
            if part.isTemplate {
                tokens.append(.template(try Template(part)))
            } else {
                tokens.append(.literal(JSONPointer.unescape(part)))
            }
        }
        self.tokens = tokens
    }

    /// The tokens' texts: split at each `/` that is not inside `{{ … }}`.
    static func split(_ source: String) -> [String] {
        guard !source.isEmpty else { return [] }
        let characters = Array(source.dropFirst())
        var parts: [String] = []
        var current = ""
        var depth = 0
        var i = 0
        while i < characters.count {
            let c = characters[i]
            let pair = i + 1 < characters.count && characters[i + 1] == c
            if pair, c == "{" || (c == "}" && depth > 0) {
                depth += c == "{" ? 1 : -1
                current.append(c)
                current.append(c)
                i += 2
                continue
            }
            if c == "/", depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(c)
            }
            i += 1
        }
        parts.append(current)
        return parts
    }

    /// The tokens with every template rendered (to text) in `scope`.
    package func render(_ scope: some TemplateScope) -> [String] {
        tokens.map { token in
            switch token {
            case .literal(let text): text
            case .template(let template): template.renderString(scope)
            }
        }
    }

    /// Whether the pointer holds no tag.
    package var isConstant: Bool {
        tokens.allSatisfy { if case .literal = $0 { true } else { false } }
    }
}

// MARK: - The plan's JSON (docs/plan-format.md, "intents")

extension PlanIntent {
    /// `{ "name", "title", "description", "parameters", "perform" }`.
    package var json: JSONValue {
        var i = JSONObject()
        i.appendNew("name", .string(name))
        i.appendNew("title", .string(title))
        i.appendNew("description", description.map(JSONValue.string) ?? .null)
        i.appendNew("parameters", .array(parameters.map(\.json)))
        i.appendNew("perform", .array(effects.map(\.json)))
        return .object(i)
    }

    init(_ m: PlanMember) throws(PlanError) {
        let parameters = try m("parameters").items().map(PlanParameter.init)
        let effects = try m("perform").items().map(PlanEffect.init)
        guard !effects.isEmpty else { throw try m("perform").fail("an intent performs at least one effect") }
        self.init(
            name: try m("name").string(), title: try m("title").string(), description: try m.optional("description")?.string(),
            parameters: parameters, effects: effects)
    }
}

extension PlanEffect {
    /// `{ "EFFECT": { … } }`, as the definition writes it; `by` defaults resolved.
    var json: JSONValue {
        var body = JSONObject()
        if let target {
            body.appendNew("file", .string(target.file))
            body.appendNew("at", .string(target.at.source))
        }
        switch self {
        case .set(_, let value), .append(_, let value):
            body.appendNew("value", value)
        case .toggle:
            break
        case .increment(_, let by, let min, let max):
            body.appendNew("by", by.json)
            if let min { body.appendNew("min", Self.number(min)) }
            if let max { body.appendNew("max", Self.number(max)) }
        case .remove(_, let value):
            if let value { body.appendNew("value", value) }
        case .reload(let kinds):
            return .object(JSONObject([(name, .array(kinds.map(JSONValue.string)))]))
        case .open(let url):
            return .object(JSONObject([(name, .string(url.source))]))
        case .setDefaults(let key, let value):
            return .object(JSONObject([(name, .object(JSONObject([
                ("defaults", .string(key.key)), ("suite", key.suite.map(JSONValue.string) ?? .null), ("value", value),
            ])))]))
        case .removeDefaults(let key):
            return .object(JSONObject([(name, .object(JSONObject([("defaults", .string(key.key)), ("suite", key.suite.map(JSONValue.string) ?? .null)])))]))
        case .swift(let type, let arguments):
            return .object(JSONObject([(name, .string(type)), ("args", .object(arguments))]))
        }
        return .object(JSONObject([(name, .object(body))]))
    }

    private static func number(_ d: Double) -> JSONValue {
        Int(exactly: d).map(JSONValue.int) ?? .double(d)
    }

    init(_ m: PlanMember) throws(PlanError) {
        let members = try m.members()
        if let type = m.optional("swift") {
            for (key, member) in members where key != "swift" && key != "args" { throw member.fail("a swift effect has swift and args only") }
            let arguments = try m.optional("args")
            try arguments?.checkTemplates()
            self = .swift(type: try type.string(), arguments: try arguments?.object() ?? JSONObject())
            return
        }
        guard members.count == 1, let (key, body) = members.first else { throw m.fail("an effect is an object with exactly one member") }
        func target() throws(PlanError) -> PlanTarget {
            let file = try body("file").string()
            if case .failure(let refusal) = ContainerPath.parse(file) { throw try body("file").fail(refusal.description) }
            let at = try body("at").string()
            let pointer: PointerTemplate?
            do { pointer = try PointerTemplate(at) } catch { throw try body("at").fail("'\(at)': \(error.message)") }
            guard let pointer else { throw try body("at").fail("'\(at)' is not a JSON Pointer (empty, or starting with /)") }
            return PlanTarget(file: file, at: pointer)
        }
        func value(_ member: PlanMember) throws(PlanError) -> JSONValue {
            try member.checkTemplates()
            return member.value
        }
        func defaultsKey() throws(PlanError) -> PlanDefaultsKey {
            let suite = body.optional("suite").flatMap { $0.value.isNull ? nil : $0 }
            return PlanDefaultsKey(key: try body("defaults").string(), suite: try suite?.string())
        }
        switch key {
        case "set" where body.optional("defaults") != nil: self = .setDefaults(try defaultsKey(), value: try value(try body("value")))
        case "remove" where body.optional("defaults") != nil: self = .removeDefaults(try defaultsKey())
        case "set": self = .set(try target(), value: try value(try body("value")))
        case "toggle": self = .toggle(try target())
        case "increment":
            let by: Field<PlanNumber>
            let written = try body("by")
            switch written.value {
            case .string: by = .template(try written.template())
            case .int(let i): by = .literal(.int(i))
            default: by = .literal(.double(try written.number()))
            }
            self = .increment(try target(), by: by, min: try body.optional("min")?.number(), max: try body.optional("max")?.number())
        case "append": self = .append(try target(), value: try value(try body("value")))
        case "remove": self = .remove(try target(), value: try body.optional("value").map(value))
        case "reload": self = .reload(try body.items().map { k throws(PlanError) in try k.string() })
        case "open":
            let text = try body.string()
            do { self = .open(try Template(text)) } catch { throw body.fail("open '\(text)': \(error.message)") }
        default:
            throw m.fail("unknown effect '\(key)' (set, toggle, increment, append, remove, reload, open, swift)")
        }
    }
}

extension PlanMember {
    /// Every string inside the value that holds a tag compiles as a template.
    fileprivate func checkTemplates() throws(PlanError) {
        switch value {
        case .string(let text) where text.isTemplate:
            do { _ = try Template(text) } catch { throw fail("template '\(text)': \(error.message)") }
        case .array:
            for item in try items() { try item.checkTemplates() }
        case .object:
            for (_, member) in try members() { try member.checkTemplates() }
        default:
            break
        }
    }
}
