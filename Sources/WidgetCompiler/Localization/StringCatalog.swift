import WidgetDiagnostics
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
        /// `translated`, `needs_review` and `machine_translated` are shown (a translation
        /// not yet reviewed, as Xcode compiles it into the app); `new` and `stale` are not.
        package var isUsable: Bool { Self.usableStates.contains(state) }
        package static let usableStates: Set<String> = ["translated", "needs_review", "machine_translated"]
    }

    package enum Unit: Sendable {
        case text(Form)
        /// `variations.plural`, by category as written.
        case plural([(category: String, form: Form)], node: SourceNode)
        /// Something widgetc does not render, and why (device variations).
        case unsupported(String)
    }

    /// One `substitutions` member (`%#@name@` in the unit's text): its argument, its
    /// format specifier and its plural variations, whose text names the argument `%arg`.
    package struct Substitution: Sendable {
        package let name: String
        /// 1-based; nil when the catalog leaves it to the position of `%#@name@`.
        package let argNum: Int?
        package let formatSpecifier: String
        package let forms: [(category: String, form: Form)]
        package let node: SourceNode
    }

    package struct Localization: Sendable {
        package let language: String
        /// `language` in canonical case (nil when ill-formed), worked out once at the catalog's load,
        /// not per key and locale judged (with the locale's fallbacks worked out once per locale:
        /// CatalogChecks.check 6.7 M -> 4.0 M instructions on 300 files of bench/validate's examples shape, callgrind).
        package let canonicalLanguage: String?
        package let node: SourceNode
        package let unit: Unit
        /// Empty for most units; only a key used with its arguments can render them.
        package var substitutions: [Substitution] = []
        /// Why the substitutions cannot be rendered at all (not plural variations), if so.
        package var unsupportedSubstitution: String? = nil

        package init(language: String, node: SourceNode, unit: Unit) {
            self.language = language
            canonicalLanguage = LocaleTag.canonical(language)
            self.node = node
            self.unit = unit
        }
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

    /// The `l10n-format` message of each key with format specifiers that plain text shows as
    /// written (`CatalogChecks.plainFormatMessage`), by the index of its entry: worked out once at
    /// the load, not for each use (each `FormatString` of a key about 67 k instructions, callgrind).
    private let plainFormatMessages: [Int: String]

    package subscript(key: String) -> Entry? { byKey[key].map { entries[$0] } }

    /// The index in `entries` of `self[key]` (the last entry of a key written twice).
    package func index(of key: String) -> Int? { byKey[key] }

    /// `CatalogChecks.plainFormatMessage` of the key of `entries[index]`.
    package func plainFormatMessage(_ index: Int) -> String? { plainFormatMessages[index] }

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
            return (nil, [.error(.l10nCatalog, "cannot read the String Catalog: \(error.reason)", file: path, at: .start)])
        }
        return load(bytes: bytes, path: path)
    }

    package static func load(bytes: [UInt8], path: String) -> (catalog: StringCatalog?, diagnostics: [Diagnostic]) {
        let root: SourceNode
        do { root = try JSONReader.parse(bytes: bytes) } catch {
            return (nil, [.error(.l10nCatalog, "the String Catalog is not JSON: \(error.message)", file: path, at: error.location)])
        }
        var problems: [Diagnostic] = []
        func fail(_ message: String, _ node: SourceNode, _ pointer: [String]) {
            problems.append(.error(.l10nCatalog, message, file: path, at: node.location, pointer: JSONPointer.string(pointer)))
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
                        problems.append(.error(.l10nCatalog, "'\(loc.key)' is not a BCP 47 language tag", file: path, at: loc.keyLocation, pointer: JSONPointer.string(lp)))
                        continue
                    }
                    guard loc.value.isMapping else { fail("a localization must be an object with 'stringUnit' or 'variations'", loc.value, lp); continue }
                    let unit: Unit
                    if let unitNode = loc.value["stringUnit"] {
                        guard let form = Self.form(unitNode, lp + ["stringUnit"], fail) else { continue }
                        unit = .text(form)
                    } else if let variations = loc.value["variations"] {
                        guard let u = Self.variations(variations, lp + ["variations"], path, &problems) else { continue }
                        unit = u
                    } else {
                        unit = .unsupported("neither a 'stringUnit' nor plural variations")
                    }
                    var localization = Localization(language: loc.key, node: loc.value, unit: unit)
                    if let subs = loc.value["substitutions"] {
                        let sp = lp + ["substitutions"]
                        guard subs.isMapping else { fail("'substitutions' must be an object of names", subs, sp); continue }
                        for sub in subs.members {
                            let np = sp + [sub.key]
                            guard sub.value.isMapping else { fail("a substitution must be an object with 'argNum', 'formatSpecifier' and 'variations'", sub.value, np); continue }
                            var argNum: Int? = nil
                            if let n = sub.value["argNum"] {
                                guard let v = n.number, let i = Int(exactly: v), i >= 1 else { fail("'argNum' must be a whole number from 1", n, np + ["argNum"]); continue }
                                argNum = i
                            }
                            let specifier = sub.value["formatSpecifier"]?.string ?? "@"
                            guard let variations = sub.value["variations"],
                                  let u = Self.variations(variations, np + ["variations"], path, &problems) else {
                                if sub.value["variations"] == nil { localization.unsupportedSubstitution = "substitution '\(sub.key)' has no variations" }
                                continue
                            }
                            switch u {
                            case .plural(let forms, _):
                                localization.substitutions.append(Substitution(name: sub.key, argNum: argNum, formatSpecifier: specifier, forms: forms, node: sub.value))
                            case .unsupported(let why):
                                localization.unsupportedSubstitution = "substitution '\(sub.key)' has \(why)"
                            case .text:
                                break   // `variations` never reads a lone unit
                            }
                        }
                    }
                    localizations.append(localization)
                }
            }
            byKey[member.key] = entries.count
            entries.append(Entry(key: member.key, keyLocation: member.keyLocation, node: node, extractionState: extraction, localizations: localizations))
        }
        var plainFormatMessages: [Int: String] = [:]
        for (key, index) in byKey { plainFormatMessages[index] = CatalogChecks.plainFormatMessage(key) }
        let catalog = StringCatalog(
            path: path, sourceLanguage: source, entries: entries, strings: strings, byKey: byKey, plainFormatMessages: plainFormatMessages)
        return (catalog, problems)
    }

    /// A `variations` object: plural variations by category, or (device variations) a unit widgetc does not render.
    private static func variations(_ variations: SourceNode, _ pointer: [String], _ path: String, _ problems: inout [Diagnostic]) -> Unit? {
        func fail(_ message: String, _ node: SourceNode, _ pointer: [String]) {
            problems.append(.error(.l10nCatalog, message, file: path, at: node.location, pointer: JSONPointer.string(pointer)))
        }
        guard variations.isMapping else { fail("'variations' must be an object", variations, pointer); return nil }
        guard let plural = variations["plural"] else {
            let kinds = variations.members.map { "'\($0.key)'" }.joined(separator: ", ")
            return .unsupported("\(kinds.isEmpty ? "no" : kinds) variations, which widgetc does not render")
        }
        let pp = pointer + ["plural"]
        guard plural.isMapping else { fail("'plural' must be an object of categories", plural, pp); return nil }
        var forms: [(String, Form)] = []
        for category in plural.members {
            guard PluralCategory(rawValue: category.key) != nil else {
                problems.append(.error(.l10nCatalog, "'\(category.key)' is not a plural category (zero, one, two, few, many, other)", file: path, at: category.keyLocation, pointer: JSONPointer.string(pp + [category.key])))
                continue
            }
            guard category.value.isMapping, let unit = category.value["stringUnit"] else {
                fail("a plural variation must be an object with 'stringUnit'", category.value, pp + [category.key]); continue
            }
            if let form = Self.form(unit, pp + [category.key, "stringUnit"], fail) { forms.append((category.key, form)) }
        }
        return .plural(forms, node: plural)
    }

    private static func form(_ unit: SourceNode, _ pointer: [String], _ fail: (String, SourceNode, [String]) -> Void) -> Form? {
        guard unit.isMapping else { fail("'stringUnit' must be an object with 'state' and 'value'", unit, pointer); return nil }
        guard let state = unit["state"]?.string else { fail("'stringUnit' needs 'state', a string (translated, needs_review, new, stale)", unit["state"] ?? unit, pointer + ["state"]); return nil }
        guard let valueNode = unit["value"], let value = valueNode.string else { fail("'stringUnit' needs 'value', a string", unit["value"] ?? unit, pointer + ["value"]); return nil }
        return Form(state: state, value: value, valueNode: valueNode)
    }

    /// A unit as the plan holds it, or why it cannot be shown.
    package enum Lookup {
        case usable(JSONValue)
        case unusable(String)

        package var value: JSONValue? { if case .usable(let v) = self { v } else { nil } }
    }

    /// One language's unit of an entry as a plan holds it: a string, plural forms by
    /// category (with `other`), or (for a key used with its arguments, `formatted`) an
    /// object with `value` and `substitutions`; else why it cannot be shown.
    package func lookup(_ localization: Localization, formatted: Bool) -> Lookup {
        let value: JSONValue
        switch localization.unit {
        case .text(let form):
            guard form.isUsable else { return .unusable("in state \(form.state)") }
            value = .string(form.value)
        case .plural(let forms, _):
            guard let plural = Self.pluralForms(forms) else {
                let state = forms.first { $0.category == "other" }.map { " ('other' is in state \($0.form.state))" } ?? ""
                return .unusable("plural variations without a usable 'other'\(state)")
            }
            value = plural
        case .unsupported(let why):
            return .unusable(why)
        }
        if let why = localization.unsupportedSubstitution { return .unusable(why) }
        guard !localization.substitutions.isEmpty else { return .usable(value) }
        guard formatted else {
            let names = localization.substitutions.map { "%#@\($0.name)@" }.joined(separator: ", ")
            return .unusable("substitutions (\(names)) that need the key's arguments: name the key with them, { key: …, args: […] }")
        }
        var substitutions = JSONObject()
        for sub in localization.substitutions {
            guard let plural = Self.pluralForms(sub.forms) else { return .unusable("substitution '\(sub.name)' without a usable 'other'") }
            var member = JSONObject()
            if let n = sub.argNum { member.appendNew("arg", .int(n)) }
            member.appendNew("format", .string(sub.formatSpecifier))
            member.appendNew("plural", plural)
            substitutions.appendNew(sub.name, .object(member))
        }
        return .usable(.object(JSONObject([("value", value), ("substitutions", .object(substitutions))])))
    }

    /// The usable plural forms in CLDR's order, nil without a usable `other`.
    private static func pluralForms(_ forms: [(category: String, form: Form)]) -> JSONValue? {
        let usable = forms.filter { $0.form.isUsable }
        guard usable.contains(where: { $0.category == "other" }) else { return nil }
        let sorted = usable.sorted { PluralCategory(rawValue: $0.category)! < PluralCategory(rawValue: $1.category)! }
        return .object(JSONObject(sorted.map { ($0.category, JSONValue.string($0.form.value)) }))
    }

    /// The plan's `localization` member for the strings a widget (or app) uses: each
    /// key's usable translations by canonical language tag, keys and tags sorted. A key
    /// used with its arguments anywhere carries its substitutions.
    package func planStrings(for uses: [LocalizableString]) -> JSONValue {
        var formattedKeys = Set<String>()
        for use in uses where use.isFormatted { formattedKeys.insert(use.key) }
        var strings = JSONObject()
        for key in Set(uses.map(\.key)).sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
            guard let entry = self[key] else { continue }
            var languages: [(String, JSONValue)] = []
            for localization in entry.localizations {
                guard let tag = LocaleTag.canonical(localization.language),
                      let t = lookup(localization, formatted: formattedKeys.contains(key)).value else { continue }
                languages.append((tag, t))
            }
            guard !languages.isEmpty else { continue }
            strings.appendNew(key, .object(JSONObject(languages.sorted { $0.0 < $1.0 })))
        }
        return .object(JSONObject([("sourceLanguage", .string(LocaleTag.canonical(sourceLanguage) ?? sourceLanguage)), ("strings", .object(strings))]))
    }

    /// Why `key` has no usable translation for `locale` by the spec's lookup order
    /// (each language tried and what it has), nil when it has one. `fallbacks` is
    /// `LocaleTag.fallbacks(of: locale)`, worked out once for the keys judged.
    package func whyUntranslated(_ key: String, locale: String, fallbacks: [String], formatted: Bool) -> String? {
        guard let entry = self[key] else { return "the key is not in the catalog" }
        var found: [String] = []
        for tag in fallbacks {
            guard let l = entry.localizations.first(where: { $0.canonicalLanguage == tag }) else { continue }
            switch lookup(l, formatted: formatted) {
            case .usable: return nil
            case .unusable(let why): found.append("'\(l.language)' is \(why.hasPrefix("in state") ? why : "unusable: " + why)")
            }
        }
        return found.isEmpty ? "no '\(fallbacks.first ?? locale)' unit" : found.joined(separator: "; ")
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

    /// Each catalog read, with its file's status just before the read (nil: there was no file).
    private let cache = Locked<[String: (loaded: Loaded, status: POSIXFiles.Status?)]>([:])

    package init() {}

    package func load(_ path: String) -> Loaded {
        if let hit = cache.withLock({ $0[path] }) { return hit.loaded }
        // Taken before the read: a change during it leaves a status that differs next time.
        let status = POSIXFiles.status(path)
        let loaded: Loaded
        // A catalog a definition names: a FIFO there must not block validate.
        if let bytes = try? SourceFiles.readNamed(path) {
            let (catalog, diagnostics) = StringCatalog.load(bytes: bytes, path: path)
            loaded = Loaded(catalog: catalog, diagnostics: diagnostics, bytes: bytes)
        } else {
            loaded = Loaded(catalog: nil, diagnostics: [], bytes: nil)
        }
        cache.withLock { $0[path] = (loaded, status) }
        return loaded
    }

    /// Forgets each catalog whose file changed since it was read (written, replaced, created or
    /// removed), so the next check reads it again: the editor service lives across the user's
    /// edits of the catalog (spec editor.md: files an open document refers to are read from disk).
    /// A command reads each catalog once and never asks.
    package func forgetChanged() {
        cache.withLock { entries in
            for (path, entry) in entries where POSIXFiles.status(path) != entry.status { entries[path] = nil }
        }
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let l10nCatalog = DiagnosticCode("l10n-catalog")
}
