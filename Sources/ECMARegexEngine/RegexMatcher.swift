/// The backtracking machine that runs a compiled pattern over a string's UTF-8 bytes,
/// positions being byte offsets at scalar boundaries.
///
/// Without backreferences a bitmap of visited (instruction, position) states makes the
/// search linear in `instructions × length` (a state that failed once fails again). A
/// greedy loop that stopped on a scalar outside its class marks the positions it crossed,
/// so the search does not scan the same run again from each of them. A lookaround only
/// needs a yes or no: its programs try the shorter way first, and share one memo across
/// the positions they run at, where a state of a run that failed fails again. What stays
/// super-linear (a bounded loop that its bound stops, nested lookarounds that succeed far
/// away) and, with backreferences, the machine that tracks captures stop after a budget
/// of steps: the search then answers nil, "too expensive", rather than taking seconds.
/// The memo and the backtrack stack are arrays (stack memory for them saved 0.17% of the
/// instructions of bench/validate, with the automaton's and the literal search's buffers: not kept).
extension CompiledRegex {
    /// The budget of the machine that tracks captures (backreferences). 5 million steps took up to
    /// 1.4 s of CPU in the fuzzing build on a loaded machine, on patterns the regex fuzz target
    /// found (`(\1aa)*c` over 2,816 characters): over its 1 s bound for one input.
    static let stepBudget = 2_000_000
    /// The budget of the memoized machine: far above what `instructions × length` needs for
    /// the patterns and strings of widget files (a few thousand steps), far below a second.
    /// A step costs some 10 ns in a release build and 60 to 200 ns in the fuzzing build (coverage
    /// and AddressSanitizer, on a loaded machine): 40 million steps, an earlier budget, took 2.6 s
    /// there on `.{5,6535}x` over 10,240 characters (a loop its bound stops rescans at each start),
    /// 10 million 1.2 s on `(?:a|b){3000}(?=c)` over 65 KB, and 5 million up to 1.1 s (all found
    /// by the regex fuzz target).
    static let memoStepBudget = 2_000_000
    /// What one run of a lookaround's program costs before its first instruction, in steps.
    static let lookaroundRunSteps = 16
    /// Memo bits beyond this (a huge pattern over a huge string) make the search too expensive:
    /// 32 MB of memo, more than a search within the step budget can use (it was 256 MB).
    static let maxMemoBits = 1 << 28
    /// Lookaround memo entries (32-bit run stamps) beyond this keep a bitmap per run.
    static let maxSharedMemo = 1 << 22
    /// Backtrack frames reserved for a run.
    static let initialFrames = 40

    /// True when the pattern matches somewhere in `string`.
    func matches(_ string: String) -> Bool {
        outcome(string) ?? false
    }

    /// True or false when the pattern does or does not match somewhere in `string`; nil when
    /// the search ran out of its step budget (the pattern is too expensive for this string).
    func outcome(_ string: String) -> Bool? {
        if let found = string.utf8.withContiguousStorageIfAvailable({ find($0) }) { return found }
        return matchesCopy(of: string)
    }

    /// For a string without contiguous UTF-8 (bridged). Out of line: inline, this path makes
    /// the caller retain every string it matches.
    @inline(never)
    private func matchesCopy(of string: String) -> Bool? {
        Array(string.utf8).withUnsafeBufferPointer { find($0) }
    }

    /// Whether the pattern matches anywhere in the input (ECMA-262 patterns are unanchored;
    /// the main program starts with a skipping loop unless it is anchored with `^`).
    /// A search that ran out of budget counts as no match: use `find` to tell them apart.
    func search(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        find(input) ?? false
    }

    /// Whether the pattern matches anywhere in the input, nil when that is too expensive to find.
    func find(_ input: UnsafeBufferPointer<UInt8>) -> Bool? {
        if let found = automatonCell?.matches(input) { return found }
        if let linear, let found = linear.matches(input) { return found }
        return runCounting(input).found
    }

