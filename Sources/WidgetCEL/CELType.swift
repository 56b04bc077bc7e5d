/// A CEL type, as the checker reasons about it.
package indirect enum CELType: Sendable, Hashable, CustomStringConvertible {
    case int, uint, double, bool, string, bytes, null
    case timestamp, duration
    /// Checked when the value is read.
    case dyn
    case list(CELType)
    case map(CELType, CELType)
    /// The type of a type value (`type(int)`); nil inside means any type.
    case type(CELType?)
    /// A variable of a generic overload (`A` in `size(list(A))`).
    case param(String)
    /// A record of known fields (a widget's `param`, `let`, `entry`, a source with a schema):
    /// a map at run time, whose fields the checker knows by name.
    case object(String, [Field])
    /// Already reported: suppresses further errors.
    case error

    package struct Field: Sendable, Hashable {
        package var name: String
        package var type: CELType
        package init(_ name: String, _ type: CELType) {
            self.name = name
            self.type = type
        }
    }

    package var description: String {
        switch self {
        case .int: "int"
        case .uint: "uint"
        case .double: "double"
        case .bool: "bool"
        case .string: "string"
        case .bytes: "bytes"
        case .null: "null_type"
        case .timestamp: "google.protobuf.Timestamp"
        case .duration: "google.protobuf.Duration"
        case .dyn: "dyn"
        case .list(let e): "list(\(e))"
        case .map(let k, let v): "map(\(k), \(v))"
        case .type(let t): t.map { "type(\($0))" } ?? "type"
        case .param(let name): name
        case .object(let name, _): name
        case .error: "*error*"
        }
    }

    /// Parses the notation of the conformance files and the docs: `int`, `list(string)`,
    /// `map(string, dyn)`, `google.protobuf.Timestamp`, `timestamp`, a type parameter `A`.
    package static func parse(_ text: String) -> CELType? {
        let t = text.trimmingCharacters(in: " ")
        func args(_ prefix: String) -> [String]? {
            guard t.hasPrefix(prefix + "("), t.hasSuffix(")") else { return nil }
            let inner = t.dropFirst(prefix.count + 1).dropLast()
            var parts: [String] = []
            var depth = 0
            var current = ""
            for c in inner {
                if c == "(" { depth += 1 }
                if c == ")" { depth -= 1 }
                if c == "," && depth == 0 { parts.append(current); current = ""; continue }
                current.append(c)
            }
            parts.append(current)
            return parts
        }
        switch t {
        case "int": return .int
        case "uint": return .uint
        case "double": return .double
        case "bool": return .bool
        case "string": return .string
        case "bytes": return .bytes
        case "null_type", "null": return .null
        case "dyn": return .dyn
        case "timestamp", "google.protobuf.Timestamp": return .timestamp
        case "duration", "google.protobuf.Duration": return .duration
        case "type": return .type(nil)
        case "list": return .list(.dyn)
        case "map": return .map(.dyn, .dyn)
        default: break
        }
        if let a = args("list"), a.count == 1, let e = parse(a[0]) { return .list(e) }
        if let a = args("map"), a.count == 2, let k = parse(a[0]), let v = parse(a[1]) { return .map(k, v) }
        if let a = args("type"), a.count == 1, let e = parse(a[0]) { return .type(e) }
        if t.count <= 2, t.first?.isUppercase == true { return .param(t) }
        return nil
    }

    /// Replaces type parameters bound in `bindings`; unbound ones become `dyn` when `finish`.
    package func substituting(_ bindings: [String: CELType], finish: Bool = false) -> CELType {
        switch self {
        case .param(let name):
            if let bound = bindings[name] { return bound.substituting(bindings, finish: finish) }
            return finish ? .dyn : self
        case .list(let e): return .list(e.substituting(bindings, finish: finish))
        case .map(let k, let v): return .map(k.substituting(bindings, finish: finish), v.substituting(bindings, finish: finish))
        case .type(let t): return .type(t?.substituting(bindings, finish: finish))
        default: return self
        }
    }

    /// A field of a record type.
    package func field(_ name: String) -> CELType? {
        guard case .object(_, let fields) = self else { return nil }
        return fields.first(where: { $0.name == name })?.type
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var t = Substring(self)
        while t.first == set { t = t.dropFirst() }
        while t.last == set { t = t.dropLast() }
        return String(t)
    }
}
