import WidgetcRuntimeCore

/// `--locale LANG` (run, actions, validate): a well-formed BCP 47 tag, else exit 2.
/// A tag the catalog has no translations for is fine: the source text shows.
enum LocaleOption {
    static func parse(_ args: ParsedArguments) throws(UsageError) -> String? {
        guard let text = args.value("locale") else { return nil }
        guard let tag = LocaleTag.canonical(text) else {
            let hint = text.contains("_") ? " (use '-': \(String(text.map { $0 == "_" ? "-" : $0 })))" : ""
            throw UsageError(message: "--locale '\(text)' is not a BCP 47 language tag\(hint); use one such as de, pt-BR or zh-Hans")
        }
        return tag
    }
}
