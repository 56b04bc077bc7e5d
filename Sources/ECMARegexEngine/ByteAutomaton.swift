import Synchronization

/// A deterministic automaton over ASCII bytes: one table step per input byte, for a pattern
/// without lookaround, backreferences or word boundaries (the duration, time and cron
/// patterns of a schema, which `LinearPattern` cannot take).
///
/// Built with the pattern: each state is a set of the machine's threads (a program counter,
/// and a count inside a counted loop), found by following every path the backtracking
/// machine could take. Bytes that every instruction treats alike share a column while
/// building, so a pattern needs a few dozen closures, not one per byte and state. A pattern
/// whose automaton would pass `maxStates` keeps the machine. Like `LinearPattern`, it answers
/// only for ASCII input.
struct ByteAutomaton: Sendable {
    /// Per state, 128 entries (one per ASCII byte): the next state, `dead` or `accept`.
    private let table: [Int16]
    /// Per state: whether the input may end there (a `$` or nothing left to match).
    private let acceptsAtEnd: [Bool]
    /// The state before the first byte, or `accept` (a pattern that matches the empty prefix).
    private let initial: Int16

    private static let dead: Int16 = -1
    private static let accept: Int16 = -2
    static let maxStates = 128
    /// Counted loops beyond this keep the machine.
    private static let maxCount = 200

    /// The automaton of a main program, or nil when it has instructions it cannot follow or too many states.
    init?(_ code: [RegexInstruction]) {
        var predicates: [(UInt64, UInt64)] = []
        var largestCount = 0
        for instruction in code {
            switch instruction {
            case .split, .jump, .start, .end, .match, .skip:
                break
            case .scalar(let c):
                predicates.append(c < 64 ? (1 << UInt64(c), 0) : c < 128 ? (0, 1 << UInt64(c - 64)) : (0, 0))
            case .set(let low, let high, _):
                predicates.append((low, high))
            case .any:
                predicates.append((~(UInt64(1) << 0x0A | UInt64(1) << 0x0D), ~UInt64(0)))
            case .star(let low, let high, _, let min, let max) where min <= Self.maxCount && max <= Self.maxCount:
                predicates.append((low, high))
                largestCount = Swift.max(largestCount, min, max)
            default:
                return nil
            }
        }
        let classes = Self.byteClasses(predicates)
        guard classes.count <= 64 else { return nil }
        var builder = Builder(code: code, counts: largestCount + 1, classes: classes)
        guard let built = builder.build() else { return nil }
        (table, acceptsAtEnd, initial) = built
    }

    /// Whether the pattern matches somewhere in `input`; nil when it is not all ASCII.
    func matches(_ input: UnsafeBufferPointer<UInt8>) -> Bool? {
        var state = initial
        if state == Self.accept { return true }
        for b in input {
            if b >= 0x80 { return nil }
            state = table[Int(state) &<< 7 | Int(b)]
            if state < 0 { return state == Self.accept }
        }
        return acceptsAtEnd[Int(state)]
    }

    /// Groups the 128 ASCII bytes by how every consuming instruction treats them: each
    /// predicate splits the classes (sets of bytes, as two words) it cuts across.
    private static func byteClasses(_ predicates: [(UInt64, UInt64)]) -> (of: [Int], count: Int) {
        var classes: [(UInt64, UInt64)] = [(~0, ~0)]
        for (low, high) in predicates {
            var split: [(UInt64, UInt64)] = []
            split.reserveCapacity(classes.count * 2)
            for (a, b) in classes {
                if a & low != 0 || b & high != 0 { split.append((a & low, b & high)) }
                if a & ~low != 0 || b & ~high != 0 { split.append((a & ~low, b & ~high)) }
            }
            classes = split
        }
        var classOf = [Int](repeating: 0, count: 128)
        for (k, (a, b)) in classes.enumerated() {
            for bit in 0..<64 {
                if a & (1 << UInt64(bit)) != 0 { classOf[bit] = k }
                if b & (1 << UInt64(bit)) != 0 { classOf[64 + bit] = k }
            }
        }
        return (classOf, classes.count)
    }

    /// Subset construction over the program's threads.
    private struct Builder {
        let code: [RegexInstruction]
        /// Threads of one instruction: the counts a loop can be at.
        let counts: Int
        let classOf: [Int]
        let classCount: Int
        /// Per instruction: the byte classes it consumes, as bits.
        let takes: [UInt64]
        /// Threads seen in the current closure (stamped with `generation`, never cleared).
        var seen: [Int]
        var generation = 0
        /// The closure's work list, kept between closures.
        var pending: [Int] = []
        var states: [[Int]] = []
        /// Each state's hash, to find a set of threads among `states` without a dictionary.
        var hashes: [UInt64] = []

