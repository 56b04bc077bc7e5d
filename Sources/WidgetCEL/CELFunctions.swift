/// One signature of a function, with its implementation.
///
/// The checker picks the overloads whose parameter types an argument list can take; the
/// evaluator calls the first of those whose parameters the argument values match.
package struct CELOverload: Sendable {
    package typealias Implementation = @Sendable ([CELValue]) throws(CELError) -> CELValue

    package var name: String
    /// For a member function (`"abc".size()`), the receiver is the first parameter.
    package var member: Bool
    package var params: [CELType]
    package var result: CELType
    package var implementation: Implementation
    /// The same function over two operands without an argument array (the operators); the
    /// evaluator calls it instead of `implementation` when it is there.
    package var binary: (@Sendable (CELValue, CELValue) throws(CELError) -> CELValue)? = nil

    package init(_ name: String, member: Bool = false, _ params: [CELType], _ result: CELType, _ implementation: @escaping Implementation) {
        self.name = name
        self.member = member
        self.params = params
        self.result = result
        self.implementation = implementation
    }

    /// An overload of two parameters, written over its two operands.
    package init(
        _ name: String, member: Bool = false, _ params: [CELType], _ result: CELType,
        binary: @escaping @Sendable (CELValue, CELValue) throws(CELError) -> CELValue
    ) {
        precondition(params.count == 2)
        self.init(name, member: member, params, result) { a throws(CELError) in try binary(a[0], a[1]) }
        self.binary = binary
    }

    /// Whether two operand values fit the parameters (`accepts` without an array).
    @inline(__always)
    func accepts(_ a: CELValue, _ b: CELValue) -> Bool {
        params.count == 2 && CELOverload.value(a, fits: params[0]) && CELOverload.value(b, fits: params[1])
    }

    /// Whether argument values fit the parameters (type parameters and `dyn` take anything).
    func accepts(_ args: [CELValue]) -> Bool {
        guard args.count == params.count else { return false }
        for (a, p) in zip(args, params) where !CELOverload.value(a, fits: p) { return false }
        return true
    }

    /// The one kind of value a parameter of type `t` takes; nil when it takes any.
    static func kind(taking t: CELType) -> CELValue.Kind? {
        switch t {
        case .dyn, .param, .error: nil
        case .int: .int
        case .uint: .uint
        case .double: .double
        case .bool: .bool
        case .string: .string
        case .bytes: .bytes
        case .null: .null
        case .timestamp: .timestamp
        case .duration: .duration
        case .list: .list
        case .map, .object: .map
        case .type: .type
        }
    }

    /// Whether a parameter of type `t` takes `v`: by the value's kind alone (`kind(taking:)`).
    static func value(_ v: CELValue, fits t: CELType) -> Bool {
        guard let kind = kind(taking: t) else { return true }
        return kind == v.kind
    }
}

