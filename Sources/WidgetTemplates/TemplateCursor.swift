/// Turns UTF-8 byte offsets of a template into scalar offsets, lines and columns.
///
/// Asked in increasing order (as the parser meets tags) it walks the text once;
/// an earlier offset restarts from the beginning.
struct TemplateCursor {
    private var byte = 0
    private var scalar = 0
    private var line = 1
    private var column = 1

    mutating func advance(to target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, line: Int, column: Int) {
        if target < byte { self = TemplateCursor() }
        let end = min(target, bytes.count)
        while byte < end {
            let b = bytes[byte]
            if b & 0xC0 != 0x80 {  // a scalar's first byte
                scalar += 1
                if b == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            byte += 1
        }
        return (scalar, line, column)
    }
}
