import Foundation

/// cel-go's `math` extension.
enum CELMathExtension {
    typealias O = CELOverload

    /// `math.greatest` and `math.least` take one to `maxArity` numbers, or one list of numbers.
    static let maxArity = 16

    static let overloads: [CELOverload] = {
        var list: [CELOverload] = []
        for (name, wantGreater) in [("math.greatest", true), ("math.least", false)] {
            for arity in 1...maxArity {
                list.append(O(name, Array(repeating: .dyn, count: arity), .dyn) { a throws(CELError) in
                    try extreme(name, a, greatest: wantGreater)
                })
            }
        }
        let rounding: [(String, @Sendable (Double) -> Double)] = [
            ("math.ceil", { $0.rounded(.up) }), ("math.floor", { $0.rounded(.down) }),
            ("math.round", { $0.rounded(.toNearestOrAwayFromZero) }), ("math.trunc", { $0.rounded(.towardZero) }),
            ("math.sqrt", { $0.squareRoot() }),
        ]
        for (name, f) in rounding { list.append(O(name, [.double], .double) { a in .double(f(a[0].d)) }) }
        list.append(O("math.sqrt", [.int], .double) { a in .double(Double(a[0].i).squareRoot()) })
        list.append(O("math.sqrt", [.uint], .double) { a in .double(Double(a[0].u).squareRoot()) })
        list += [
            O("math.abs", [.int], .int) { a throws(CELError) in
                guard a[0].i != .min else { throw CELErrors.overflow }
                return .int(abs(a[0].i))
            },
            O("math.abs", [.uint], .uint) { a in a[0] },
            O("math.abs", [.double], .double) { a in .double(abs(a[0].d)) },
            O("math.sign", [.int], .int) { a in .int(a[0].i.signum()) },
            O("math.sign", [.uint], .uint) { a in .uint(a[0].u == 0 ? 0 : 1) },
            O("math.sign", [.double], .double) { a in
                let d = a[0].d
                return .double(d.isNaN ? d : (d > 0 ? 1 : (d < 0 ? -1 : 0)))
            },
            O("math.isNaN", [.double], .bool) { a in .bool(a[0].d.isNaN) },
            O("math.isInf", [.double], .bool) { a in .bool(a[0].d.isInfinite) },
            O("math.isFinite", [.double], .bool) { a in .bool(a[0].d.isFinite) },
            O("math.bitAnd", [.int, .int], .int) { a in .int(a[0].i & a[1].i) },
            O("math.bitAnd", [.uint, .uint], .uint) { a in .uint(a[0].u & a[1].u) },
            O("math.bitOr", [.int, .int], .int) { a in .int(a[0].i | a[1].i) },
            O("math.bitOr", [.uint, .uint], .uint) { a in .uint(a[0].u | a[1].u) },
            O("math.bitXor", [.int, .int], .int) { a in .int(a[0].i ^ a[1].i) },
            O("math.bitXor", [.uint, .uint], .uint) { a in .uint(a[0].u ^ a[1].u) },
            O("math.bitNot", [.int], .int) { a in .int(~a[0].i) },
            O("math.bitNot", [.uint], .uint) { a in .uint(~a[0].u) },
            O("math.bitShiftLeft", [.int, .int], .int) { a throws(CELError) in
                let n = try shift(a[1].i)
                return .int(n >= 64 ? 0 : a[0].i << n)
            },
            O("math.bitShiftLeft", [.uint, .int], .uint) { a throws(CELError) in
                let n = try shift(a[1].i)
                return .uint(n >= 64 ? 0 : a[0].u << n)
            },
            O("math.bitShiftRight", [.int, .int], .int) { a throws(CELError) in
                // Logical, as cel-go shifts: the sign bit is not copied.
                let n = try shift(a[1].i)
                return .int(n >= 64 ? 0 : Int64(bitPattern: UInt64(bitPattern: a[0].i) >> UInt64(n)))
            },
            O("math.bitShiftRight", [.uint, .int], .uint) { a throws(CELError) in
                let n = try shift(a[1].i)
                return .uint(n >= 64 ? 0 : a[0].u >> n)
            },
        ]
        return list
    }()

    static func shift(_ n: Int64) throws(CELError) -> Int64 {
        guard n >= 0 else { throw CELError("math.bitShift requires a non-negative offset, got \(n)") }
        return n
    }

