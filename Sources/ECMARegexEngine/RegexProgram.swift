/// One instruction of the backtracking machine that runs a compiled pattern.
enum RegexInstruction: Sendable {
    case scalar(UInt32)
    /// A class: membership of the ASCII scalars inline (bit i of `low`/`high`), others
    /// through `CompiledRegex.sets[index]`.
    case set(low: UInt64, high: UInt64, index: Int)
    case any
    /// Consumes any scalar (the `.*?` that makes a search unanchored).
    case skip
    /// A greedy loop over one class (`[a-z]+`, `\d{2,4}`, `.*`): takes as many scalars as it
    /// can (at least `min`, at most `max`, -1 for no limit), then gives them back one at a
    /// time on backtracking. Same class encoding as `set`.
    case star(low: UInt64, high: UInt64, index: Int, min: Int, max: Int)
    /// Try the first target, then the second.
    case split(Int, Int)
    case jump(Int)
    case start
    case end
    case wordBoundary(negated: Bool)
    /// A lookaround: index of its own program, and whether it must fail.
    case look(Int, negated: Bool)
    /// Records the position in a capture slot (only when the pattern has backreferences).
    case save(Int)
    case backreference(Int)
    /// Empty-loop guard: remember the position in a register, then fail if an iteration consumed nothing.
    case markProgress(Int)
    case checkProgress(Int)
    case match
}

/// A straight list of instructions; lookbehinds run backwards, consuming the scalar before the position.
struct RegexProgram: Sendable {
    var instructions: [RegexInstruction]
    var backward: Bool
}

/// A pattern ready to run: the main program is `programs[0]`. An immutable class, so
/// handing a pattern around copies one reference and reading it copies nothing.
final class CompiledRegex: @unchecked Sendable {  // immutable; `code` buffers are owned and freed here
    let programs: [RegexProgram]
    /// Each program's instructions in a buffer of their own, for the matcher's inner loop.
    let code: [UnsafeBufferPointer<RegexInstruction>]
    /// Per program and instruction: whether control can arrive there other than from the
    /// instruction before (a split or jump target, a loop's resume point). Only those states
    /// need the visited memo: any repeated state repeats one of them first.
    let joins: [UnsafeBufferPointer<Bool>]
    let sets: [CharSet]
    /// Capture slots (two per group, group 0 unused) then progress registers; zero without backreferences.
    let registerCount: Int
    /// With backreferences the memo of visited states is unsound, so the machine runs with captures.
    let tracksCaptures: Bool
    let anchoredAtStart: Bool
    /// For a pattern anchored with `^` that cannot match empty: the scalars a match must
    /// start with, so most non-matching strings are refused before the machine runs.
    let requiredFirst: CharSet?
    /// The one-pass form of a simple pattern, tried before the machine.
    let linear: LinearPattern?
    /// The table-driven form of a pattern without lookaround or backreferences, tried first;
    /// built at the first search (`AutomatonCell`). nil: the pattern has none.
    let automatonCell: (any AutomatonCell)?
    /// The automaton, built now if it was not yet (tests).
    var automaton: ByteAutomaton? { automatonCell?.automaton }

    init(_ parts: RegexCompiler.Parts) {
        programs = parts.programs
        code = parts.programs.map { program in
            let buffer = UnsafeMutableBufferPointer<RegexInstruction>.allocate(capacity: program.instructions.count)
            _ = buffer.initialize(from: program.instructions)
            return UnsafeBufferPointer(buffer)
        }
        joins = parts.programs.map { program in
            let buffer = UnsafeMutableBufferPointer<Bool>.allocate(capacity: program.instructions.count + 1)
            buffer.initialize(repeating: false)
            buffer[0] = true
            for (pc, instruction) in program.instructions.enumerated() {
                switch instruction {
                case .split(let a, let b):
                    buffer[a] = true
                    buffer[b] = true
                case .jump(let a):
                    buffer[a] = true
                case .star:
                    buffer[pc] = true  // a loop marks the positions it crossed (see `RegexMatcher`)
                    buffer[pc + 1] = true
                default:
                    break
                }
            }
            return UnsafeBufferPointer(buffer)
        }
        sets = parts.sets
        registerCount = parts.registerCount
        tracksCaptures = parts.tracksCaptures
        anchoredAtStart = parts.anchoredAtStart
        requiredFirst = parts.requiredFirst
        linear = parts.programs.count == 1 && !parts.tracksCaptures ? LinearPattern(parts.programs[0].instructions) : nil
        automatonCell = parts.programs.count == 1 && !parts.tracksCaptures ? automatonCellFor(parts.programs[0].instructions) : nil
    }

    deinit {
        for buffer in code { buffer.deallocate() }
        for buffer in joins { buffer.deallocate() }
    }
}

/// Turns a parsed pattern into programs.
struct RegexCompiler {
    struct Parts {
        var programs: [RegexProgram] = []
        var sets: [CharSet] = []
        var registerCount = 0
        var tracksCaptures = false
        var anchoredAtStart = false
        var requiredFirst: CharSet? = nil
    }

    static let maxInstructions = 100_000
    private var result = Parts()
    private var total = 0
    private var nextRegister: Int