    /// The machine's answer and the steps it took (for tests).
    func searchCounting(_ input: UnsafeBufferPointer<UInt8>) -> (found: Bool?, steps: Int) {
        let measured = searchMeasured(input)
        return (measured.found, measured.steps)
    }

    /// The machine's answer, the steps it took and the bytes of memo it allocated (for tests:
    /// a memory budget asserted as a count, not as the process's peak).
    func searchMeasured(_ input: UnsafeBufferPointer<UInt8>) -> (found: Bool?, steps: Int, memoBytes: Int) {
        if let found = automatonCell?.matches(input) { return (found, 0, 0) }
        if let linear, let found = linear.matches(input) { return (found, 0, 0) }
        return runMeasured(input)
    }

    /// The backtracking machine alone (the automaton and the one-pass form answer the same).
    func runMachine(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        runCounting(input).found ?? false
    }

    /// The machine's answer (nil: out of budget) and the steps it took.
    func runCounting(_ input: UnsafeBufferPointer<UInt8>) -> (found: Bool?, steps: Int) {
        let measured = runMeasured(input)
        return (measured.found, measured.steps)
    }

    /// The machine's answer (nil: out of budget), the steps it took and the memo bytes it allocated.
    private func runMeasured(_ input: UnsafeBufferPointer<UInt8>) -> (found: Bool?, steps: Int, memoBytes: Int) {
        var machine = Machine(input: input, budget: tracksCaptures ? Self.stepBudget : Self.memoStepBudget)
        if let first = requiredFirst {
            guard !input.isEmpty, first.contains(machine.decode(at: 0).0) else { return (false, 0, 0) }
        }
        let found: Bool
        if tracksCaptures {
            var registers = [Int](repeating: -1, count: registerCount)
            found = run(0, &machine, at: 0, memo: nil, registers: &registers)
        } else {
            guard code[0].count.multipliedReportingOverflow(by: input.count + 1).partialValue < Self.maxMemoBits else {
                return (nil, 0, 0)
            }
            var none: [Int] = []
            machine.memoBytes += memoBytes(for: 0, input)
            found = withMemo(for: 0, input) { memo in run(0, &machine, at: 0, memo: memo, registers: &none) }
            machine.releaseShared()
        }
        return (machine.exhausted ? nil : found, machine.steps, machine.memoBytes)
    }

    /// Per-search state.
    struct Machine {
        let input: UnsafeBufferPointer<UInt8>
        var steps = 0
        let budget: Int
        var exhausted: Bool { steps > budget }
        /// Bytes of memo allocated so far (bitmaps and shared lookaround memos).
        var memoBytes = 0
        /// Per lookaround program, the memo its runs share: per state the run that visited it.
        var shared: [UnsafeMutablePointer<UInt32>?] = []
        /// Per run (its stamp), whether it failed; stamp 0 is "never visited".
        var failedRuns: [Bool] = [false]

        init(input: UnsafeBufferPointer<UInt8>, budget: Int) {
            self.input = input
            self.budget = budget
        }

        func releaseShared() {
            for memo in shared { memo?.deallocate() }
        }

        /// The scalar starting at `p` (which is below `input.count`) and the offset after it.
        // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
        @inline(__always)
        func decode(at p: Int) -> (UInt32, Int) {
            let b0 = UInt32(input[p])
            if b0 < 0x80 { return (b0, p + 1) }
            if b0 < 0xE0 {
                return ((b0 & 0x1F) << 6 | UInt32(input[p + 1] & 0x3F), p + 2)
            }
            if b0 < 0xF0 {
                return ((b0 & 0x0F) << 12 | UInt32(input[p + 1] & 0x3F) << 6 | UInt32(input[p + 2] & 0x3F), p + 3)
            }
            let v = (b0 & 0x07) << 18 | UInt32(input[p + 1] & 0x3F) << 12 | UInt32(input[p + 2] & 0x3F) << 6
            return (v | UInt32(input[p + 3] & 0x3F), p + 4)
        }

        /// The scalar ending at `p` (which is above zero) and the offset where it starts.
        // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
        @inline(__always)
        func decode(before p: Int) -> (UInt32, Int) {
            var q = p - 1
            while q > 0, input[q] & 0xC0 == 0x80 { q -= 1 }
            return (decode(at: q).0, q)
        }