/// The functions an environment knows, by name.
package struct CELFunctionTable: Sendable {
    package private(set) var overloads: [String: [CELOverload]] = [:]
    /// Each name's overloads by how they are called (as a method or not, and arity): a call's
    /// candidates, kept here instead of filtered from the name's list at every call checked (with
    /// `Form.dynResult`, type checking the lets 9.7 M -> 7.2 M instructions on 300 files of
    /// bench/validate's examples shape, callgrind).
    private var forms: [String: [Form]] = [:]

    /// The overloads one call form may use.
    package struct Form: Sendable {
        package let member: Bool
        package let arity: Int
        package fileprivate(set) var overloads: [CELOverload] = []
        /// Per overload, the kind of value each parameter takes (`CELFunctionTable.kindCodes`).
        package fileprivate(set) var paramKinds: [UInt64] = []
        /// The type a call of this form gives when every operand is `dyn` (then every overload
        /// is a candidate): the one result with its type parameters `dyn`, or `dyn` when they differ.
        package fileprivate(set) var dynResult: CELType
    }

    package init() {}

    package mutating func add(_ overload: CELOverload) {
        overloads[overload.name, default: []].append(overload)
        // Kept up to date as the table is built (once, at start-up): the one result so far, or dyn.
        let result = overload.result.substituting([:], finish: true)
        let arity = overload.params.count
        if let k = forms[overload.name]?.firstIndex(where: { $0.member == overload.member && $0.arity == arity }) {
            forms[overload.name]![k].overloads.append(overload)
            forms[overload.name]![k].paramKinds.append(Self.kindCodes(overload.params))
            if forms[overload.name]![k].dynResult != result { forms[overload.name]![k].dynResult = .dyn }
        } else {
            forms[overload.name, default: []].append(
                Form(member: overload.member, arity: arity, overloads: [overload], paramKinds: [Self.kindCodes(overload.params)], dynResult: result))
        }
    }

    /// The overloads of `name` a call as a method (`member`) or a function with `arity`
    /// operands (the receiver counted) may use, in the order they were added.
    package func form(_ name: String, member: Bool, arity: Int) -> Form? {
        forms[name]?.first { $0.member == member && $0.arity == arity }
    }

    /// The kind of value each of `types` takes (`CELOverload.kind(taking:)`: a map and an object
    /// alike), four bits a type (the kind's raw value + 1), the first type lowest; 0 for any kind
    /// (`dyn`, a type parameter, an error) and past the sixteenth type.
    package static func kindCodes(_ types: [CELType]) -> UInt64 {
        var codes: UInt64 = 0
        for (k, t) in types.prefix(16).enumerated() {
            guard let kind = CELOverload.kind(taking: t) else { continue }
            codes |= UInt64(kind.rawValue + 1) << (4 * UInt64(k))
        }
        return codes
    }

    /// Whether parameters and operands of these kind codes may fit: false when some parameter and
    /// its operand each take one kind, and not the same (then `CELChecker.assign` is false too:
    /// it takes a pair of different kinds only when one of them is `dyn`, a parameter or an error).
    package static func kindsMayFit(_ params: UInt64, _ operands: UInt64) -> Bool {
        // Each nibble that is not 0 as 0xF.
        func nonzero(_ x: UInt64) -> UInt64 {
            let y = x | x >> 1
            return ((y | y >> 2) & 0x1111_1111_1111_1111) * 0xF
        }
        return (params ^ operands) & nonzero(params) & nonzero(operands) == 0
    }

    package mutating func add(_ list: [CELOverload]) {
        for o in list { add(o) }
    }

    package subscript(name: String) -> [CELOverload]? { overloads[name] }

    /// Every function name (for did-you-mean and completion), operators left out.
    package var names: [String] { overloads.keys.filter { !$0.hasPrefix("_") && !$0.hasPrefix("@") && !$0.hasSuffix("_") }.sorted() }

    /// The standard library (cel-spec), with cel-go's `strings`, `math` and `lists` extensions
    /// and the base64 encoders.
    package static let standard: CELFunctionTable = {
        var table = CELFunctionTable()
        table.add(CELStandardLibrary.operators)
        table.add(CELStandardLibrary.conversions)
        table.add(CELStandardLibrary.strings)
        table.add(CELStandardLibrary.time)
        table.add(CELStringsExtension.overloads)
        table.add(CELMathExtension.overloads)
        table.add(CELListsExtension.overloads)
        return table
    }()
}

/// Names for messages: `'+'` for `_+_`.
package func celDisplayName(_ function: String) -> String {
    switch function {
    case "_?_:_": return "?:"
    case "_[_]": return "[]"
    case "@in": return "in"
    case "!_": return "!"
    case "-_": return "-"
    default:
        if function.hasPrefix("_") && function.hasSuffix("_") && function.count > 2 {
            return String(function.dropFirst().dropLast())
        }
        return function
    }
}

// MARK: Argument access (dispatch has checked the kinds)

extension CELValue {
    var i: Int64 { if case .int(let x) = self { return x }; return 0 }
    var u: UInt64 { if case .uint(let x) = self { return x }; return 0 }
    var d: Double { if case .double(let x) = self { return x }; return 0 }
    var b: Bool { if case .bool(let x) = self { return x }; return false }
    var s: String { if case .string(let x) = self { return x }; return "" }
    var bytesValue: [UInt8] { if case .bytes(let x) = self { return x }; return [] }
    var l: [CELValue] { if case .list(let x) = self { return x }; return [] }
    var m: CELMap { if case .map(let x) = self { return x }; return CELMap() }
    var ts: CELTimestamp { if case .timestamp(let x) = self { return x }; return CELTimestamp(seconds: 0)! }
    var dur: CELDuration { if case .duration(let x) = self { return x }; return .zero }
}

/// Errors as CEL words them, so that messages read alike everywhere.
package enum CELErrors {
    static let overflow = CELError("integer overflow")
    static let divideByZero = CELError("division by zero")
    static let moduloByZero = CELError("modulus by zero")
    static func range(_ what: String) -> CELError { CELError("\(what) out of range") }
    /// The largest a string, bytes, list or map may grow while evaluating (elements or bytes).
    package static let maxValueSize = 1_000_000
    static func tooLarge(_ what: String) -> CELError { CELError("\(what) larger than \(maxValueSize) elements: evaluation stopped") }
}
