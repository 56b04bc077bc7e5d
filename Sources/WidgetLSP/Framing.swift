/// JSON-RPC 2.0 over a byte stream with LSP's base protocol: headers (`Content-Length`, optionally
/// `Content-Type`) ended by CR LF CR LF, then exactly that many bytes of UTF-8 JSON.
package struct MessageFramer {
    /// What the stream held next.
    package enum Frame: Equatable {
        /// One message's body.
        case message([UInt8])
        /// A header block that cannot be understood (no or a bad `Content-Length`); it is skipped.
        case malformedHeader(String)
    }

    /// The largest body accepted (a message above it is a malformed header, and its body is skipped).
    package static let maxBody = 64 << 20

    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes of an oversized body still to skip.
    private var skipping = 0

    package init() {}

    package mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, or nil when more bytes are needed.
    package mutating func next() -> Frame? {
        if skipping > 0 {
            let n = min(skipping, buffer.count - start)
            start += n
            skipping -= n
            if skipping > 0 { compact(); return nil }
        }
        guard let end = headerEnd() else { compact(); return nil }
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        let bodyStart = end + 4
        var length: Int? = nil
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else {
                start = bodyStart
                return .malformedHeader("header line without a colon: '\(line.prefix(80))'")
            }
            let name = line[..<colon].trimmingSpaces.lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            if name == "content-length" { length = Int(value) }
        }
        guard let length, length >= 0 else {
            start = bodyStart
            return .malformedHeader("a message without a valid Content-Length header")
        }
        guard length <= Self.maxBody else {
            start = bodyStart
            skipping = length
            return .malformedHeader("a message of \(length) bytes is above the limit of \(Self.maxBody)")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        start = bodyStart + length
        compact()
        return .message(body)
    }

    private func headerEnd() -> Int? {
        var i = start
        let n = buffer.count
        while i + 3 < n {
            if buffer[i] == 13, buffer[i + 1] == 10, buffer[i + 2] == 13, buffer[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }

    private mutating func compact() {
        if start > 0, start >= buffer.count / 2 || start == buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }

    /// A message framed for the wire.
    package static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}