        /// The next scalar in the program's direction, or nil at the edge of the input.
        // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
        @inline(__always)
        func step(from p: Int, backward: Bool) -> (UInt32, Int)? {
            if backward { return p > 0 ? decode(before: p) : nil }
            return p < input.count ? decode(at: p) : nil
        }

        func isWordAt(_ p: Int) -> Bool {
            p >= 0 && p < input.count && CharSet.isWordScalar(UInt32(input[p]))
        }
    }

    /// Runs lookaround program `sub` at `pos` with the memo its runs share, allocated at its
    /// first run; nil when that memo would be too large.
    private func runShared(_ sub: Int, _ m: inout Machine, at pos: Int) -> Bool? {
        let size = code[sub].count * (m.input.count + 1)
        guard size <= Self.maxSharedMemo else { return nil }
        if m.shared.isEmpty { m.shared = Array(repeating: nil, count: code.count) }
        if m.shared[sub] == nil {
            let memo = UnsafeMutablePointer<UInt32>.allocate(capacity: size)
            memo.initialize(repeating: 0, count: size)
            m.shared[sub] = memo
            m.memoBytes += size * MemoryLayout<UInt32>.stride
            m.steps += size / 64
        }
        // A run's setup (its backtrack stack, its stamp) costs about as much as 16 steps: an
        // input that ran lookarounds at 98,000 positions took 1 s of the fuzzing build's CPU
        // within 2 million steps counted without it.
        m.steps &+= Self.lookaroundRunSteps
        let stamp = UInt32(truncatingIfNeeded: m.failedRuns.count)
        guard stamp != 0 else { return nil }
        m.failedRuns.append(false)
        var none: [Int] = []
        var stack = FrameStack()
        stack.frames.reserveCapacity(Self.initialFrames)
        let found: Bool
        if let memo = m.shared[sub] {
            found = execute(sub, &m, from: pos, memo: nil, shared: (memo, stamp), registers: &none, stack: &stack)
        } else {
            found = false
        }
        m.failedRuns[Int(stamp)] = !found
        return found
    }

    private func withMemo(for program: Int, _ input: UnsafeBufferPointer<UInt8>, _ body: (MemoBits) -> Bool) -> Bool {
        body(MemoBits(words: [UInt64](repeating: 0, count: memoWords(for: program, input))))
    }

    private func memoWords(for program: Int, _ input: UnsafeBufferPointer<UInt8>) -> Int {
        (code[program].count * (input.count + 1) + 63) / 64
    }

    private func memoBytes(for program: Int, _ input: UnsafeBufferPointer<UInt8>) -> Int {
        memoWords(for: program, input) * MemoryLayout<UInt64>.stride
    }

    /// The visited (instruction, position) states of a run, one bit each.
    private final class MemoBits {
        var words: [UInt64]
        init(words: [UInt64]) { self.words = words }
    }

    /// A backtrack entry. `low` -1: resume at `pc`/`pos`; -2: restore register `pc` to `pos`;
    /// otherwise a greedy `star` that may give back scalars down to position `low`: resume at
    /// `pc` one scalar before `pos`.
    private struct Frame {
        var pc: Int
        var pos: Int
        var low = -1
    }

    /// The backtrack stack.
    private struct FrameStack {
        var frames: [Frame] = []

        // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
        @inline(__always)
        mutating func push(_ frame: Frame) {
            frames.append(frame)
        }

        // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
        @inline(__always)
        mutating func pop() -> Frame? {
            frames.popLast()
        }
    }

    /// Runs one program from `start`; true if it reaches `match`.
    private func run(_ program: Int, _ m: inout Machine, at start: Int, memo: MemoBits?, registers: inout [Int]) -> Bool {
        var stack = FrameStack()
        stack.frames.reserveCapacity(Self.initialFrames)
        return execute(program, &m, from: start, memo: memo, shared: nil, registers: &registers, stack: &stack)
    }

