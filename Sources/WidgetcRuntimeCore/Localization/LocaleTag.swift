/// BCP 47 language tags as the String Catalog and `--locale` use them.
package enum LocaleTag {
    /// The tag in its canonical case (`zh-hans-cn` -> `zh-Hans-CN`), nil when it is not a
    /// well-formed BCP 47 tag (RFC 5646 syntax: a language of 2-3 or 5-8 letters, then
    /// subtags of 1-8 letters or digits; `_` is not a separator).
    package static func canonical(_ tag: String) -> String? {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = subtags.first, [2, 3, 5, 6, 7, 8].contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        var out = [language.lowercased()]
        var singleton = false
        for (k, subtag) in subtags.dropFirst().enumerated() {
            guard (1...8).contains(subtag.count), subtag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
            if subtag.count == 1 { singleton = true }
            if !singleton, subtag.count == 4, k == 0 || (k == 1 && out[1].count == 3), subtag.allSatisfy(\.isLetter) {
                out.append(subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased())   // script
            } else if !singleton, subtag.count == 2, subtag.allSatisfy(\.isLetter) {
                out.append(subtag.uppercased())                                                // region
            } else {
                out.append(subtag.lowercased())
            }
        }
        if singleton, subtags.last?.count == 1 { return nil }   // a singleton needs a subtag after it
        return out.joined(separator: "-")
    }

    /// The spec's lookup order: the exact tag (`zh-Hans-CN`), its language with
    /// script (`zh-Hans`), its language (`zh`). Canonical case; an ill-formed tag is tried as given.
    package static func fallbacks(of tag: String) -> [String] {
        let exact = canonical(tag) ?? tag
        let parts = exact.split(separator: "-")
        var out = [exact]
        if parts.count > 1, parts[1].count == 4, parts[1].allSatisfy(\.isLetter) {
            let script = parts[0] + "-" + parts[1]
            if script != exact { out.append(String(script)) }
        }
        if let language = parts.first, String(language) != out.last, String(language) != exact { out.append(String(language)) }
        return out
    }
}
