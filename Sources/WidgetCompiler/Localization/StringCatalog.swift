import WidgetSupport
import WidgetTemplates
import WidgetcRuntimeCore

/// An Xcode String Catalog (`.xcstrings`, spec localization.md "The catalog"),
/// read with every value's position so problems point inside the JSON.
package struct StringCatalog: Sendable {
    /// One unit's text: `stringUnit.state` and `stringUnit.value`.
    package struct Form: Sendable {
        package let state: String
        package let value: String
        package let valueNode: SourceNode
        /// `translated` and `needs_review` are shown; `new` and `stale` are not.
        package var isUsable: Bool { state == "translated" || state == "needs_review" }
    }

    package enum Unit: Sendable {
        case text(Form)
        /// `variations.plural`, by category as written.
        case plural([(category: String, form: Form)], node: SourceNode)
        /// Something widgetc does not render (device variations, substitutions only).
        case unsupported
    }

    package struct Localization: Sendable {
        package let language: String
        package let node: SourceNode
        package let unit: Unit
    }

    package struct Entry: Sendable {
        package let key: String
        package let keyLocation: SourceLocation
        package let node: SourceNode
        package let extractionState: String?
        package let localizations: [Localization]
    }

    package let path: String
    package let sourceLanguage: String
    /// In file order.
    package let entries: [Entry]
    package let strings: SourceNode
    private let byKey: [String: Int]

    package subscript(key: String) -> Entry? { byKey[key].map { entries[$0] } }

    /// Every language the catalog has a unit for, the source language first, the others sorted.
    package var languages: [String] {
        var seen = Set<String>()
        for e in entries { for l in e.localizations { seen.insert(l.language) } }
        seen.remove(sourceLanguage)
        return [sourceLanguage] + seen.sorted()
    }

    /// Reads a catalog; problems are `l10n-catalog` errors at their place in the file.
    /// A catalog whose top level is unusable is nil; a malformed entry is left out.
    package static func load(path: String) -> (catalog: StringCatalog?, diagnostics: [Diagnostic]) {
        let bytes: [UInt8]
        do { bytes = try SourceFiles.read(path) } catch {
            return (nil, [.error("l10n-catalog", "cannot read the String Catalog: \(error.reason)", file: path, at: .start)])
        }
        return load(bytes: bytes, path: path)
    }

    package static func load(bytes: [UInt8], path: String) -> (catalog: StringCatalog?, diagnostics: [Diagnostic]) {
        let root: SourceNode
        do { root = try JSONReader.parse(bytes: bytes) } catch {
            return (nil, [.error("l10n-catalog", "the String Catalog is not JSON: \(error.message)", file: path, at: error.location)])
        }
        var problems: [Diagnostic] = []
        func fail(_ message: String, _ node: SourceNode, _ pointer: [String]) {
            problems.append(.error("l10n-catalog", message, file: path, at: node.location, pointer: JSONPointer.string(pointer)))
        }
        guard root.isMapping else {
            fail("a String Catalog is a JSON object with 'sourceLanguage', 'strings' and 'version', not \(root.shown)", root, [])
            return (nil, problems)
        }
        guard let sourceNode = root["sourceLanguage"], let source = sourceNode.string else {
            fail("a String Catalog needs 'sourceLanguage', a language tag such as \"en\"", root["sourceLanguage"] ?? root, ["sourceLanguage"])
            return (nil, problems)
        }
        guard LocaleTag.canonical(source) != nil else {
            fail("'\(source)' is not a BCP 47 language tag", sourceNode, ["sourceLanguage"])
            return (nil, problems)
        }
        guard let strings = root["strings"], strings.isMapping else {
            fail("a String Catalog needs 'strings', an object of keys", root["strings"] ?? root, ["strings"])
            return (nil, problems)
        }
        var entries: [Entry] = []
        var byKey: [String: Int] = [:]
        for member in strings.members {
            let pointer = ["strings", member.key]
            let node = member.value
            guard node.isMapping else { fail("the entry of '\(member.key)' must be an object", node, pointer); continue }
            var extraction: String? = nil
            if let state = node["extractionState"] {
                guard let s = state.string else { fail("'extractionState' must be a string", state, pointer + ["extractionState"]); continue }
                extraction = s
            }
            if let comment = node["comment"], comment.string == nil { fail("'comment' must be a string", comment, pointer + ["comment"]) }
            var localizations: [Localization] = []
            if let locs = node["localizations"] {
                guard locs.isMapping else { fail("'localizations' must be an object of languages", locs, pointer + ["localizations"]); continue }
                for loc in locs.members {
                    let lp = pointer + ["localizations", loc.key]
                    guard LocaleTag.canonical(loc.key) != nil else {
                        problems.append(.error("l10n-catalog", "'\(loc.key)' is not a BCP 47 language tag", file: path, at: loc.keyLocation, pointer: JSONPointer.string(lp)))
                        continue
                    }
                    guard loc.value.isMapping else { fail("a localization must be an object with 'stringUnit' or 'variations'", loc.value, lp); continue }
                    if let unit = loc.value["stringUnit"] {
                        if let form = Self.form(unit, lp + ["stringUnit"], fail) {
                            localizations.append(Localization(language: loc.key, node: loc.value, unit: .text(form)))
                        }
                    } else if let variations = loc.value["variations"] {
                        guard variations.isMapping else { fail("'variations' must be an object", variations, lp + ["variations"]); continue }
                        guard let plural = variations["plural"] else {
                            localizations.append(Localization(language: loc.key, node: loc.value, unit: .unsupported))
                            continue
                        }
                        let pp = lp + ["variations", "plural"]
                        guard plural.isMapping else { fail("'plural' must be an object of categories", plural, pp); continue }
                        var forms: [(String, Form)] = []
                        for category in plural.members {
                            guard PluralCategory(rawValue: category.key) != nil else {
                                problems.append(.error("l10n-catalog", "'\(category.key)' is not a plural category (zero, one, two, few, many, other)", file: path, at: category.keyLocation, pointer: JSONPointer.string(pp + [category.key])))
                                continue
                            }
                            guard category.value.isMapping, let unit = category.value["stringUnit"] else {
                                fail("a plural variation must be an object with 'stringUnit'", category.value, pp + [category.key]); continue
                            }
                            if let form = Self.form(unit, pp + [category.key, "stringUnit"], fail) { forms.append((category.key, form)) }
                        }
                        localizations.append(Localization(language: loc.key, node: loc.value, unit: .plural(forms, node: plural)))
                    } else {
                        localizations.append(Localization(language: loc.key, node: loc.value, unit: .unsupported))
                    }
                }
            }
            byKey[member.key] = entries.count
            entries.append(Entry(key: member.key, keyLocation: member.keyLocation, node: node, extractionState: extraction, localizations: localizations))
        }
        return (StringCatalog(path: path, sourceLanguage: source, entries: entries, strings: strings, byKey: byKey), problems)
    }

    private static func form(_ unit: SourceNode, _ pointer: [String], _ fail: (String, SourceNode, [String]) -> Void) -> Form? {
        guard unit.isMapping else { fail("'stringUnit' must be an object with 'state' and 'value'", unit, pointer); return nil }
        guard let state = unit["state"]?.string else { fail("'stringUnit' needs 'state', a string (translated, needs_review, new, stale)", unit["state"] ?? unit, pointer + ["state"]); return nil }
        guard let valueNode = unit["value"], let value = valueNode.string else { fail("'stringUnit' needs 'value', a string", unit["value"] ?? unit, pointer + ["value"]); return nil }
        return Form(state: state, value: value, valueNode: valueNode)
    }

    /// The usable translation of `key` for one catalog language, as a plan holds it:
    /// a string, or plural forms by category (with `other`); nil when there is none.
    package func planTranslation(_ entry: Entry, language: String) -> JSONValue? {
        guard let localization = entry.localizations.first(where: { $0.language == language }) else { return nil }
        switch localization.unit {
        case .text(let form):
            return form.isUsable ? .string(form.value) : nil
        case .plural(let forms, _):
            let usable = forms.filter { $0.form.isUsable }
            guard usable.contains(where: { $0.category == "other" }) else { return nil }
            let sorted = usable.sorted { PluralCategory(rawValue: $0.category)! < PluralCategory(rawValue: $1.category)! }
            return .object(JSONObject(sorted.map { ($0.category, JSONValue.string($0.form.value)) }))
        case .unsupported:
            return nil
        }
    }

    /// The plan's `localization` member for the keys a widget (or app) uses: each
    /// key's usable translations by canonical language tag, keys and tags sorted.
    package func planStrings(keys: [String]) -> JSONValue {
        var strings = JSONObject()
        for key in Set(keys).sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
            guard let entry = self[key] else { continue }
            var languages: [(String, JSONValue)] = []
            for localization in entry.localizations {
                guard let tag = LocaleTag.canonical(localization.language), let t = planTranslation(entry, language: localization.language) else { continue }
                languages.append((tag, t))
            }
            guard !languages.isEmpty else { continue }
            strings.appendNew(key, .object(JSONObject(languages.sorted { $0.0 < $1.0 })))
        }
        return .object(JSONObject([("sourceLanguage", .string(LocaleTag.canonical(sourceLanguage) ?? sourceLanguage)), ("strings", .object(strings))]))
    }

    /// Whether `key` has a usable translation for `locale` by the spec's lookup order.
    package func hasUsableTranslation(_ key: String, locale: String) -> Bool {
        guard let entry = self[key] else { return false }
        for tag in LocaleTag.fallbacks(of: locale) {
            if let l = entry.localizations.first(where: { LocaleTag.canonical($0.language) == tag }),
               planTranslation(entry, language: l.language) != nil { return true }
        }
        return false
    }
}

/// String Catalogs read once per command, whichever thread asks first.
package final class CatalogCache: Sendable {
    package struct Loaded: Sendable {
        package let catalog: StringCatalog?
        package let diagnostics: [Diagnostic]
        package let bytes: [UInt8]?
        /// False when the file cannot be read at all (missing, a directory…).
        package var readable: Bool { bytes != nil }
    }

    private let cache = Locked<[String: Loaded]>([:])

    package init() {}

    package func load(_ path: String) -> Loaded {
        if let hit = cache.withLock({ $0[path] }) { return hit }
        let loaded: Loaded
        // A catalog a definition names: a FIFO there must not block validate.
        if let bytes = try? SourceFiles.readNamed(path) {
            let (catalog, diagnostics) = StringCatalog.load(bytes: bytes, path: path)
            loaded = Loaded(catalog: catalog, diagnostics: diagnostics, bytes: bytes)
        } else {
            loaded = Loaded(catalog: nil, diagnostics: [], bytes: nil)
        }
        cache.withLock { $0[path] = loaded }
        return loaded
    }
}
