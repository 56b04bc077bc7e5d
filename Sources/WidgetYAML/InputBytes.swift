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
            guard let (_, length) = scalar(at: i, in: bytes) else { return (i, .invalidUTF8(byte: b)) }
            i += length
        }
        return nil
    }

    /// The Unicode scalar whose UTF-8 sequence starts at `i`, a byte of 0x80 or more, and its
    /// length in bytes; nil if the sequence is not valid UTF-8 (a stray continuation byte, a
    /// truncated sequence, an overlong form, a surrogate, anything above U+10FFFF).
    static func scalar(at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (value: UInt32, length: Int)? {
        let b = bytes[i]
        let length: Int
        var value: UInt32
        switch b {
        case 0xC2...0xDF: length = 2; value = UInt32(b & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(b & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(b & 0x07)
        default: return nil
        }
        guard i + length <= bytes.count else { return nil }
        for k in 1..<length {
            let c = bytes[i + k]
            guard c & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(c & 0x3F)
        }
        let shortest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= shortest, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
        return (value, length)
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