    static func compile(_ node: RegexNode, groups: Int, backreferences: Bool) throws(RegexSyntaxError) -> CompiledRegex {
        var compiler = RegexCompiler(groups: groups, captures: backreferences)
        compiler.result.anchoredAtStart = node.isAnchoredAtStart
        if node.isAnchoredAtStart, let first = node.firstScalars, !first.nullable {
            var set = first.set
            set.finish()
            compiler.result.requiredFirst = set
        }
        _ = try compiler.program(node, backward: false, search: !node.isAnchoredAtStart)
        compiler.result.registerCount = compiler.result.tracksCaptures ? compiler.nextRegister : 0
        return CompiledRegex(compiler.result)
    }

    private init(groups: Int, captures: Bool) {
        result.tracksCaptures = captures
        nextRegister = 2 * (groups + 1)
    }

    private mutating func program(_ node: RegexNode, backward: Bool, search: Bool = false) throws(RegexSyntaxError) -> Int {
        let index = result.programs.count
        result.programs.append(RegexProgram(instructions: [], backward: backward))
        var code: [RegexInstruction] = []
        if search {
            // Try the pattern here, else skip one scalar and try again: a search in one run.
            code = [.split(3, 1), .skip, .jump(0)]
        }
        try emit(node, backward: backward, into: &code)
        code.append(.match)
        if index > 0, !result.tracksCaptures {
            // A lookaround without captures only needs a yes or no: try the shorter way first,
            // so `(?<=a+)` stops after one `a` instead of walking back to the start.
            for (pc, instruction) in code.enumerated() {
                if case .split(let a, let b) = instruction { code[pc] = .split(b, a) }
            }
        }
        result.programs[index].instructions = code
        return index
    }

    private mutating func append(_ instruction: RegexInstruction, to code: inout [RegexInstruction]) throws(RegexSyntaxError) {
        total += 1
        if total > Self.maxInstructions {
            throw RegexSyntaxError(message: "pattern too large (repetition counts expand beyond \(Self.maxInstructions) steps)", offset: 0)
        }
        code.append(instruction)
    }

    private mutating func emit(_ node: RegexNode, backward: Bool, into code: inout [RegexInstruction]) throws(RegexSyntaxError) {
        switch node {
        case .empty:
            break
        case .scalar(let c):
            try append(.scalar(c), to: &code)
        case .set(let set):
            result.sets.append(set)
            let (low, high) = set.asciiMembership
            try append(.set(low: low, high: high, index: result.sets.count - 1), to: &code)
        case .any:
            try append(.any, to: &code)
        case .start:
            try append(.start, to: &code)
        case .end:
            try append(.end, to: &code)
        case .wordBoundary(let negated):
            try append(.wordBoundary(negated: negated), to: &code)
        case .backreference(let n):
            try append(.backreference(n), to: &code)
        case .group(let inner, let capture):
            let slots = capture.map { backward ? (2 * $0 + 1, 2 * $0) : (2 * $0, 2 * $0 + 1) }
            if let slots, result.tracksCaptures { try append(.save(slots.0), to: &code) }
            try emit(inner, backward: backward, into: &code)
            if let slots, result.tracksCaptures { try append(.save(slots.1), to: &code) }
        case .concat(let items):
            for item in backward ? items.reversed() : items {
                try emit(item, backward: backward, into: &code)
            }
        case .alternation(let items):
            var jumpsToEnd: [Int] = []
            for (k, item) in items.enumerated() {
                if k < items.count - 1 {
                    let split = code.count
                    try append(.split(split + 1, -1), to: &code)
                    try emit(item, backward: backward, into: &code)
                    jumpsToEnd.append(code.count)
                    try append(.jump(-1), to: &code)
                    code[split] = .split(split + 1, code.count)
                } else {
                    try emit(item, backward: backward, into: &code)
                }
            }
            for j in jumpsToEnd { code[j] = .jump(code.count) }
        case .repetition(let inner, let min, let max, let greedy) where greedy && !backward && inner.singleScalarClass != nil:
            let set = inner.singleScalarClass ?? CharSet()
            result.sets.append(set)
            let (low, high) = set.asciiMembership
            try append(.star(low: low, high: high, index: result.sets.count - 1, min: min, max: max ?? -1), to: &code)
        case .repetition(let inner, let min, let max, let greedy):
            for _ in 0..<min { try emit(inner, backward: backward, into: &code) }
            if let max {
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(code.count)
                    try append(.split(-1, -1), to: &code)
                    try emit(inner, backward: backward, into: &code)
                }
                let exit = code.count
                for s in splits { code[s] = greedy ? .split(s + 1, exit) : .split(exit, s + 1) }
            } else {
                let loop = code.count
                try append(.split(-1, -1), to: &code)
                let guardProgress = result.tracksCaptures && inner.isNullable
                let register = nextRegister
                if guardProgress {
                    nextRegister += 1
                    try append(.markProgress(register), to: &code)
                }
                try emit(inner, backward: backward, into: &code)
                if guardProgress { try append(.checkProgress(register), to: &code) }
                try append(.jump(loop), to: &code)
                let exit = code.count
                code[loop] = greedy ? .split(loop + 1, exit) : .split(exit, loop + 1)
            }
        case .look(let inner, let ahead, let negated):
            let sub = try program(inner, backward: !ahead)
            try append(.look(sub, negated: negated), to: &code)
        }
    }
}
