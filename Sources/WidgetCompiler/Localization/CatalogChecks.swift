import WidgetDiagnostics
import WidgetSupport
import WidgetTemplates
import WidgetcRuntimeCore

/// Where a definition uses a catalog: its file and its localizable strings.
package struct CatalogUse: Sendable {
    package let file: String
    package let strings: [LocalizableString]
}

/// `validate` with a String Catalog (spec localization.md "Validation"): the
/// translations' templates and tags, plural units' `other`, and per locale the
/// keys the definitions use that have no usable translation. Only the keys the
/// definitions use are checked: the others are the app's (an app string may well
/// tell users to type `{{name}}`).
package enum CatalogChecks {
    package static func check(_ catalog: StringCatalog, uses: [CatalogUse], locale: String?) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let file = catalog.path
        // The keys the definitions use, once each, in the order they are met.
        var seen = Set<String>()
        var used: [(file: String, string: LocalizableString)] = []
        for use in uses { for s in use.strings where seen.insert(s.key).inserted { used.append((use.file, s)) } }
        // A key used as a template somewhere: its translations are templates.
        var templateKeys = Set<String>()
        for use in uses { for s in use.strings where !s.isFormatted { templateKeys.insert(s.key) } }
        for entry in catalog.entries where templateKeys.contains(entry.key) {
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
        var formattedKeys = Set<String>()
        for use in uses { for s in use.strings where s.isFormatted { formattedKeys.insert(s.key) } }
        for entry in catalog.entries where formattedKeys.contains(entry.key) {
            out += formatChecks(entry, file: file)
        }
        let listed = locale.flatMap(LocaleTag.canonical)
        var languages = catalog.languages.dropFirst().compactMap(LocaleTag.canonical)
        if let listed, !languages.contains(listed) { languages.append(listed) }
        for language in languages {
            let fallbacks = LocaleTag.fallbacks(of: language)
            let missing = used.compactMap { u in
                catalog.whyUntranslated(u.string.key, locale: language, fallbacks: fallbacks, formatted: u.string.isFormatted)
                    .map { (u.file, u.string, $0) }
            }
            guard !missing.isEmpty else { continue }
            if language == listed {
                for (useFile, s, why) in missing {
                    if let entry = catalog[s.key] {
                        let message = "'\(s.key)' has no usable '\(language)' translation (\(why)): it shows in \(catalog.sourceLanguage)"
                        out.append(.warning(.l10nMissing, message, file: file, at: entry.keyLocation, pointer: JSONPointer.string(["strings", s.key])))
                    } else {
                        let message = "'\(s.key)' has no usable '\(language)' translation: it shows in \(catalog.sourceLanguage)"
                        out.append(.warning(.l10nMissing, message + " (the key is not in \(file); widgetc strings \(useFile) --catalog \(file) adds it)", file: useFile, at: s.location, pointer: s.pointer))
                    }
                }
            } else {
                out.append(.warning(
                    .l10nMissing,
                    "\(missing.count) of \(used.count) string\(used.count == 1 ? "" : "s") \(missing.count == 1 ? "has" : "have") no usable '\(language)' translation (widgetc validate --locale \(language) lists them)",
                    file: file, at: catalog.strings.location, pointer: "/strings"))
            }
        }
        // A key with format specifiers written as plain text shows them as they are.
        for use in uses { for s in use.strings where !s.isFormatted && catalog[s.key] != nil {
            // A key without `%` has no specifiers: parsed for each file that used it, 6.0 M instructions
            // (callgrind on 300 files of bench/validate's examples shape, 48 of them with the catalog).
            guard s.key.utf8.contains(UInt8(ascii: "%")) else { continue }
            let useFile = use.file
            let format = FormatString(s.key)
            let specifiers = format.specifiers
            // Only what Xcode writes: "50% off" is text, not a specifier with a space flag.
            guard !specifiers.isEmpty, specifiers.allSatisfy(\.isXcodeStyle) else { continue }
            let args = (0..<format.argumentCount).map { i in
                specifiers.contains { $0.argument == i && ($0.isNumeric || $0.isSubstitution) } ? "{{a number}}" : "{{a value}}"
            }
            let spelled = specifiers.map(\.text).joined(separator: ", ")
            out.append(.warning(
                .l10nFormat,
                "'\(s.key)' has format specifiers (\(spelled)) that plain text shows as written; pass its arguments by naming the key: { key: \(JSONWriter.string(.string(s.key))), args: [\(args.map { JSONWriter.string(.string($0)) }.joined(separator: ", "))] } (one argument per specifier, in order)",
                file: useFile, at: s.location, pointer: s.pointer))
        } }
        return out
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
