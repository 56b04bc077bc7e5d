/// Swift identifiers derived from kinds, parameter names and enum values:
/// always valid (letters, digits and `_`, no leading digit), keywords escaped
/// with backticks, and unique where they share a scope.
package enum SwiftNames {
    /// Swift's reserved words (those that need backticks as an identifier).
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]

    /// The words of `text`: runs of ASCII letters and digits (anything else separates).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `character-detail` → `CharacterDetail`; `2fa` → `W2fa`; empty → `fallback`.
    static func upperCamel(_ text: String, fallback: String) -> String {
        var name = words(text).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.isEmpty { name = fallback }
        if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { name = "W" + name }
        return name
    }

    /// `show-feels-like` → `showFeelsLike`; an identifier already valid is kept; a leading digit gets `v`.
    static func lowerCamel(_ text: String, fallback: String) -> String {
        let parts = words(text)
        var name: String
        if isIdentifier(text) {
            name = text
        } else {
            name = parts.enumerated().map { i, w in i == 0 ? w.prefix(1).lowercased() + w.dropFirst() : w.prefix(1).uppercased() + w.dropFirst() }.joined()
        }
        if name.isEmpty { name = fallback }
        if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { name = "v" + name }
        // Names that mean something else even in backticks, inside a type.
        if ["self", "Self", "init", "deinit", "subscript", "Type", "Protocol", "_"].contains(name) { name += "Value" }
        return name
    }

    /// ASCII letters, digits and `_`, not starting with a digit.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    /// `name` as written in source: backticks around a keyword.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `name`, or `name2`, `name3`… the first not in `taken` (which then holds it).
    static func unique(_ name: String, _ taken: inout Set<String>) -> String {
        var candidate = name
        var n = 2
        while taken.contains(candidate) {
            candidate = name + String(n)
            n += 1
        }
        taken.insert(candidate)
        return candidate
    }

    /// The suffixes of a widget's generated type names.
    static let typeSuffixes = ["Widget", "Entry", "Provider", "Plan", "Intent", "View", "PushHandler"]

    /// Types the extension sees (SwiftUI, WidgetKit, AppIntents, WidgetcRuntime) that a base and
    /// one of `typeSuffixes` would spell: `com.example.progress` must not declare `ProgressView`.
    static let importedTypeNames: Set<String> = [
        "ProgressView", "EmptyView", "AnyView", "TupleView", "ScrollView", "ControlWidget", "TimelineEntry",
        "TimelineProvider", "AppIntentTimelineProvider", "AppIntent", "OpenIntent", "OpenURLIntent", "SetValueIntent",
        "WidgetConfigurationIntent", "WidgetPushHandler", "WidgetEntry", "WidgetPlan",
    ]

    /// Whether a base would declare a type the extension already sees.
    static func clashes(_ base: String) -> Bool {
        typeSuffixes.contains { importedTypeNames.contains(base + $0) }
    }

    /// The base of each widget's type names (`<Base>Widget`, `<Base>Entry`, …), by kind:
    /// the kind's last dot-separated component in UpperCamelCase, with more components
    /// when two kinds of the bundle would share one or when it would spell an imported type
    /// (`ProgressView`), and a number as the last resort.
    package static func typeBases(kinds: [String], reserved: Set<String> = []) -> [String: String] {
        let components = kinds.map { $0.split(separator: ".").map(String.init) }
        var depth = Array(repeating: 1, count: kinds.count)
        func base(_ i: Int) -> String {
            upperCamel(components[i].suffix(depth[i]).joined(separator: "-"), fallback: "Widget")
        }
        // Widen the colliding ones until every base is distinct or no component is left.
        var changed = true
        while changed {
            changed = false
            var groups: [String: [Int]] = [:]
            for i in kinds.indices { groups[base(i), default: []].append(i) }
            for (name, members) in groups where members.count > 1 || clashes(name) {
                for i in members where depth[i] < components[i].count {
                    depth[i] += 1
                    changed = true
                }
            }
        }
        var taken = reserved
        var result: [String: String] = [:]
        for i in kinds.indices {
            var name = base(i)
            // No component left to widen with: a number, as for any other clash.
            if clashes(name) { taken.insert(name) }
            name = unique(name, &taken)
            result[kinds[i]] = name
        }
        return result
    }
}