    static func extreme(_ name: String, _ args: [CELValue], greatest: Bool) throws(CELError) -> CELValue {
        var items = args
        if args.count == 1, case .list(let l) = args[0] {
            guard !l.isEmpty else { throw CELError("\(name)(): the list is empty") }
            items = l
        }
        var best: CELValue? = nil
        for item in items {
            switch item {
            case .int, .uint, .double: break
            default: throw CELError("no matching overload: \(name)() takes numbers, was given \(item.kindName)")
            }
            guard let current = best else { best = item; continue }
            if case .double(let d) = item, d.isNaN { best = item; continue }
            if case .double(let d) = current, d.isNaN { continue }
            if let order = CELValue.numericOrder(item, current), greatest ? order > 0 : order < 0 { best = item }
        }
        return best!
    }
}

/// cel-go's `lists` extension (`sortBy` is a macro, evaluated with the comprehensions).
enum CELListsExtension {
    typealias O = CELOverload
    static let A = CELType.param("A")

    static let overloads: [CELOverload] = [
        O("lists.range", [.int], .list(.int)) { a throws(CELError) in
            guard a[0].i <= Int64(CELErrors.maxValueSize) else { throw CELErrors.tooLarge("list") }
            return .list(a[0].i <= 0 ? [] : (0..<a[0].i).map { .int($0) })
        },
        O("distinct", member: true, [.list(A)], .list(A)) { a in
            var out: [CELValue] = []
            for item in a[0].l where !out.contains(where: { CELValue.celEqual($0, item) }) { out.append(item) }
            return .list(out)
        },
        O("flatten", member: true, [.list(.dyn)], .list(.dyn)) { a throws(CELError) in .list(try flatten(a[0].l, depth: 1)) },
        O("flatten", member: true, [.list(.dyn), .int], .list(.dyn)) { a throws(CELError) in
            guard a[1].i >= 0 else { throw CELError("flatten(): the depth must be non-negative, got \(a[1].i)") }
            return .list(try flatten(a[0].l, depth: a[1].i))
        },
        O("reverse", member: true, [.list(A)], .list(A)) { a in .list(a[0].l.reversed()) },
        O("slice", member: true, [.list(A), .int, .int], .list(A)) { a throws(CELError) in
            let l = a[0].l
            let (start, end) = (a[1].i, a[2].i)
            guard start >= 0, end >= 0 else { throw CELError("slice(): negative index \(min(start, end))") }
            guard start <= end else { throw CELError("slice(): start index \(start) is greater than end index \(end)") }
            guard end <= l.count else { throw CELError("slice(): end index \(end) is beyond the list's size \(l.count)") }
            return .list(Array(l[Int(start)..<Int(end)]))
        },
        O("sort", member: true, [.list(A)], .list(A)) { a throws(CELError) in .list(try sorted(a[0].l, keys: a[0].l)) },
    ]

    static func flatten(_ list: [CELValue], depth: Int64) throws(CELError) -> [CELValue] {
        var out: [CELValue] = []
        for item in list {
            if depth > 0, case .list(let inner) = item {
                out += try flatten(inner, depth: depth - 1)
            } else {
                out.append(item)
            }
            guard out.count <= CELErrors.maxValueSize else { throw CELErrors.tooLarge("list") }
        }
        return out
    }

    /// `items` ordered by `keys` (stable); keys must be of one orderable kind.
    static func sorted(_ items: [CELValue], keys: [CELValue]) throws(CELError) -> [CELValue] {
        guard let first = keys.first else { return items }
        for k in keys {
            switch (first, k) {
            case (.int, .int), (.uint, .uint), (.double, .double), (.string, .string), (.bool, .bool), (.bytes, .bytes),
                (.timestamp, .timestamp), (.duration, .duration):
                continue
            default:
                throw CELError("sort(): the list's elements must be of one orderable type (int, uint, double, string, bool, bytes, timestamp, duration); found \(first.kindName) and \(k.kindName)")
            }
        }
        let order = keys.indices.sorted { x, y in
            let c = CELStandardLibrary.compare(keys[x], keys[y])
            return c < 0 || (c == 0 && x < y)
        }
        return order.map { items[$0] }
    }
}