    private func execute(
        _ program: Int, _ m: inout Machine, from start: Int, memo: MemoBits?,
        shared: (memo: UnsafeMutablePointer<UInt32>, stamp: UInt32)?, registers: inout [Int], stack: inout FrameStack
    ) -> Bool {
        let code = self.code[program]
        let joins = self.joins[program]
        let backward = programs[program].backward
        let input = m.input
        let width = input.count + 1
        var pc = 0, pos = start
        while true {
            var ok = true
            m.steps &+= 1
            if m.steps > m.budget { return false }
            if let memo {
                if joins[pc] {
                    let bit = pc &* width &+ pos
                    let word = bit >> 6, mask: UInt64 = 1 << UInt64(bit & 63)
                    if memo.words[word] & mask != 0 { ok = false } else { memo.words[word] |= mask }
                }
            } else if let shared, joins[pc] {
                let i = pc &* width &+ pos
                let seen = shared.memo[i]
                if seen == shared.stamp || (seen != 0 && m.failedRuns[Int(seen)]) { ok = false } else { shared.memo[i] = shared.stamp }
            }
            if ok {
                switch code[pc] {
                case .scalar(let c):
                    if !backward, pos < input.count, c < 0x80 {
                        // ASCII literal against ASCII input: one byte comparison.
                        if UInt32(input[pos]) == c { pc += 1; pos += 1 } else { ok = false }
                    } else if let (d, next) = m.step(from: pos, backward: backward), d == c {
                        pc += 1
                        pos = next
                    } else {
                        ok = false
                    }
                case .set(let low, let high, let s):
                    if !backward, pos < input.count, input[pos] < 0x80 {
                        let b = input[pos]
                        let hit = b < 64 ? low & (1 << UInt64(b)) != 0 : high & (1 << UInt64(b - 64)) != 0
                        if hit { pc += 1; pos += 1 } else { ok = false }
                    } else if let (d, next) = m.step(from: pos, backward: backward), sets[s].contains(d) {
                        pc += 1
                        pos = next
                    } else {
                        ok = false
                    }
                case .any:
                    if let (d, next) = m.step(from: pos, backward: backward), !CharSet.isLineTerminator(d) {
                        pc += 1
                        pos = next
                    } else {
                        ok = false
                    }
                case .skip:
                    if let (_, next) = m.step(from: pos, backward: backward) { pc += 1; pos = next } else { ok = false }
                case .split(let a, let b):
                    stack.push(Frame(pc: b, pos: pos))
                    pc = a
                case .jump(let a):
                    pc = a
                case .start:
                    if pos == 0 { pc += 1 } else { ok = false }
                case .end:
                    if pos == input.count { pc += 1 } else { ok = false }
                case .wordBoundary(let negated):
                    if (m.isWordAt(pos - 1) != m.isWordAt(pos)) != negated { pc += 1 } else { ok = false }
                case .look(let sub, let negated):
                    var inner = registers
                    let found: Bool
                    if memo != nil || shared != nil {
                        if let answer = runShared(sub, &m, at: pos) {
                            found = answer
                        } else {
                            // A memo of its own, charged before it is made: one the budget cannot
                            // pay for is never allocated (the fuzz target's was 256 MB, for a
                            // run that then ended at its first step).
                            m.steps += self.code[sub].count * width / 64
                            if m.steps > m.budget { return false }
                            m.memoBytes += memoBytes(for: sub, input)
                            found = withMemo(for: sub, input) { subMemo in run(sub, &m, at: pos, memo: subMemo, registers: &inner) }
                        }
                    } else {
                        // Setting up the run and copying the registers is work too (a pattern
                        // can have many groups).
                        m.steps &+= Self.lookaroundRunSteps &+ registers.count
                        found = run(sub, &m, at: pos, memo: nil, registers: &inner)
                        if !negated, found {
                            // What the lookaround captured is undone when the match backtracks
                            // past it, as a group's own `.save` is: ECMAScript's states are values.
                            // (Kept, a capture leaked into later attempts: `(?<=(\1))$` compared
                            // an ever longer stale capture at each position, 73 s on 65 KB.)
                            for r in registers.indices where registers[r] != inner[r] {
                                stack.push(Frame(pc: r, pos: registers[r], low: -2))
                            }
                            registers = inner
                        }
                    }
                    if found != negated { pc += 1 } else { ok = false }
                case .star(let low, let high, let s, let min, let max):
                    var count = 0, p = pos, floor = pos
                    let limit = max < 0 ? Int.max : max
                    while count < limit, p < input.count {
                        m.steps &+= 1
                        let b = input[p]
                        if b < 0x80 {
                            guard b < 64 ? low & (1 << UInt64(b)) != 0 : high & (1 << UInt64(b - 64)) != 0 else { break }
                            p += 1
                        } else {
                            let (d, next) = m.decode(at: p)
                            guard sets[s].contains(d) else { break }
                            p = next
                        }
                        count += 1
                        if count == min { floor = p }
                    }
                    if count < limit, pos < p, memo != nil || shared != nil {
                        // Stopped by its class: entered at any position it crossed, the loop
                        // would reach the same end and try a subset of the same continuations.
                        markCrossed(pc, pos + 1...p, width: width, memo: memo, shared: shared)
                    }
                    if count < min {
                        ok = false
                    } else {
                        if p > floor { stack.push(Frame(pc: pc + 1, pos: p, low: floor)) }
                        pc += 1
                        pos = p
                    }
                case .save(let r), .markProgress(let r):
                    stack.push(Frame(pc: r, pos: registers[r], low: -2))
                    registers[r] = pos
                    pc += 1
                case .checkProgress(let r):
                    if registers[r] != pos { pc += 1 } else { ok = false }
                case .backreference(let g):
                    if let next = matchBackreference(g, &m, at: pos, backward: backward, registers: registers) {
                        pos = next
                        pc += 1
                    } else {
                        ok = false
                    }
                case .match:
                    return true
                }
            }
            if !ok {
                var resumed = false
                while let frame = stack.pop() {
                    if frame.low == -2 {
                        registers[frame.pc] = frame.pos
                    } else if frame.low == -1 {
                        pc = frame.pc
                        pos = frame.pos
                        resumed = true
                        break
                    } else {
                        // Give back one scalar of a greedy loop; keep the rest for later.
                        m.steps &+= 1
                        let previous = m.decode(before: frame.pos).1
                        if previous > frame.low { stack.push(Frame(pc: frame.pc, pos: previous, low: frame.low)) }
                        pc = frame.pc
                        pos = previous
                        resumed = true
                        break
                    }
                }
                if !resumed { return false }
            }
        }
    }

