import WidgetSupport

/// The widget extension's String Catalog (`Resources/Localizable.xcstrings`): the strings
/// WidgetKit and AppIntents show before any timeline exists, which the system looks up in the
/// extension's own `Localizable` table, with the translations the widgets' catalogs give them
/// (docs/generated-swift.md, "The extension's String Catalog").
///
/// The entries' content is localized by the runtime from the plan; the catalog holds the gallery
/// (display name, description), the configuration intent (its title and description, each
/// parameter's title and description, the enum's type name), the enum options' titles, and the
/// button and toggle intents' titles, descriptions and parameters.
enum ExtensionCatalog {
    /// The catalog's JSON, as Xcode writes it (`CatalogWriter`), keys in Xcode's order.
    static func contents(_ widgets: [WidgetModel]) -> String {
        // The first widget with a catalog names the source language (they share one in practice).
        let sourceLanguage = widgets.lazy.compactMap { $0.localization?["sourceLanguage"]?.string }.first ?? "en"
        var keys: [String] = []
        var seen: Set<String> = []
        for widget in widgets {
            for key in strings(of: widget) where LocalizableStrings.isLocalizable(key) && seen.insert(key).inserted { keys.append(key) }
        }
        // Every key with its source-language unit, as `widgetc strings` adds a key by hand.
        var (catalog, _) = CatalogUpdate.update(CatalogUpdate.empty(sourceLanguage: sourceLanguage), used: keys)
        guard case .object(var root) = catalog, var strings = root["strings"]?.object else { return text(catalog) }
        for key in keys {
            guard case .object(var entry)? = strings[key], var localizations = entry["localizations"]?.object else { continue }
            // The first widget (in bundle order) whose catalog translates the key gives each language.
            for widget in widgets {
                for (language, translation) in widget.localization?["strings"]?[key]?.object ?? JSONObject()
                where language != sourceLanguage && localizations[language] == nil {
                    if let unit = unit(translation) { localizations[language] = unit }
                }
            }
            entry["localizations"] = .object(localizations)
            strings[key] = .object(entry)
        }
        root["strings"] = .object(strings)
        return text(.object(root))
    }

    /// The strings a widget shows outside its entries, in the order the generated code uses them.
    static func strings(of widget: WidgetModel) -> [String] {
        var keys = [widget.displayName, widget.description]
        func add(_ parameters: [WidgetModel.Parameter]) {
            for p in parameters {
                keys.append(p.title)
                if let description = p.description { keys.append(description) }
                for value in p.values { keys.append(p.title(of: value)) }
            }
        }
        add(widget.parameters)
        // The intents the buttons and toggles run: Shortcuts and Siri show their titles too.
        for intent in widget.intents {
            keys.append(intent.title)
            if let description = intent.description { keys.append(description) }
            add(intent.parameters)
        }
        return keys
    }

    /// A plan translation (docs/plan-format.md, `localization`) as a catalog localization: text,
    /// or plural forms by CLDR category. A unit with substitutions belongs to content keys with
    /// arguments only, never to these strings.
    static func unit(_ translation: JSONValue) -> JSONValue? {
        func stringUnit(_ text: String) -> JSONValue {
            .object(JSONObject([("stringUnit", .object(JSONObject([("state", "translated"), ("value", .string(text))])))]))
        }
        switch translation {
        case .string(let text):
            return stringUnit(text)
        case .object(let forms) where forms["value"] == nil:
            var plural = JSONObject()
            for (category, form) in forms {
                guard let text = form.string else { return nil }
                plural[category] = stringUnit(text)
            }
            return .object(JSONObject([("variations", .object(JSONObject([("plural", .object(plural))])))]))
        default:
            return nil
        }
    }

    static func text(_ catalog: JSONValue) -> String {
        String(decoding: CatalogWriter.bytes(catalog), as: UTF8.self)
    }
}
