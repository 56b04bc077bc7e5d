import WidgetDiagnostics
import WidgetSupport

/// Writes XML property lists (Apple's PropertyList-1.0 DTD), tab-indented as Xcode writes Info.plist.
///
/// JSON values map to plist types: string, integer, real, `true`/`false`, array and dict
/// (keys in the object's order). A property list has no null; a null is written as an
/// empty string. Text is escaped (`& < > " '`); a carriage return becomes `&#13;` so
/// readers keep it, and characters XML 1.0 cannot hold at all (other C0 controls,
/// U+FFFE, U+FFFF) become U+FFFD.
package enum PropertyListXML {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// The whole document for a root value, ending with a newline.
    package static func document(_ root: JSONValue) -> String {
        var out = header
        write(root, depth: 0, into: &out)
        out += "</plist>\n"
        return out
    }

    /// One value on its own line(s), indented `depth` tabs.
    static func write(_ value: JSONValue, depth: Int, into out: inout String) {
        let indent = String(repeating: "\t", count: depth)
        switch value {
        case .null: out += indent + "<string></string>\n"
        case .string(let s): out += indent + "<string>" + escaped(s) + "</string>\n"
        case .int(let i): out += indent + "<integer>\(i)</integer>\n"
        case .double(let d): out += indent + "<real>" + realText(d) + "</real>\n"
        case .bool(let b): out += indent + (b ? "<true/>\n" : "<false/>\n")
        case .array(let items):
            guard !items.isEmpty else { out += indent + "<array/>\n"; return }
            out += indent + "<array>\n"
            for item in items { write(item, depth: depth + 1, into: &out) }
            out += indent + "</array>\n"
        case .object(let object):
            guard !object.isEmpty else { out += indent + "<dict/>\n"; return }
            out += indent + "<dict>\n"
            for (key, member) in object {
                out += indent + "\t<key>" + escaped(key) + "</key>\n"
                write(member, depth: depth + 1, into: &out)
            }
            out += indent + "</dict>\n"
        }
    }

    /// Shortest round-trip decimal; the infinities and NaN as CoreFoundation writes them.
    static func realText(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-infinity" : "+infinity" }
        return String(d)
    }

    /// Text safe between tags.
    package static func escaped(_ text: String) -> String {
        XMLText.escaped(text, controls: .replaced)
    }
}
