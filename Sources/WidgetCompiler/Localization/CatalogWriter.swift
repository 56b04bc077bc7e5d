import Foundation
import WidgetSupport

/// JSON as Xcode writes a String Catalog: two-space indentation, `" : "` between a
/// key and its value, every object's keys in Xcode's order (`precedes`), an empty object as
/// `{` newline newline `}`, `/` and non-ASCII text unescaped, no final newline.
package enum CatalogWriter {
    package static func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(16_384)
        write(value, depth: 0, into: &out)
        return out
    }

    private static func indent(_ depth: Int, _ out: inout [UInt8]) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    private static func write(_ value: JSONValue, depth: Int, into out: inout [UInt8]) {
        switch value {
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            // A collated compare costs microseconds: a catalog Xcode wrote is in order
            // already, and n - 1 compares say so.
            var sorted = members.map { $0 }
            if !zip(sorted, sorted.dropFirst()).allSatisfy({ precedes($0.key, $1.key) }) {
                sorted.sort { precedes($0.key, $1.key) }
            }
            if sorted.isEmpty { out.append(0x0A) }
            for (i, (key, v)) in sorted.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                indent(depth + 1, &out)
                string(key, &out)
                out.append(contentsOf: Array(" : ".utf8))
                write(v, depth: depth + 1, into: &out)
            }
            indent(depth, &out)
            out.append(UInt8(ascii: "}"))
        case .array(let items):
            out.append(UInt8(ascii: "["))
            if items.isEmpty { out.append(0x0A) }
            for (i, v) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                indent(depth + 1, &out)
                write(v, depth: depth + 1, into: &out)
            }
            indent(depth, &out)
            out.append(UInt8(ascii: "]"))
        case .string(let s):
            string(s, &out)
        default:
            out.append(contentsOf: Array(JSONWriter.string(value).utf8))
        }
    }

    private static func string(_ s: String, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: Array("\\\"".utf8))
            case UInt8(ascii: "\\"): out.append(contentsOf: Array("\\\\".utf8))
            case 0x0A: out.append(contentsOf: Array("\\n".utf8))
            case 0x0D: out.append(contentsOf: Array("\\r".utf8))
            case 0x09: out.append(contentsOf: Array("\\t".utf8))
            case 0x08: out.append(contentsOf: Array("\\b".utf8))
            case 0x0C: out.append(contentsOf: Array("\\f".utf8))
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 15)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Xcode's key order: Foundation's `.sortedKeys` on Apple platforms, `compare` with
    /// `.numeric`, `.caseInsensitive` and `.forcedOrdering` in the system (root) locale, so
    /// Unicode collation: punctuation and symbols before digits and letters (`_more`, `(%@)`,
    /// `%lld`, `Comment`), digits by value, lower case first on a case tie; keys that
    /// compare equal all the same (canonically equivalent ones) by their scalars.
    package static func precedes(_ a: String, _ b: String) -> Bool {
        switch a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: nil, locale: systemLocale) {
        case .orderedAscending: true
        case .orderedDescending: false
        case .orderedSame: a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) { $0.value < $1.value }
        }
    }

    /// `Locale.system` (root collation), spelled so that it builds with every Foundation.
    private static let systemLocale = Locale(identifier: "")
}

/// `widgetc strings`: a catalog brought up to date with the keys in use, as Xcode does.
package enum CatalogUpdate {
    package struct Summary: Sendable {
        package var added = 0
        package var staled = 0
        package var revived = 0
        /// Unused keys left as they are because they are `manual`.
        package var manualKept = 0
        package var keys = 0
    }

    /// An empty catalog in `sourceLanguage`.
    package static func empty(sourceLanguage: String = "en") -> JSONValue {
        .object(JSONObject([("sourceLanguage", .string(sourceLanguage)), ("strings", .object(JSONObject())), ("version", "1.0")]))
    }

    /// New keys get the source-language unit and `extractionState: manual` (what Xcode
    /// writes for a key added by hand); keys not in `used` are marked `stale`, except
    /// `manual` ones, which Xcode never marks stale either (an app's catalog keeps its
    /// hand-made keys); a stale key in use again is `manual` again. Everything else
    /// (translations, comments, other members) is kept as it is.
    package static func update(_ catalog: JSONValue, used: [String]) -> (JSONValue, Summary) {
        guard case .object(var root) = catalog else { return (catalog, Summary()) }
        let source = root["sourceLanguage"]?.string ?? "en"
        var strings = root["strings"]?.object ?? JSONObject()
        var summary = Summary()
        let usedSet = Set(used)
        var result = JSONObject()
        for (key, value) in strings {
            guard case .object(var entry) = value else { result[key] = value; continue }
            let state = entry["extractionState"]?.string
            if usedSet.contains(key) {
                if state == "stale" { entry["extractionState"] = "manual"; summary.revived += 1 }
            } else if state == "manual" {
                summary.manualKept += 1
            } else if state != "stale" {
                entry["extractionState"] = "stale"
                summary.staled += 1
            }
            result[key] = .object(entry)
        }
        for key in used where strings[key] == nil && result[key] == nil {
            let unit = JSONValue.object(JSONObject([("stringUnit", .object(JSONObject([("state", "translated"), ("value", .string(key))])))]))
            result[key] = .object(JSONObject([("extractionState", "manual"), ("localizations", .object(JSONObject([(source, unit)])))]))
            summary.added += 1
        }
        strings = result
        summary.keys = strings.count
        root["strings"] = .object(strings)
        if root["version"] == nil { root["version"] = "1.0" }
        return (.object(root), summary)
    }
}
