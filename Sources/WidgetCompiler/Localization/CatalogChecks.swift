import WidgetDiagnostics
import WidgetSupport
import WidgetTemplates
import WidgetcRuntimeCore

/// Where a definition uses a catalog: its file, and its localizable strings as the catalog checks
/// read them, worked out in phase 1 with the catalog; merged into `CatalogUses` in the file's turn.
package struct CatalogUse: Sendable {
    package let file: String
    /// Each string in order: a key the catalog has as its entry's index times 2, plus 1 when the key
    /// is used with its arguments; another as -1 - its place in `unlisted`.
    fileprivate let strings: [Int32]
    /// The strings whose key the catalog lacks, with where they are (only their pointers are spelled).
    fileprivate let unlisted: [LocalizableString]
    /// `l10n-format` at each string that writes a catalog key with format specifiers as plain text.
    fileprivate let plainFormats: [Diagnostic]

    /// The strings of `document` (`LocalizableStrings`), as `catalog` has them: none without a
    /// usable catalog, which is not checked.
    package init(file: String, document: SourceNode, catalog: StringCatalog?) {
        self.file = file
        guard let catalog else {
            (strings, unlisted, plainFormats) = ([], [], [])
            return
        }
        var resolve = Resolve(catalog: catalog, file: file)
        LocalizableStrings.visit(document, &resolve)
        (strings, unlisted, plainFormats) = (resolve.strings, resolve.unlisted, resolve.plainFormats)
    }

    private struct Resolve: LocalizableStrings.Visitor {
        let catalog: StringCatalog
        let file: String
        var strings: [Int32] = []
        var unlisted: [LocalizableString] = []
        var plainFormats: [Diagnostic] = []

        init(catalog: StringCatalog, file: String) {
            self.catalog = catalog
            self.file = file
        }

        mutating func visit(_ text: String, _ node: SourceNode, arguments: SourceNode.Items?, at place: LocalizableStrings.Place) {
            guard let entry = catalog.index(of: text) else {
                strings.append(Int32(-1 - unlisted.count))
                unlisted.append(LocalizableString(key: text, location: node.location, pointer: place.pointer, arguments: arguments == nil ? nil : []))
                return
            }
            strings.append(Int32(entry) << 1 | (arguments == nil ? 0 : 1))
            if arguments == nil, let message = catalog.plainFormatMessage(entry) {
                plainFormats.append(.warning(.l10nFormat, message, file: file, at: node.location, pointer: place.pointer))
            }
        }
    }
}

/// What the definitions use of one catalog, merged file by file in their turn: what the checks
/// read, each key once. (With each file's strings kept until every file was concluded, as arrays of
/// `LocalizableString` with their keys and pointers, `validate`'s peak heap on 17,100 files of
/// bench/validate's examples shape was 13.0 MB; 9.5 MB so, massif.)
package struct CatalogUses: Sendable {
    /// The keys used, once each, in the order met, coded as in `CatalogUse.strings` (a catalog's key
    /// as first used, another as -1 - its place in `unlisted`).
    fileprivate var used: [Int32] = []
    /// The keys the catalog lacks, each as first used.
    fileprivate var unlisted: [(file: String, string: LocalizableString)] = []
    private var unlistedKeys = Set<String>()
    /// Entries (by index) whose key is used: at all, as a template, with its arguments.
    private var usedEntries = EntrySet()
    fileprivate var templateEntries = EntrySet()
    fileprivate var formattedEntries = EntrySet()
    /// `CatalogUse.plainFormats`, in the order of the uses.
    fileprivate var plainFormats: [Diagnostic] = []

    package init() {}

    package mutating func add(_ use: CatalogUse) {
        for code in use.strings {
            if code >= 0 {
                let entry = Int(code >> 1)
                if usedEntries.insert(entry) { used.append(code) }
                if code & 1 == 0 { templateEntries.insert(entry) } else { formattedEntries.insert(entry) }
            } else {
                let string = use.unlisted[Int(-1 - code)]
                if unlistedKeys.insert(string.key).inserted {
                    used.append(Int32(-1 - unlisted.count))
                    unlisted.append((use.file, string))
                }
            }
        }
        plainFormats += use.plainFormats
    }

    /// A set of small non-negative integers, as bits.
    fileprivate struct EntrySet: Sendable {
        private var words: [UInt64] = []

        /// Whether `i` was not in the set.
        @discardableResult
        mutating func insert(_ i: Int) -> Bool {
            let (word, bit) = (i >> 6, UInt64(1) << UInt64(i & 63))
            if word >= words.count { words += repeatElement(0, count: word + 1 - words.count) }
            defer { words[word] |= bit }
            return words[word] & bit == 0
        }

        func contains(_ i: Int) -> Bool {
            i >> 6 < words.count && words[i >> 6] & (UInt64(1) << UInt64(i & 63)) != 0
        }
    }
}

