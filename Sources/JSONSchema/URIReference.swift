/// An RFC 3986 URI reference split into its five components, with reference resolution
/// (section 5.2) and dot-segment removal. Used only while compiling schemas.
struct URIReference: Equatable, Sendable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    /// Splits `text` as RFC 3986 Appendix B does; every string is some URI reference.
    /// (Scans UTF-8: the delimiters are ASCII, so their indices are valid String indices.)
    init(_ text: String) {
        let bytes = text.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        scheme = nil
        if let colon = bytes.firstIndex(where: { $0 == 0x3A || $0 == 0x2F || $0 == 0x3F || $0 == 0x23 }), bytes[colon] == 0x3A,
            colon > start, let first = bytes.first, Self.isLetter(first),
            bytes[start..<colon].allSatisfy({ Self.isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
        {
            scheme = String(text[start..<colon]).lowercased()
            start = bytes.index(after: colon)
        }
        if let hash = bytes[start..<end].firstIndex(of: 0x23) {
            fragment = String(text[bytes.index(after: hash)..<end])
            end = hash
        } else {
            fragment = nil
        }
        if let question = bytes[start..<end].firstIndex(of: 0x3F) {
            query = String(text[bytes.index(after: question)..<end])
            end = question
        } else {
            query = nil
        }
        let rest = bytes[start..<end]
        if rest.starts(with: [0x2F, 0x2F]) {
            let afterSlashes = bytes.index(start, offsetBy: 2)
            let pathStart = bytes[afterSlashes..<end].firstIndex(of: 0x2F) ?? end
            authority = String(text[afterSlashes..<pathStart])
            start = pathStart
        } else {
            authority = nil
        }
        path = String(text[start..<end])
    }

    private static func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }

    private init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    var isAbsolute: Bool { scheme != nil }

    /// The reference resolved against `base` (RFC 3986 section 5.2.2).
    func resolved(against base: URIReference) -> URIReference {
        if let scheme {
            return URIReference(scheme: scheme, authority: authority, path: Self.removeDotSegments(path), query: query, fragment: fragment)
        }
        if let authority {
            return URIReference(scheme: base.scheme, authority: authority, path: Self.removeDotSegments(path), query: query, fragment: fragment)
        }
        if path.isEmpty {
            return URIReference(scheme: base.scheme, authority: base.authority, path: base.path, query: query ?? base.query, fragment: fragment)
        }
        let merged: String
        if path.hasPrefix("/") {
            merged = path
        } else if base.authority != nil && base.path.isEmpty {
            merged = "/" + path
        } else if let slash = base.path.lastIndex(of: "/") {
            merged = base.path[...slash] + path
        } else {
            merged = path
        }
        return URIReference(scheme: base.scheme, authority: base.authority, path: Self.removeDotSegments(merged), query: query, fragment: fragment)
    }

    /// RFC 3986 section 5.2.4.
    static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        var absolute = false
        if input.hasPrefix("/") { absolute = true }
        let segments = input.split(separator: "/", omittingEmptySubsequences: false)
        input = ""
        var trailingSlash = false
        for (k, segment) in segments.enumerated() {
            if k == 0 && absolute { continue }
            let last = k == segments.count - 1
            switch segment {
            case ".":
                trailingSlash = last
            case "..":
                if !output.isEmpty { output.removeLast() }
                trailingSlash = last
            default:
                output.append(segment)
                trailingSlash = false
            }
        }
        var result = (absolute ? "/" : "") + output.joined(separator: "/")
        if trailingSlash && !result.hasSuffix("/") { result += "/" }
        return result
    }

    var withoutFragment: URIReference {
        URIReference(scheme: scheme, authority: authority, path: path, query: query, fragment: nil)
    }

    /// The reference written back (RFC 3986 section 5.3).
    var string: String {
        var out = ""
        if let scheme { out += scheme + ":" }
        if let authority { out += "//" + authority }
        out += path
        if let query { out += "?" + query }
        if let fragment { out += "#" + fragment }
        return out
    }

    /// Resolves `reference` against the absolute `base`, both given as text.
    static func resolve(_ reference: String, against base: String) -> URIReference {
        URIReference(reference).resolved(against: URIReference(base))
    }

    /// Decodes `%XX` escapes (as UTF-8); invalid escapes are kept as written.
    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let b = utf8.first {
            if b == UInt8(ascii: "%"), utf8.count >= 3,
                let hi = hexValue(utf8[utf8.startIndex + 1]), let lo = hexValue(utf8[utf8.startIndex + 2])
            {
                bytes.append(hi << 4 | lo)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(b)
                utf8 = utf8.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
