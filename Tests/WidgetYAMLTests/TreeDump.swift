import WidgetSupport
import WidgetYAML

/// A tree as text, every node and key with its line:column, for position tests.
func dump(_ node: SourceNode, indent: String = "") -> String {
    var out = ""
    switch node.content {
    case .scalar(let v):
        out += "\(indent)\(node.location) \(describe(v))\n"
    case .sequence(let items):
        out += "\(indent)\(node.location) seq\n"
        for item in items { out += dump(item, indent: indent + "  ") }
    case .mapping(let members):
        out += "\(indent)\(node.location) map\n"
        for m in members {
            out += "\(indent)  \(m.keyLocation) key \(m.key)\n"
            out += dump(m.value, indent: indent + "    ")
        }
    }
    return out
}

func describe(_ v: JSONValue) -> String {
    switch v {
    case .null: "null"
    case .bool(let b): "bool \(b)"
    case .int(let i): "int \(i)"
    case .double(let d): "double \(d)"
    case .string(let s): "string \(s)"
    default: "\(v)"
    }
}

/// The only document of `text`, or nil when reading failed.
func single(_ text: String) -> SourceNode? {
    let file = YAMLLoader.load(text: text)
    guard file.error == nil, file.documents.count == 1 else { return nil }
    return file.documents[0]
}

/// The error reading `text` produced, if any.
func failure(_ text: String) -> SourceError? { YAMLLoader.load(text: text).firstError }
func failure(_ bytes: [UInt8]) -> SourceError? { YAMLLoader.load(bytes: bytes).firstError }
