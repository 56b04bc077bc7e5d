import WidgetSupport

/// Facts about the raw bytes, needed only when something is wrong with them.
///
/// libyaml checks the encoding itself while it reads; these functions run
/// after it refused the input, to name the bad byte and say where it is.
enum InputBytes {
    /// A UTF-16 byte order mark: libyaml would read the file as UTF-16, but
    /// widget files are UTF-8.
    static func startsAsUTF16(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 2 && ((bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE))
    }

    enum Problem: Equatable {
        case invalidUTF8(byte: UInt8)
        case nul
    }

    /// The offset of the first byte that is not valid UTF-8 (the start of the
    /// bad sequence) or is NUL, or nil if there is none.
    static func firstBadByte(_ bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, problem: Problem)? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0 { return (i, .nul) }
            if b < 0x80 { i += 1; continue }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF  // allowed range of the second byte
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0  // no overlong forms
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F  // no surrogates
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F  // nothing above U+10FFFF
            default: return (i, .invalidUTF8(byte: b))
            }
            guard i + 1 < n, bytes[i + 1] >= low, bytes[i + 1] <= high else { return (i, .invalidUTF8(byte: b)) }
            for k in 2..<length {
                guard i + k < n, bytes[i + k] & 0xC0 == 0x80 else { return (i, .invalidUTF8(byte: b)) }
            }
            i += length
        }
        return nil
    }

    /// The line and column of a byte offset, counted as libyaml counts them:
    /// CR LF, CR, LF, NEL, LS and PS end a line; a column is a character; a
    /// leading byte order mark takes no column. Bytes before `offset` must be valid UTF-8.
    static func location(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        var line = 1, column = 1
        var i = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        let end = min(offset, bytes.count)
        while i < end {
            let b = bytes[i]
            var breakLength = 0
            if b == 0x0A {
                breakLength = 1
            } else if b == 0x0D {
                breakLength = i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
            } else if b == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0x85 {
                breakLength = 2
            } else if b == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                breakLength = 3
            }
            if breakLength > 0 {
                line += 1
                column = 1
                i += breakLength
            } else {
                if b & 0xC0 != 0x80 { column += 1 }
                i += 1
            }
        }
        return SourceLocation(line: line, column: column)
    }
}
