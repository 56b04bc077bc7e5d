import WidgetSupport

/// Why a plan cannot be used: not JSON, cut short, of another format version,
/// or edited by hand into something the compiler would never write.
///
/// Plans are checked when they are loaded, so a request never meets a bad one.
public struct PlanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON Pointer of the offending member (empty for the plan as a whole).
    public let pointer: String
    public let message: String

    public init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }

    public var description: String { pointer.isEmpty ? message : "\(pointer): \(message)" }
}

/// One member of a plan being read, with its pointer, so every refusal says where.
///
/// The place is kept as the parent's and the key (`PlanPlace`), and spelled out as a path only
/// when asked (a refusal, a view's warning), so reading a member builds no array: `WidgetPlan(data:)`
/// on the 11 plans of 6285db9's widgets/, -3.2% instructions (237.2 M -> 229.5 M, 20 loads each,
/// callgrind).
struct PlanMember {
    let value: JSONValue
    private let place: PlanPlace

    init(_ value: JSONValue, path: [String] = []) {
        self.value = value
        place = PlanPlace(parent: nil, key: nil, base: path)
    }

    private init(_ value: JSONValue, parent: PlanPlace, key: String) {
        self.value = value
        place = PlanPlace(parent: parent, key: key, base: [])
    }

    /// The member's path from the plan's root.
    var path: [String] { place.path }

    func fail(_ message: String) -> PlanError {
        PlanError(pointer: JSONPointer.string(path), message: message)
    }

    private func found() -> String {
        switch value {
        case .string(let s): "'\(s)'"
        default: value.typeName
        }
    }

    /// A member that must be there (null counts as absent).
    func callAsFunction(_ key: String) throws(PlanError) -> PlanMember {
        guard let member = optional(key) else { throw PlanError(pointer: JSONPointer.string(path + [key]), message: "missing") }
        return member
    }

    /// A member that may be absent or null.
    func optional(_ key: String) -> PlanMember? {
        guard case .object(let o) = value, let v = o[key], !v.isNull else { return nil }
        return PlanMember(v, parent: place, key: key)
    }

    func object() throws(PlanError) -> JSONObject {
        guard case .object(let o) = value else { throw fail("expected an object, found \(found())") }
        return o
    }

    func members() throws(PlanError) -> [(key: String, value: PlanMember)] {
        try object().map { (key: $0.key, value: PlanMember($0.value, parent: place, key: $0.key)) }
    }

    func items() throws(PlanError) -> [PlanMember] {
        guard case .array(let a) = value else { throw fail("expected an array, found \(found())") }
        return a.enumerated().map { PlanMember($0.element, parent: place, key: String($0.offset)) }
    }

    func string() throws(PlanError) -> String {
        guard case .string(let s) = value else { throw fail("expected a string, found \(found())") }
        return s
    }

    func bool() throws(PlanError) -> Bool {
        guard case .bool(let b) = value else { throw fail("expected true or false, found \(found())") }
        return b
    }

    func number() throws(PlanError) -> Double {
        guard let n = value.number, n.isFinite else { throw fail("expected a number, found \(found())") }
        return n
    }

    /// A whole number within `range`.
    func int(in range: ClosedRange<Int64>) throws(PlanError) -> Int64 {
        let n: Int64?
        switch value {
        case .int(let i): n = Int64(i)
        case .double(let d): n = d.rounded(.towardZero) == d && abs(d) < 9e18 ? Int64(d) : nil
        default: n = nil
        }
        guard let n, range.contains(n) else {
            throw fail("expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(JSONWriter.string(value))")
        }
        return n
    }

    /// One of a fixed set of words.
    func word<Word: RawRepresentable & CaseIterable>(_: Word.Type) throws(PlanError) -> Word where Word.RawValue == String {
        let text = try string()
        guard let word = Word(rawValue: text) else {
            throw fail("expected one of \(Word.allCases.map(\.rawValue).joined(separator: ", ")), found '\(text)'")
        }
        return word
    }
}

/// Where a plan member is: its parent's place and its key, or a given path at a root.
private final class PlanPlace {
    let parent: PlanPlace?
    let key: String?
    let base: [String]

    init(parent: PlanPlace?, key: String?, base: [String]) {
        self.parent = parent
        self.key = key
        self.base = base
    }

    var path: [String] {
        guard let key else { return base }
        var path = parent?.path ?? base
        path.append(key)
        return path
    }
}
