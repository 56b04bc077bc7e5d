import Foundation

/// cel-spec's standard definitions: operators, conversions, string and time functions.
enum CELStandardLibrary {
    typealias O = CELOverload
    static let A = CELType.param("A")
    static let B = CELType.param("B")

    // MARK: Operators

    static let operators: [CELOverload] = {
        var list: [CELOverload] = [
            O("!_", [.bool], .bool) { a in .bool(!a[0].b) },
            O("-_", [.int], .int) { a throws(CELError) in
                guard a[0].i != .min else { throw CELErrors.overflow }
                return .int(-a[0].i)
            },
            O("-_", [.double], .double) { a in .double(-a[0].d) },
            O("_==_", [A, A], .bool, binary: { x, y in .bool(CELValue.celEqual(x, y)) }),
            O("_!=_", [A, A], .bool, binary: { x, y in .bool(!CELValue.celEqual(x, y)) }),
            O("@in", [A, .list(A)], .bool, binary: { x, y in .bool(y.l.contains { CELValue.celEqual(x, $0) }) }),
            O("@in", [A, .map(A, B)], .bool, binary: { x, y in .bool(y.m[x] != nil) }),
            O("_[_]", [.list(A), .int], A, binary: { x, y throws(CELError) in try index(x.l, y) }),
            O("_[_]", [.list(A), .uint], A, binary: { x, y throws(CELError) in try index(x.l, y) }),
            O("_[_]", [.list(A), .double], A, binary: { x, y throws(CELError) in try index(x.l, y) }),
            O("_[_]", [.map(A, B), A], B, binary: { x, y throws(CELError) in
                guard let v = x.m[y] else { throw CELError("no such key: \(CELFormat.literal(y))") }
                return v
            }),
            O("size", [.string], .int) { a in .int(Int64(a[0].s.unicodeScalars.count)) },
            O("size", [.bytes], .int) { a in .int(Int64(a[0].bytesValue.count)) },
            O("size", [.list(A)], .int) { a in .int(Int64(a[0].l.count)) },
            O("size", [.map(A, B)], .int) { a in .int(Int64(a[0].m.count)) },
            O("size", member: true, [.string], .int) { a in .int(Int64(a[0].s.unicodeScalars.count)) },
            O("size", member: true, [.bytes], .int) { a in .int(Int64(a[0].bytesValue.count)) },
            O("size", member: true, [.list(A)], .int) { a in .int(Int64(a[0].l.count)) },
            O("size", member: true, [.map(A, B)], .int) { a in .int(Int64(a[0].m.count)) },
            // Arithmetic.
            O("_+_", [.int, .int], .int, binary: { x, y throws(CELError) in try checked(x.i.addingReportingOverflow(y.i)) }),
            O("_+_", [.uint, .uint], .uint, binary: { x, y throws(CELError) in try checked(x.u.addingReportingOverflow(y.u)) }),
            O("_+_", [.double, .double], .double, binary: { x, y in .double(x.d + y.d) }),
            O("_+_", [.string, .string], .string, binary: { x, y throws(CELError) in
                guard x.s.utf8.count + y.s.utf8.count <= CELErrors.maxValueSize else { throw CELErrors.tooLarge("string") }
                return .string(x.s + y.s)
            }),
            O("_+_", [.bytes, .bytes], .bytes, binary: { x, y throws(CELError) in
                guard x.bytesValue.count + y.bytesValue.count <= CELErrors.maxValueSize else { throw CELErrors.tooLarge("bytes") }
                return .bytes(x.bytesValue + y.bytesValue)
            }),
            O("_+_", [.list(A), .list(A)], .list(A), binary: { x, y throws(CELError) in
                guard x.l.count + y.l.count <= CELErrors.maxValueSize else { throw CELErrors.tooLarge("list") }
                return .list(x.l + y.l)
            }),
            O("_+_", [.timestamp, .duration], .timestamp, binary: { x, y throws(CELError) in
                guard let t = x.ts + y.dur else { throw CELErrors.range("timestamp") }
                return .timestamp(t)
            }),
            O("_+_", [.duration, .timestamp], .timestamp, binary: { x, y throws(CELError) in
                guard let t = y.ts + x.dur else { throw CELErrors.range("timestamp") }
                return .timestamp(t)
            }),
            O("_+_", [.duration, .duration], .duration, binary: { x, y throws(CELError) in
                guard let d = x.dur + y.dur else { throw CELErrors.range("duration") }
                return .duration(d)
            }),
            O("_-_", [.int, .int], .int, binary: { x, y throws(CELError) in try checked(x.i.subtractingReportingOverflow(y.i)) }),
            O("_-_", [.uint, .uint], .uint, binary: { x, y throws(CELError) in try checked(x.u.subtractingReportingOverflow(y.u)) }),
            O("_-_", [.double, .double], .double, binary: { x, y in .double(x.d - y.d) }),
            O("_-_", [.timestamp, .timestamp], .duration, binary: { x, y throws(CELError) in
                guard let d = x.ts - y.ts else { throw CELErrors.range("duration") }
                return .duration(d)
            }),
            O("_-_", [.timestamp, .duration], .timestamp, binary: { x, y throws(CELError) in
                guard let t = x.ts + y.dur.negated else { throw CELErrors.range("timestamp") }
                return .timestamp(t)
            }),
            O("_-_", [.duration, .duration], .duration, binary: { x, y throws(CELError) in
                guard let d = x.dur + y.dur.negated else { throw CELErrors.range("duration") }
                return .duration(d)
            }),
            O("_*_", [.int, .int], .int, binary: { x, y throws(CELError) in try checked(x.i.multipliedReportingOverflow(by: y.i)) }),
            O("_*_", [.uint, .uint], .uint, binary: { x, y throws(CELError) in try checked(x.u.multipliedReportingOverflow(by: y.u)) }),
            O("_*_", [.double, .double], .double, binary: { x, y in .double(x.d * y.d) }),
            O("_/_", [.int, .int], .int, binary: { x, y throws(CELError) in
                guard y.i != 0 else { throw CELErrors.divideByZero }
                return try checked(x.i.dividedReportingOverflow(by: y.i))
            }),
            O("_/_", [.uint, .uint], .uint, binary: { x, y throws(CELError) in
                guard y.u != 0 else { throw CELErrors.divideByZero }
                return .uint(x.u / y.u)
            }),
            O("_/_", [.double, .double], .double, binary: { x, y in .double(x.d / y.d) }),
            O("_%_", [.int, .int], .int, binary: { x, y throws(CELError) in
                guard y.i != 0 else { throw CELErrors.moduloByZero }
                return try checked(x.i.remainderReportingOverflow(dividingBy: y.i))
            }),
            O("_%_", [.uint, .uint], .uint, binary: { x, y throws(CELError) in
                guard y.u != 0 else { throw CELErrors.moduloByZero }
                return .uint(x.u % y.u)
            }),
        ]
        // Orderings: within each kind, and across the three numeric kinds.
        let ordered: [CELType] = [.bool, .string, .bytes, .timestamp, .duration]
        let numeric: [CELType] = [.int, .uint, .double]
        let tests: [(String, @Sendable (Int) -> Bool)] = [
            ("_<_", { @Sendable c in c < 0 }), ("_<=_", { @Sendable c in c <= 0 }), ("_>_", { @Sendable c in c > 0 }), ("_>=_", { @Sendable c in c >= 0 }),
        ]
        for (name, test) in tests {
            for t in ordered {
                list.append(O(name, [t, t], .bool, binary: { x, y in .bool(test(compare(x, y))) }))
            }
            for p in numeric {
                for q in numeric {
                    list.append(O(name, [p, q], .bool, binary: { x, y in
                        guard let c = CELValue.numericOrder(x, y) else { return .bool(false) }
                        return .bool(test(c))
                    }))
                }
            }
        }
        return list
    }()

