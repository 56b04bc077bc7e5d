/// RFC 6901 JSON Pointers, kept as their reference tokens.
package enum JSONPointer {
    /// Escapes one reference token (`~` -> `~0`, `/` -> `~1`).
    package static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
    }

    /// Unescapes one reference token (`~1` -> `/`, `~0` -> `~`).
    package static func unescape(_ token: String) -> String {
        guard token.utf8.contains(UInt8(ascii: "~")) else { return token }
        return token.replacingAll("~1", with: "/").replacingAll("~0", with: "~")
    }

    /// Joins tokens into a pointer string: `["a", "b/c"]` -> `/a/b~1c`; `[]` -> ``.
    package static func string(_ tokens: [String]) -> String {
        var out = ""
        for token in tokens {
            out.append("/")
            out.append(escape(token))
        }
        return out
    }

    /// Splits a pointer string into unescaped tokens; nil if it is not a pointer.
    package static func tokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        switch asciiTokens(pointer) {
        case .tokens(let tokens): return tokens
        case .notAPointer: return nil
        case .notASCII: break
        }
        guard pointer.hasPrefix("/") else { return nil }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { unescape(String($0)) }
    }

    private enum ASCIISplit {
        case tokens([String])
        case notAPointer
        case notASCII
    }

    /// `tokens` for an ASCII pointer, split at bytes (ASCII has no character of
    /// several scalars around `/`, so this is how its characters split).
    private static func asciiTokens(_ pointer: String) -> ASCIISplit {
        let split = pointer.utf8.withContiguousStorageIfAvailable { bytes -> ASCIISplit in
            guard bytes.isASCII else { return .notASCII }
            guard bytes.first == UInt8(ascii: "/") else { return .notAPointer }
            var tokens: [String] = []
            var start = 1
            for end in 1...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "/") {
                tokens.append(unescape(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)))
                start = end + 1
            }
            return .tokens(tokens)
        }
        return split ?? .notASCII
    }
}

extension String {
    /// Replaces every occurrence of `target` (no Foundation needed).
    package func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