    /// Marks loop `pc` as visited at `positions` (those inside a scalar are never looked up).
    private func markCrossed(
        _ pc: Int, _ positions: ClosedRange<Int>, width: Int, memo: MemoBits?,
        shared: (memo: UnsafeMutablePointer<UInt32>, stamp: UInt32)?
    ) {
        let base = pc &* width
        if let memo {
            for q in positions {
                let bit = base &+ q
                memo.words[bit >> 6] |= 1 << UInt64(bit & 63)
            }
        } else if let shared {
            for q in positions { shared.memo[base &+ q] = shared.stamp }
        }
    }

    /// Compares the text a group captured at the current position; an unset group matches empty.
    /// The comparison counts a step per byte of the capture, so the budget bounds the work.
    private func matchBackreference(_ group: Int, _ m: inout Machine, at pos: Int, backward: Bool, registers: [Int]) -> Int? {
        let input = m.input
        let from = registers[2 * group], to = registers[2 * group + 1]
        guard from >= 0, to >= from else { return pos }
        let length = to - from
        m.steps &+= length
        if backward {
            guard pos - length >= 0 else { return nil }
            for k in 0..<length where input[pos - length + k] != input[from + k] { return nil }
            return pos - length
        }
        guard pos + length <= input.count else { return nil }
        for k in 0..<length where input[pos + k] != input[from + k] { return nil }
        return pos + length
    }
}