    static func checked(_ r: (partialValue: Int64, overflow: Bool)) throws(CELError) -> CELValue {
        guard !r.overflow else { throw CELErrors.overflow }
        return .int(r.partialValue)
    }

    static func checked(_ r: (partialValue: UInt64, overflow: Bool)) throws(CELError) -> CELValue {
        guard !r.overflow else { throw CELErrors.overflow }
        return .uint(r.partialValue)
    }

    static func index(_ list: [CELValue], _ i: CELValue) throws(CELError) -> CELValue {
        let k: Int64
        switch i {
        case .int(let x): k = x
        case .uint(let x): k = x > UInt64(Int64.max) ? -1 : Int64(x)
        case .double(let x):
            guard x.isFinite, x.rounded(.towardZero) == x, abs(x) < 9.2e18 else { throw CELError("invalid list index \(CELFormat.double(x))") }
            k = Int64(x)
        default: throw CELError("list index must be an int")
        }
        guard k >= 0, k < list.count else { throw CELError("index out of range: \(k) (the list has \(list.count) elements)") }
        return list[Int(k)]
    }

    /// Order of two values of the same orderable kind.
    static func compare(_ a: CELValue, _ b: CELValue) -> Int {
        switch (a, b) {
        case (.bool(let x), .bool(let y)): return x == y ? 0 : (!x ? -1 : 1)
        case (.string(let x), .string(let y)):
            if x.unicodeScalars.elementsEqual(y.unicodeScalars) { return 0 }
            return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars, by: { $0.value < $1.value }) ? -1 : 1
        case (.bytes(let x), .bytes(let y)): return x == y ? 0 : (x.lexicographicallyPrecedes(y) ? -1 : 1)
        case (.timestamp(let x), .timestamp(let y)): return x == y ? 0 : (x < y ? -1 : 1)
        case (.duration(let x), .duration(let y)): return x == y ? 0 : (x < y ? -1 : 1)
        default: return CELValue.numericOrder(a, b) ?? 0
        }
    }

    // MARK: Conversions

    static let conversions: [CELOverload] = [
        O("int", [.int], .int) { a in a[0] },
        O("int", [.uint], .int) { a throws(CELError) in
            guard a[0].u <= UInt64(Int64.max) else { throw CELErrors.range("int") }
            return .int(Int64(a[0].u))
        },
        O("int", [.double], .int) { a throws(CELError) in
            let d = a[0].d
            guard d.isFinite, d > -9_223_372_036_854_775_808.0, d < 9_223_372_036_854_775_807.0 else { throw CELErrors.range("int") }
            return .int(Int64(d))
        },
        O("int", [.string], .int) { a throws(CELError) in
            guard let v = Int64(a[0].s) else { throw CELError("cannot convert \(CELFormat.quote(a[0].s)) to int") }
            return .int(v)
        },
        O("int", [.timestamp], .int) { a in .int(a[0].ts.seconds) },
        O("uint", [.uint], .uint) { a in a[0] },
        O("uint", [.int], .uint) { a throws(CELError) in
            guard a[0].i >= 0 else { throw CELErrors.range("uint") }
            return .uint(UInt64(a[0].i))
        },
        O("uint", [.double], .uint) { a throws(CELError) in
            let d = a[0].d
            guard d.isFinite, d > -1, d < 18_446_744_073_709_551_615.0 else { throw CELErrors.range("uint") }
            return .uint(UInt64(d))
        },
        O("uint", [.string], .uint) { a throws(CELError) in
            guard let v = UInt64(a[0].s) else { throw CELError("cannot convert \(CELFormat.quote(a[0].s)) to uint") }
            return .uint(v)
        },
        O("double", [.double], .double) { a in a[0] },
        O("double", [.int], .double) { a in .double(Double(a[0].i)) },
        O("double", [.uint], .double) { a in .double(Double(a[0].u)) },
        O("double", [.string], .double) { a throws(CELError) in
            guard let v = parseDouble(a[0].s) else { throw CELError("cannot convert \(CELFormat.quote(a[0].s)) to double") }
            return .double(v)
        },
        O("string", [.string], .string) { a in a[0] },
        O("string", [.int], .string) { a in .string(String(a[0].i)) },
        O("string", [.uint], .string) { a in .string(String(a[0].u)) },
        O("string", [.double], .string) { a in .string(CELFormat.double(a[0].d)) },
        O("string", [.bool], .string) { a in .string(a[0].b ? "true" : "false") },
        O("string", [.bytes], .string) { a throws(CELError) in
            guard let s = String(validating: a[0].bytesValue, as: UTF8.self) else { throw CELError("bytes are not valid UTF-8: cannot convert to string") }
            return .string(s)
        },
        O("string", [.timestamp], .string) { a in .string(a[0].ts.description) },
        O("string", [.duration], .string) { a in .string(a[0].dur.description) },
        O("bytes", [.bytes], .bytes) { a in a[0] },
        O("bytes", [.string], .bytes) { a in .bytes(Array(a[0].s.utf8)) },
        O("bool", [.bool], .bool) { a in a[0] },
        O("bool", [.string], .bool) { a throws(CELError) in
            switch a[0].s {
            case "1", "t", "true", "TRUE", "True": return .bool(true)
            case "0", "f", "false", "FALSE", "False": return .bool(false)
            default: throw CELError("cannot convert \(CELFormat.quote(a[0].s)) to bool")
            }
        },
        O("dyn", [A], .dyn) { a in a[0] },
        O("type", [A], .type(A)) { a in .type(a[0].typeName) },
        O("timestamp", [.timestamp], .timestamp) { a in a[0] },
        O("timestamp", [.string], .timestamp) { a throws(CELError) in
            switch CELTimestamp.parse(a[0].s) {
            case .none: throw CELError("timestamp \(CELFormat.quote(a[0].s)) is not RFC 3339 (such as 2024-05-01T09:30:00Z)")
            case .some(.none): throw CELErrors.range("timestamp")
            case .some(.some(let t)): return .timestamp(t)
            }
        },
        O("timestamp", [.int], .timestamp) { a throws(CELError) in
            guard let t = CELTimestamp(seconds: a[0].i) else { throw CELErrors.range("timestamp") }
            return .timestamp(t)
        },
        O("duration", [.duration], .duration) { a in a[0] },
        O("duration", [.string], .duration) { a throws(CELError) in
            switch CELDuration.parse(a[0].s) {
            case .none: throw CELError("duration \(CELFormat.quote(a[0].s)) is not a duration (such as 90s, 1h30m, 1.5h)")
            case .some(.none): throw CELErrors.range("duration")
            case .some(.some(let d)): return .duration(d)
            }
        },
    ]

    /// A decimal number as Go's ParseFloat reads it (also `NaN`, `Inf`, `Infinity`).
    static func parseDouble(_ text: String) -> Double? {
        switch text.lowercased() {
        case "nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ "0123456789+-.eE".unicodeScalars.contains($0) }) else { return nil }
        return Double(text)
    }

    // MARK: Strings

    static let strings: [CELOverload] = [
        O("contains", member: true, [.string, .string], .bool) { a in .bool(contains(a[0].s, a[1].s)) },
        O("startsWith", member: true, [.string, .string], .bool) { a in .bool(a[0].s.unicodeScalars.starts(with: a[1].s.unicodeScalars)) },
        O("endsWith", member: true, [.string, .string], .bool) { a in
            .bool(a[0].s.unicodeScalars.reversed().starts(with: a[1].s.unicodeScalars.reversed()))
        },
        O("matches", member: true, [.string, .string], .bool) { a throws(CELError) in .bool(try CELRegex.matches(a[0].s, a[1].s)) },
        O("matches", [.string, .string], .bool) { a throws(CELError) in .bool(try CELRegex.matches(a[0].s, a[1].s)) },
    ]

    static func contains(_ s: String, _ sub: String) -> Bool {
        let a = Array(s.unicodeScalars), b = Array(sub.unicodeScalars)
        return CELStringsExtension.find(b, in: a, from: 0) != nil
    }

    // MARK: Timestamps and durations

    static let time: [CELOverload] = {
        var list: [CELOverload] = []
        typealias Field = @Sendable (_ days: Int64, _ secondsOfDay: Int64, _ nanos: Int32) -> Int64
        let fields: [(String, Field)] = [
            ("getFullYear", { days, _, _ in Int64(CivilTimeBridge.date(days).year) }),
            ("getMonth", { days, _, _ in Int64(CivilTimeBridge.date(days).month - 1) }),
            ("getDate", { days, _, _ in Int64(CivilTimeBridge.date(days).day) }),
            ("getDayOfMonth", { days, _, _ in Int64(CivilTimeBridge.date(days).day - 1) }),
            ("getDayOfWeek", { days, _, _ in Int64(CivilTimeBridge.weekday(days)) }),
            ("getDayOfYear", { days, _, _ in
                let y = CivilTimeBridge.date(days).year
                return days - CivilTimeBridge.days(year: y, month: 1, day: 1)
            }),
            ("getHours", { _, sod, _ in sod / 3600 }),
            ("getMinutes", { _, sod, _ in sod / 60 % 60 }),
            ("getSeconds", { _, sod, _ in sod % 60 }),
            ("getMilliseconds", { _, _, nanos in Int64(nanos / 1_000_000) }),
        ]
        for (name, field) in fields {
            list.append(O(name, member: true, [.timestamp], .int) { a in
                let t = a[0].ts
                let days = CivilTimeBridge.floorDiv(t.seconds, 86_400)
                return .int(field(days, t.seconds - days * 86_400, t.nanos))
            })
            list.append(O(name, member: true, [.timestamp, .string], .int) { a throws(CELError) in
                let t = a[0].ts
                guard let offset = CELTimeZone.offset(a[1].s, at: t.seconds) else {
                    throw CELError("unknown time zone \(CELFormat.quote(a[1].s)) (an IANA name such as Europe/Paris, or an offset such as +02:00)")
                }
                let local = t.seconds + Int64(offset)
                let days = CivilTimeBridge.floorDiv(local, 86_400)
                return .int(field(days, local - days * 86_400, t.nanos))
            })
        }
        list += [
            O("getHours", member: true, [.duration], .int) { a in .int(a[0].dur.seconds / 3600) },
            O("getMinutes", member: true, [.duration], .int) { a in .int(a[0].dur.seconds / 60) },
            O("getSeconds", member: true, [.duration], .int) { a in .int(a[0].dur.seconds) },
            O("getMilliseconds", member: true, [.duration], .int) { a in .int(Int64(a[0].dur.nanos / 1_000_000)) },
        ]
        return list
    }()
}

import WidgetTime

/// The civil calendar of WidgetTime under short names.
enum CivilTimeBridge {
    static func date(_ days: Int64) -> (year: Int, month: Int, day: Int) { CivilTime.date(days: days) }
    static func days(year: Int, month: Int, day: Int) -> Int64 { CivilTime.days(year: year, month: month, day: day) }
    static func weekday(_ days: Int64) -> Int { CivilTime.weekday(days: days) }
    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { CivilTime.floorDiv(a, b) }
}
