/// Text from a file shown on a terminal: control characters are shown escaped, so a value
/// such as `"\e[31mZone"` or an OSC title sequence in a definition is printed, not obeyed.
package enum TerminalText {
    /// Whether a terminal would act on the scalar: C0 controls but tab (and newline when
    /// `newline` is kept), DEL, and the C1 controls (U+0080 to U+009F; U+009B is a CSI).
    package static func isControl(_ v: UInt32, keepingNewline newline: Bool = false) -> Bool {
        if v < 0x20 { return v != 0x09 && !(newline && v == 0x0A) }
        return v == 0x7F || (v >= 0x80 && v <= 0x9F)
    }

    /// How a control scalar is shown: `\e` for escape, `\u{7}` style otherwise.
    package static func shown(_ v: UInt32) -> String {
        v == 0x1B ? "\\e" : "\\u{" + String(v, radix: 16, uppercase: true) + "}"
    }

    /// Whether the UTF-8 holds a control character (`isControl`).
    package static func needsEscape(_ utf8: some Sequence<UInt8>, keepingNewline newline: Bool = false) -> Bool {
        var afterC2 = false
        for b in utf8 {
            if b < 0x20 { if b != 0x09 && !(newline && b == 0x0A) { return true } }
            if b == 0x7F || (afterC2 && b >= 0x80 && b <= 0x9F) { return true }
            afterC2 = b == 0xC2
        }
        return false
    }

    /// `s` with each control character shown escaped (the same string when it has none).
    package static func escaped(_ s: String, keepingNewline newline: Bool = false) -> String {
        guard needsEscape(s.utf8, keepingNewline: newline) else { return s }
        var out = ""
        for scalar in s.unicodeScalars {
            if isControl(scalar.value, keepingNewline: newline) { out += shown(scalar.value) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
