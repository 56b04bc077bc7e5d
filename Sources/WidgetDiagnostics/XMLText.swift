/// Text safe in XML content and quoted attributes: the one escaping of the property
/// lists (`actions`) and the preview page. They differ only in what a control character
/// becomes: a property list must stay a valid document for plutil, a page shows it.
package enum XMLText {
    package enum Controls {
        /// A carriage return as `&#13;`, other C0 characters, U+FFFE and U+FFFF as U+FFFD; `'` as `&apos;`.
        case replaced
        /// C0 (but tab and newline), DEL, C1, U+FFFE and U+FFFF as a visible `\u{…}`; `'` as `&#39;`.
        case shown
    }

    package static func escaped(_ text: String, controls: Controls) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += controls == .replaced ? "&apos;" : "&#39;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                switch controls {
                case .replaced:
                    if v == 0x0D { out += "&#13;" }
                    else if v < 0x20 || v == 0xFFFE || v == 0xFFFF { out.unicodeScalars.append("\u{FFFD}") }
                    else { out.unicodeScalars.append(scalar) }
                case .shown:
                    if v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0xFFFE || v == 0xFFFF {
                        out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        return out
    }
}