/// `validate` with a String Catalog (spec localization.md "Validation"): the
/// translations' templates and tags, plural units' `other`, and per locale the
/// keys the definitions use that have no usable translation. Only the keys the
/// definitions use are checked: the others are the app's (an app string may well
/// tell users to type `{{name}}`).
package enum CatalogChecks {
    package static func check(_ catalog: StringCatalog, uses: CatalogUses, locale: String?) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let file = catalog.path
        // The keys the definitions use, once each, in the order they are met: a catalog's entry, or a
        // key it lacks as first used.
        let used = uses.used.map { code -> (key: String, isFormatted: Bool, unlisted: (file: String, string: LocalizableString)?) in
            if code >= 0 { return (catalog.entries[Int(code >> 1)].key, code & 1 == 1, nil) }
            let u = uses.unlisted[Int(-1 - code)]
            return (u.string.key, u.string.isFormatted, u)
        }
        // A key used as a template somewhere: its translations are templates.
        for entry in catalog.entries where uses.templateEntries.contains(catalog.index(of: entry.key)!) {
            let keyNames = Set(((try? Template(entry.key))?.references ?? []).map(\.name))
            for localization in entry.localizations {
                let pointer = ["strings", entry.key, "localizations", localization.language]
                var forms: [(pointer: [String], form: StringCatalog.Form)] = []
                switch localization.unit {
                case .text(let form): forms.append((pointer + ["stringUnit", "value"], form))
                case .plural(let plural, let node):
                    for (category, form) in plural { forms.append((pointer + ["variations", "plural", category, "stringUnit", "value"], form)) }
                    if !plural.contains(where: { $0.category == "other" }) {
                        out.append(.error(
                            .l10nPluralOther,
                            "the '\(localization.language)' plural variations of '\(entry.key)' have no 'other', which every locale needs (categories missing from a locale fall back to it)",
                            file: file, at: node.location, pointer: JSONPointer.string(pointer + ["variations", "plural"])))
                    }
                case .unsupported: continue
                }
                for (p, form) in forms {
                    let template: Template
                    do { template = try Template(form.value) } catch {
                        out.append(.error(
                            .l10nTemplate, "the '\(localization.language)' translation of '\(entry.key)' is not a valid template: \(error.message)",
                            file: file, at: form.valueNode.location, pointer: JSONPointer.string(p)))
                        continue
                    }
                    for name in Set(template.references.map(\.name)).subtracting(keyNames).sorted() {
                        let has = keyNames.isEmpty ? "has no tags" : "has " + keyNames.sorted().map { "{{\($0)}}" }.joined(separator: ", ")
                        out.append(.error(
                            .l10nVariable,
                            "the '\(localization.language)' translation of '\(entry.key)' uses {{\(name)}}, which its key does not have (the key \(has)); a translation is a template in the key's scope",
                            file: file, at: form.valueNode.location, pointer: JSONPointer.string(p)))
                    }
                }
            }
        }

        // A key used with its arguments: its translations read no argument the key does not have.
        for entry in catalog.entries where uses.formattedEntries.contains(catalog.index(of: entry.key)!) {
            out += formatChecks(entry, file: file)
        }
        let listed = locale.flatMap(LocaleTag.canonical)
        var languages = catalog.languages.dropFirst().compactMap(LocaleTag.canonical)
        if let listed, !languages.contains(listed) { languages.append(listed) }
        for language in languages {
            let fallbacks = LocaleTag.fallbacks(of: language)
            let missing = used.compactMap { u in
                catalog.whyUntranslated(u.key, locale: language, fallbacks: fallbacks, formatted: u.isFormatted).map { (u, $0) }
            }
            guard !missing.isEmpty else { continue }
            if language == listed {
                for (u, why) in missing {
                    if let (useFile, s) = u.unlisted {
                        let message = "'\(s.key)' has no usable '\(language)' translation: it shows in \(catalog.sourceLanguage)"
                        out.append(.warning(.l10nMissing, message + " (the key is not in \(file); widgetc strings \(useFile) --catalog \(file) adds it)", file: useFile, at: s.location, pointer: s.pointer))
                    } else if let entry = catalog[u.key] {
                        let message = "'\(u.key)' has no usable '\(language)' translation (\(why)): it shows in \(catalog.sourceLanguage)"
                        out.append(.warning(.l10nMissing, message, file: file, at: entry.keyLocation, pointer: JSONPointer.string(["strings", u.key])))
                    }
                }
            } else {
                out.append(.warning(
                    .l10nMissing,
                    "\(missing.count) of \(used.count) string\(used.count == 1 ? "" : "s") \(missing.count == 1 ? "has" : "have") no usable '\(language)' translation (widgetc validate --locale \(language) lists them)",
                    file: file, at: catalog.strings.location, pointer: "/strings"))
            }
        }
        // A key with format specifiers written as plain text shows them as they are (found in phase 1).
        out += uses.plainFormats
        return out
    }

    /// The `l10n-format` message for a catalog key written as plain text, when it has format
    /// specifiers: nil for a key without (only what Xcode writes: "50% off" is text, not a
    /// specifier with a space flag).
    static func plainFormatMessage(_ key: String) -> String? {
        // A key without `%` has no specifiers.
        guard key.utf8.contains(UInt8(ascii: "%")) else { return nil }
        let format = FormatString(key)
        let specifiers = format.specifiers
        guard !specifiers.isEmpty, specifiers.allSatisfy(\.isXcodeStyle) else { return nil }
        let args = (0..<format.argumentCount).map { i in
            specifiers.contains { $0.argument == i && ($0.isNumeric || $0.isSubstitution) } ? "{{a number}}" : "{{a value}}"
        }
        let spelled = specifiers.map(\.text).joined(separator: ", ")
        return "'\(key)' has format specifiers (\(spelled)) that plain text shows as written; pass its arguments by naming the key: { key: \(JSONWriter.string(.string(key))), args: [\(args.map { JSONWriter.string(.string($0)) }.joined(separator: ", "))] } (one argument per specifier, in order)"
    }

    /// `l10n-arguments` at a translation of a key used with its arguments that reads an
    /// argument past the key's (`%3$@` where the key has two): it would show nothing there.
    static func formatChecks(_ entry: StringCatalog.Entry, file: String) -> [Diagnostic] {
        let count = FormatString(entry.key).argumentCount
        var out: [Diagnostic] = []
        func check(_ text: String, _ node: SourceNode, _ pointer: [String], language: String) {
            // `%arg` in a substitution's variation is its own argument, not a specifier.
            for spec in text.components(separatedBy: "%arg").flatMap({ FormatString($0).specifiers }) where spec.argument >= count {
                out.append(.error(
                    .l10nArguments,
                    "the '\(language)' translation of '\(entry.key)' reads argument \(spec.argument + 1) (\(spec.text)), but the key's specifiers read \(count == 0 ? "none" : count == 1 ? "1" : "1 to \(count)"); a translation uses the key's arguments",
                    file: file, at: node.location, pointer: JSONPointer.string(pointer)))
            }
        }
        for localization in entry.localizations {
            let pointer = ["strings", entry.key, "localizations", localization.language]
            switch localization.unit {
            case .text(let form): check(form.value, form.valueNode, pointer + ["stringUnit", "value"], language: localization.language)
            case .plural(let forms, _):
                for (category, form) in forms {
                    check(form.value, form.valueNode, pointer + ["variations", "plural", category, "stringUnit", "value"], language: localization.language)
                }
            case .unsupported: break
            }
            for sub in localization.substitutions {
                let sp = pointer + ["substitutions", sub.name]
                if let n = sub.argNum, n > count {
                    out.append(.error(
                        .l10nArguments,
                        "the '\(localization.language)' substitution '\(sub.name)' of '\(entry.key)' reads argument \(n) (argNum), but the key's specifiers read \(count == 0 ? "none" : "\(count)")",
                        file: file, at: sub.node.location, pointer: JSONPointer.string(sp + ["argNum"])))
                }
                for (category, form) in sub.forms {
                    check(form.value, form.valueNode, sp + ["variations", "plural", category, "stringUnit", "value"], language: localization.language)
                }
            }
        }
        return out
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let l10nArguments = DiagnosticCode("l10n-arguments")
    package static let l10nFormat = DiagnosticCode("l10n-format", .warning)
    package static let l10nMissing = DiagnosticCode("l10n-missing", .warning)
    package static let l10nPluralOther = DiagnosticCode("l10n-plural-other")
    package static let l10nTemplate = DiagnosticCode("l10n-template")
    package static let l10nVariable = DiagnosticCode("l10n-variable")
}