        init(code: [RegexInstruction], counts: Int, classes: (of: [Int], count: Int)) {
            self.code = code
            self.counts = counts
            classOf = classes.of
            classCount = classes.count
            var representatives = [UInt8](repeating: 0, count: classes.count)
            for b in (0..<128).reversed() { representatives[classes.of[b]] = UInt8(b) }
            takes = code.map { instruction in
                func bit(_ b: UInt8, _ low: UInt64, _ high: UInt64) -> Bool {
                    b < 64 ? low & (1 << UInt64(b)) != 0 : high & (1 << UInt64(b - 64)) != 0
                }
                var classesTaken: UInt64 = 0
                for (c, b) in representatives.enumerated() {
                    let taken: Bool
                    switch instruction {
                    case .scalar(let scalar): taken = scalar == UInt32(b)
                    case .set(let low, let high, _), .star(let low, let high, _, _, _): taken = bit(b, low, high)
                    case .any: taken = b != 0x0A && b != 0x0D
                    case .skip: taken = true
                    default: taken = false
                    }
                    if taken { classesTaken |= 1 << UInt64(c) }
                }
                return classesTaken
            }
            seen = [Int](repeating: 0, count: code.count * counts)
        }

        /// A thread: the program counter, and the iterations taken when it is a counted loop.
        private func thread(_ pc: Int, _ count: Int = 0) -> Int { pc * counts + count }

        /// The threads that consume a scalar or wait for the end of the input, reached from
        /// `seeds` without consuming; and whether some path reaches `match` on the way.
        private mutating func closure(_ seeds: [Int], atStart: Bool, atEnd: Bool) -> (threads: [Int], accepts: Bool) {
            generation += 1
            pending.removeAll(keepingCapacity: true)
            pending += seeds
            var kept: [Int] = []
            var accepts = false
            while let t = pending.popLast() {
                guard seen[t] != generation else { continue }
                seen[t] = generation
                let (pc, count) = t.quotientAndRemainder(dividingBy: counts)
                switch code[pc] {
                case .split(let a, let b):
                    pending.append(thread(b))
                    pending.append(thread(a))
                case .jump(let a):
                    pending.append(thread(a))
                case .start:
                    if atStart { pending.append(thread(pc + 1)) }
                case .end:
                    if atEnd { pending.append(thread(pc + 1)) } else { kept.append(t) }
                case .match:
                    accepts = true
                case .star(_, _, _, let min, let max):
                    if max < 0 || count < max { kept.append(t) }
                    if count >= min { pending.append(thread(pc + 1)) }
                default:
                    kept.append(t)
                }
            }
            kept.sort()
            return (kept, accepts)
        }

        /// The threads after a byte that the threads in `movers` (bits by position in `threads`) take.
        private func advance(_ threads: [Int], _ movers: UInt64) -> [Int] {
            var next: [Int] = []
            var bits = movers
            while bits != 0 {
                let (pc, count) = threads[bits.trailingZeroBitCount].quotientAndRemainder(dividingBy: counts)
                bits &= bits - 1
                if case .star(_, _, _, let min, let max) = code[pc] {
                    // Past `min`, an unbounded loop's count stays at `min`: the threads stay finite.
                    next.append(thread(pc, max < 0 ? Swift.min(count + 1, min) : count + 1))
                } else {
                    next.append(thread(pc + 1))
                }
            }
            return next
        }

        /// The state for a set of threads (new ones are queued in `states`); nil past `maxStates`.
        private mutating func state(_ threads: [Int]) -> Int16? {
            if threads.isEmpty { return ByteAutomaton.dead }
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for t in threads { h = (h ^ UInt64(t)) &* 0x100_0000_01b3 }
            // Never state 0: only there does `^` hold, so the same threads later are another state.
            for k in hashes.indices where k > 0 && hashes[k] == h && states[k] == threads { return Int16(k) }
            guard states.count < ByteAutomaton.maxStates else { return nil }
            states.append(threads)
            hashes.append(h)
            return Int16(states.count - 1)
        }

