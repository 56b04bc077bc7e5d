import WidgetSupport

/// A UTF-8 byte buffer that starts on the caller's stack and moves to the heap
/// only when it outgrows it, so a render allocates once: for the final String
/// (and not even then when the text fits a small string's 15 bytes).
struct TemplateOutput: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var ownsBase = false
    private(set) var count = 0

    init(stack: UnsafeMutableBufferPointer<UInt8>) {
        // A temporary allocation always has a base address, even when empty.
        base = stack.baseAddress ?? UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        capacity = stack.baseAddress == nil ? 1 : stack.count
        ownsBase = stack.baseAddress == nil
    }

    deinit {
        if ownsBase { base.deallocate() }
    }

    // unsafe buffer (this stack buffer, integers' digits written into it): -2.0% instructions on
    // the bench/run examples x2, 30 days (callgrind)
    /// Runs `body` with a buffer of `stackBytes` on the stack and returns what it wrote as text.
    static func render(stackBytes: Int, _ body: (inout TemplateOutput) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stackBytes) { stack in
            var output = TemplateOutput(stack: stack)
            body(&output)
            return output.string()
        }
    }

    func string() -> String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    private mutating func reserve(_ extra: Int) {
        let needed = count + extra
        guard needed > capacity else { return }
        let grown = max(needed, capacity * 2)
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        fresh.update(from: base, count: count)
        if ownsBase { base.deallocate() }
        base = fresh
        capacity = grown
        ownsBase = true
    }

    /// Section items entered so far (`enterItem`).
    private(set) var items = 0

    /// Past `Template.maxRenderedBytes` bytes, or `Template.maxSectionItems` section items,
    /// the output takes nothing more and the renderer stops: nested sections over one list
    /// (`{{#l}}` five times over 64 items) would otherwise grow past gigabytes. The text
    /// then has one byte more than the bound, which is how a caller tells it was cut.
    var isFull: Bool { count > Template.maxRenderedBytes || items > Template.maxSectionItems }

    /// Counts one item of a section; false (and the output full) past the item bound.
    mutating func enterItem() -> Bool {
        items += 1
        return !isFull
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        let n = min(bytes.count, Template.maxRenderedBytes + 1 - count)
        guard n > 0 else { return }
        reserve(n)
        (base + count).update(from: source, count: n)
        count += n
    }

    mutating func append(byte: UInt8) {
        guard count <= Template.maxRenderedBytes else { return }
        reserve(1)
        base[count] = byte
        count += 1
    }

    mutating func append(_ text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { append($0) }
        if copied == nil {
            for byte in text.utf8 { append(byte: byte) }
        }
    }

    /// Decimal digits without building a String.
    mutating func append(_ value: Int) {
        var magnitude = value.magnitude
        if value < 0 { append(byte: UInt8(ascii: "-")) }
        // unsafe buffer: with the stack buffer above, -2.0% on bench/run (callgrind)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var i = 20
            repeat {
                i -= 1
                digits[i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            append(UnsafeBufferPointer(rebasing: digits[i...]))
        }
    }

    /// A value's template text (see `JSONValue.templateText`).
    mutating func append(_ value: borrowing JSONValue) {
        switch value {
        case .null: break
        case .bool(let b): append(b ? "true" : "false")
        case .int(let i): append(i)
        case .double(let d): append(double: d)
        case .string(let s): append(s)
        case .array, .object:
            let bytes = JSONWriter.string(copy value)
            append(bytes)
        }
    }

    /// Shortest round-trip text; whole doubles print as integers.
    mutating func append(double d: Double) {
        guard d.isFinite else { return }
        // Below 2^54 Swift prints whole doubles in plain notation plus ".0"; drop it.
        // From 2^54 on it uses exponent notation (1.8014398509481984e+16).
        if d == d.rounded(.towardZero), abs(d) < 18_014_398_509_481_984 {
            append(Int(d))
            return
        }
        // Few decimals (the common case: 21.5, 0.75) are found directly: the
        // first scale 10^k where d·10^k rounds to an integer m with m / 10^k == d
        // gives the shortest decimal, since that division rounds exactly as
        // parsing "m·10^-k" does. Everything else uses Swift's shortest form.
        if abs(d) < 1e9 {
            var scale = 1.0
            for decimals in 1...6 {
                scale *= 10
                let scaled = (d * scale).rounded()
                if scaled / scale == d {
                    appendFixed(Int(scaled), decimals: decimals)
                    return
                }
            }
        }
        append(d.description)
    }

    /// `m · 10^-decimals` as text: sign, integer part, point, exactly `decimals` digits.
    private mutating func appendFixed(_ m: Int, decimals: Int) {
        if m < 0 { append(byte: UInt8(ascii: "-")) }
        var divisor = 1
        for _ in 0..<decimals { divisor *= 10 }
        let magnitude = Int(m.magnitude)
        append(magnitude / divisor)
        append(byte: UInt8(ascii: "."))
        var fraction = magnitude % divisor
        for _ in 0..<decimals {
            divisor /= 10
            append(byte: UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
        }
    }
}
