/// A pattern simple enough to match with one forward pass over the bytes, no machine:
/// most schema patterns (`^[A-Za-z_][A-Za-z0-9_]*$`, `^[A-Z0-9]{4}$`, `\{\{`).
///
/// Two shapes qualify. An anchored run of ASCII classes, each taken a fixed or bounded
/// number of times, where no loop could ever give a scalar back (a loop that can vary is
/// last, or followed by a class it cannot take, that must match at least once). And an
/// unanchored ASCII literal, found by a byte search (an ASCII byte never occurs inside a
/// multi-byte UTF-8 sequence). The anchored shape answers only for ASCII input; for
/// other input it declines and the machine decides.
struct LinearPattern: Sendable {
    /// One class (ASCII members as bits of `low`/`high`) taken `min...max` times (`max` -1: no limit).
    struct Step: Sendable {
        var low: UInt64
        var high: UInt64
        var min: Int
        var max: Int

        // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
        @inline(__always)
        func contains(_ b: UInt8) -> Bool {
            b < 64 ? low & (1 << UInt64(b)) != 0 : high & (1 << UInt64(b - 64)) != 0
        }

        func isDisjoint(_ other: Step) -> Bool { low & other.low == 0 && high & other.high == 0 }
    }

    private enum Shape {
        case anchored(steps: [Step], toEnd: Bool)
        case literal([UInt8])
    }

    private let shape: Shape
    /// For a literal, per prefix length, the longest proper border (Knuth-Morris-Pratt); empty
    /// otherwise. Kept out of `Shape`: a second array in a multi-payload case gets the enum's tag
    /// in its pointer's spare bits, where LeakSanitizer no longer sees the pointer and reports
    /// the built-in schemas' literals as leaked at exit.
    private let borders: [Int]

    /// The linear form of a main program, or nil when it has another shape.
    init?(_ code: [RegexInstruction]) {
        if let literal = Self.literal(code) {
            shape = .literal(literal)
            borders = Self.borders(literal)
            return
        }
        guard code.first.map({ if case .start = $0 { true } else { false } }) == true else { return nil }
        var steps: [Step] = []
        var toEnd = false
        for (pc, instruction) in code.enumerated().dropFirst() {
            switch instruction {
            case .scalar(let c) where c < 0x80:
                let bits: (UInt64, UInt64) = c < 64 ? (1 << UInt64(c), 0) : (0, 1 << UInt64(c - 64))
                steps.append(Step(low: bits.0, high: bits.1, min: 1, max: 1))
            case .set(let low, let high, _):
                steps.append(Step(low: low, high: high, min: 1, max: 1))
            case .star(let low, let high, _, let min, let max):
                steps.append(Step(low: low, high: high, min: min, max: max))
            case .end where pc == code.count - 2:
                toEnd = true
            case .match where pc == code.count - 1:
                break
            default:
                return nil
            }
        }
        // A loop that can vary must never have to give back: see the type's comment.
        for (k, step) in steps.enumerated() where step.min != step.max && k + 1 < steps.count {
            let next = steps[k + 1]
            guard next.min >= 1, step.isDisjoint(next) else { return nil }
        }
        shape = .anchored(steps: steps, toEnd: toEnd)
        borders = []
    }

    /// The bytes of `split(3, 1), skip, jump(0), scalar…, match` (an unanchored ASCII literal).
    private static func literal(_ code: [RegexInstruction]) -> [UInt8]? {
        guard code.count >= 5, case .split(3, 1) = code[0], case .skip = code[1], case .jump(0) = code[2],
              case .match = code[code.count - 1]
        else { return nil }
        var bytes: [UInt8] = []
        for instruction in code[3..<(code.count - 1)] {
            guard case .scalar(let c) = instruction, c < 0x80 else { return nil }
            bytes.append(UInt8(c))
        }
        return bytes
    }

    /// Whether the pattern matches `input`; nil when the machine must decide (non-ASCII input).
    func matches(_ input: UnsafeBufferPointer<UInt8>) -> Bool? {
        switch shape {
        case .literal(let bytes): Self.find(bytes, borders: borders, in: input)
        case .anchored(let steps, let toEnd): Self.run(steps, toEnd: toEnd, input)
        }
    }

    private static func run(_ steps: [Step], toEnd: Bool, _ input: UnsafeBufferPointer<UInt8>) -> Bool? {
        var pos = 0
        for step in steps {
            let limit = step.max < 0 ? Int.max : step.max
            var count = 0
            while count < limit, pos < input.count {
                let b = input[pos]
                if b >= 0x80 { return nil }
                guard step.contains(b) else { break }
                pos += 1
                count += 1
            }
            if count < step.min {
                // Stopped by a byte other than ASCII: the machine decides.
                return pos < input.count && input[pos] >= 0x80 ? nil : false
            }
        }
        guard toEnd else { return true }
        if pos == input.count { return true }
        return input[pos] >= 0x80 ? nil : false
    }

    /// `borders[k]`: the length of the longest proper prefix of `literal[..<k]` that is also its suffix.
    static func borders(_ literal: [UInt8]) -> [Int] {
        var borders = [Int](repeating: 0, count: literal.count + 1)
        var k = 0
        for i in 1..<max(literal.count, 1) {
            while k > 0, literal[i] != literal[k] { k = borders[k] }
            if literal[i] == literal[k] { k += 1 }
            borders[i + 1] = k
        }
        return borders
    }

    /// Knuth-Morris-Pratt: each input byte is read once, and the matched length falls back along
    /// the borders, so the search is linear in the input. (The naive search compared up to the
    /// literal's length at each position: `(?:ab){15000}c` over 65 KB of `abab…` took 3.4 s in
    /// the fuzzing build, found by the regex fuzz target.)
    static func find(_ literal: [UInt8], borders: [Int], in input: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = literal.count
        guard n <= input.count else { return false }
        guard n > 0 else { return true }
        var k = 0
        for b in input {
            while k > 0, b != literal[k] { k = borders[k] }
            if b == literal[k] {
                k += 1
                if k == n { return true }
            }
        }
        return false
    }
}