        mutating func build() -> (table: [Int16], acceptsAtEnd: [Bool], initial: Int16)? {
            let first = closure([thread(0)], atStart: true, atEnd: false)
            if first.accepts { return ([], [], ByteAutomaton.accept) }
            guard let initial = state(first.threads) else { return nil }
            var columnsOf: [[Int16]] = []
            var acceptsAtEnd: [Bool] = []
            var done = 0
            while done < states.count {
                let threads = states[done]
                guard threads.count <= 64 else { return nil }
                // Which threads each class moves; most classes move none or the same ones as
                // another class, so each distinct move is closed once.
                var movers = [UInt64](repeating: 0, count: classCount)
                for (i, t) in threads.enumerated() {
                    var classes = takes[t / counts]
                    while classes != 0 {
                        movers[classes.trailingZeroBitCount] |= 1 << UInt64(i)
                        classes &= classes - 1
                    }
                }
                var columns = [Int16](repeating: ByteAutomaton.dead, count: classCount)
                var moves: [(movers: UInt64, next: Int16)] = []
                for c in 0..<classCount where movers[c] != 0 {
                    if let known = moves.first(where: { $0.movers == movers[c] }) {
                        columns[c] = known.next
                        continue
                    }
                    let next = closure(advance(threads, movers[c]), atStart: false, atEnd: false)
                    if next.accepts {
                        columns[c] = ByteAutomaton.accept
                    } else {
                        guard let s = state(next.threads) else { return nil }
                        columns[c] = s
                    }
                    moves.append((movers[c], columns[c]))
                }
                columnsOf.append(columns)
                // Only the first state can be at position 0 (where `^` holds).
                acceptsAtEnd.append(closure(done == Int(initial) ? [thread(0)] : threads, atStart: done == Int(initial), atEnd: true).accepts)
                done += 1
            }
            var table = [Int16](repeating: ByteAutomaton.dead, count: columnsOf.count * 128)
            for (s, columns) in columnsOf.enumerated() {
                for b in 0..<128 { table[s << 7 | b] = columns[classOf[b]] }
            }
            return (table, acceptsAtEnd, initial)
        }
    }
}

/// Where a compiled pattern keeps its `ByteAutomaton`: built at the pattern's first search, not
/// with the pattern. The widget schema's 23 automata were 4.5 M instructions of every command's
/// start-up, for patterns a run mostly never searches with (callgrind, release: `validate` of
/// one file 60.0 M -> 56.5 M instructions; of 300 generated files, which build 11 of them,
/// 130.4 M -> 129.3 M). Searches run on several threads (`validate`): the automaton is published
/// once through an atomic word where the platform has `Atomic` (Linux, macOS 15, iOS 18), and
/// built with the pattern before that.
protocol AutomatonCell: AnyObject, Sendable {
    /// `ByteAutomaton.matches`: nil also when the pattern has no automaton.
    func matches(_ input: UnsafeBufferPointer<UInt8>) -> Bool?
    /// The automaton, built now if it was not yet.
    var automaton: ByteAutomaton? { get }
}

/// The cell for a main program's instructions.
func automatonCellFor(_ code: [RegexInstruction]) -> any AutomatonCell {
    if #available(macOS 15, iOS 18, *) { return LazyAutomatonCell(code) }
    return BuiltAutomatonCell(automaton: ByteAutomaton(code))
}

@available(macOS 15, iOS 18, *)
private final class LazyAutomatonCell: AutomatonCell {
    private let code: [RegexInstruction]
    /// 0 until the first search, then the address of the retained `BuiltAutomatonCell`.
    private let word = Atomic<UInt>(0)

    init(_ code: [RegexInstruction]) {
        self.code = code
    }

    deinit {
        let bits = word.load(ordering: .acquiring)
        if bits != 0 { Unmanaged<BuiltAutomatonCell>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
    }

    func matches(_ input: UnsafeBufferPointer<UInt8>) -> Bool? {
        built()._withUnsafeGuaranteedRef { $0.matches(input) }
    }

    var automaton: ByteAutomaton? { built()._withUnsafeGuaranteedRef { $0.automaton } }

    /// The published automaton, read without a retain: this cell owns it until its `deinit`.
    private func built() -> Unmanaged<BuiltAutomatonCell> {
        let bits = word.load(ordering: .acquiring)
        if bits != 0 { return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits)!) }
        return publish()
    }

    /// Builds the automaton and publishes it; a thread that loses the race drops its own.
    @inline(never)
    private func publish() -> Unmanaged<BuiltAutomatonCell> {
        let mine = Unmanaged.passRetained(BuiltAutomatonCell(automaton: ByteAutomaton(code)))
        let (exchanged, original) = word.compareExchange(
            expected: 0, desired: UInt(bitPattern: mine.toOpaque()), ordering: .acquiringAndReleasing)
        if exchanged { return mine }
        mine.release()
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: original)!)
    }
}

/// An automaton already built (or none).
private final class BuiltAutomatonCell: AutomatonCell {
    let automaton: ByteAutomaton?

    init(automaton: ByteAutomaton?) {
        self.automaton = automaton
    }

    func matches(_ input: UnsafeBufferPointer<UInt8>) -> Bool? { automaton?.matches(input) }
}
