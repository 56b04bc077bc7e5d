import WidgetSupport

/// Splits text holding several JSON values one after another (the test
/// suite's `in.json`) into the values, each read by `JSONReader`.
enum JSONStream {
    static func values(_ text: String) throws(SourceError) -> [JSONValue] {
        let bytes = Array(text.utf8)
        var values: [JSONValue] = []
        var i = 0
        while true {
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count else { return values }
            let end = valueEnd(bytes, from: i)
            values.append(try JSONReader.parse(bytes: Array(bytes[i..<end])).json)
            i = end
        }
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// Where the value starting at `start` ends: after its closing bracket for
    /// a container or quote for a string, else at the next space or bracket.
    private static func valueEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start
        var depth = 0
        var inString = false
        while i < bytes.count {
            let b = bytes[i]
            if inString {
                if b == UInt8(ascii: "\\") {
                    i += 1
                } else if b == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return i + 1 }
                }
            } else {
                switch b {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default:
                    if depth == 0 && isSpace(b) { return i }
                }
            }
            i += 1
        }
        return i
    }
}
