import WidgetSupport

/// Integers fit in 64 bits signed (spec "Scalars": `integer-range`). The YAML reader
/// keeps an integer too large for 64 bits as a double with its text; here it becomes
/// an error at its position, never silently a double.
package enum IntegerRange {
    package static let shown = "integers go from -9223372036854775808 to 9223372036854775807"

    /// Whether `text` is written as a core-schema integer (`[-+]?[0-9]+`, `0o…`, `0x…`).
    package static func isIntegerForm(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = text.first else { return false }
        if text.count > 2, first == UInt8(ascii: "0"), text[1] == UInt8(ascii: "o") || text[1] == UInt8(ascii: "x") {
            return true  // the reader resolved it as a number, so the digits are right
        }
        let digits = first == UInt8(ascii: "-") || first == UInt8(ascii: "+") ? text.dropFirst() : text[...]
        return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Whether an integral double is outside Int64.
    static func isOutside(_ value: Double) -> Bool {
        !(value >= -9_223_372_036_854_775_808.0 && value < 9_223_372_036_854_775_808.0)
    }
}

/// Reports every integer of the document written beyond 64 bits. The node table is
/// scanned first (nearly always nothing is found); only then is the tree walked for
/// the values' pointers, each node once (an alias is its anchor's node again).
func checkIntegerRange(_ document: SourceNode, _ context: inout CheckContext) {
    let table = document.document
    func isBig(_ n: Int32) -> Bool {
        table.kind(n) == .double && (table.textBytes(n).map(IntegerRange.isIntegerForm) ?? false)
    }
    guard table.nodeNumbers.contains(where: isBig) else { return }
    var seen = Set<Int32>()
    func walk(_ n: Int32, _ pointer: [String]) {
        guard seen.insert(n).inserted else { return }
        switch table.kind(n) {
        case .array, .object:
            for i in 0..<table.childCount(n) {
                let child = table.childNode(n, i)
                walk(child, pointer + [table.kind(n) == .object ? table.key(n, i) : String(i)])
            }
        case .double where isBig(n):
            let text = table.sourceText(n) ?? ""
            context.error(
                .integerRange, "integer \(text) does not fit in 64 bits (\(IntegerRange.shown))",
                at: SourceNode(document: table, index: n), pointer)
        default:
            break
        }
    }
    walk(document.index, [])
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let integerRange = DiagnosticCode("integer-range")
}
