import WidgetSupport

/// The value the evaluator looks at: a node of the instance's `SourceDocument`, read in
/// place from the document's node table. A plain pointer: handing it down the recursion
/// costs no reference counting, and the document's tables say the rest (`InstanceReading`).
///
/// A member name checked by `propertyNames` is a string instance too: a node made on the
/// stack (`Instance.keyNode`) whose text is the key's text in the same arena.
typealias Instance = UnsafePointer<SourceDocument.Node>

/// Reading instances from the tables of the document they belong to. Nothing here
/// makes a `String`, except the functions meant for failure reports.
extension SourceDocument.Tables {
    /// The items or members of a collection instance.
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    func children(of value: Instance) -> UnsafeBufferPointer<SourceDocument.Child> {
        UnsafeBufferPointer(start: children + Int(value.pointee.first), count: Int(value.pointee.count))
    }

    /// A child's value.
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    func node(_ child: SourceDocument.Child) -> Instance { nodes + Int(child.node) }

    /// A member's name, as bytes.
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    func keyBytes(_ child: SourceDocument.Child) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: text + Int(child.keyFirst), count: Int(child.keyCount))
    }

    /// A member's name, for failure reports.
    func key(_ child: SourceDocument.Child) -> String { String(decoding: keyBytes(child), as: UTF8.self) }

    /// An instance as a failure names it (`FailureText.shown`): `'text'`, `5`, `true`, `an object`.
    func shown(_ value: Instance) -> String {
        switch value.pointee.kind {
        case .string: FailureText.quoted(String(decoding: stringBytes(value), as: UTF8.self))
        case .int, .double: FailureText.render(value.pointee.numberValue)
        case .bool: value.pointee.payload != 0 ? "true" : "false"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// An instance as the subject of a failure's sentence: a scalar as `shown`, a collection
    /// as `this object` or `this array`.
    func subject(_ value: Instance) -> String {
        switch value.pointee.kind {
        case .array: "this array"
        case .object: "this object"
        default: shown(value)
        }
    }

    /// A scalar instance as `shown` names it; nil for a collection.
    func scalarShown(_ value: Instance) -> String? { value.pointee.isCollection ? nil : shown(value) }

    /// A string instance's bytes (a string without text is empty, as `SourceDocument.json` reads it).
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    func stringBytes(_ value: Instance) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: text + Int(value.pointee.first), count: max(Int(value.pointee.count), 0))
    }
}

extension SourceDocument.Node {
    /// A member's name as a string node (to evaluate `propertyNames` on it).
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    static func keyNode(_ child: SourceDocument.Child) -> SourceDocument.Node {
        SourceDocument.Node(
            kind: .string, line: child.keyLine, column: child.keyColumn, first: child.keyFirst, count: child.keyCount, payload: 0)
    }

    /// Whether the node is an array or an object.
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    var isCollection: Bool { kind.rawValue >= SourceDocument.Kind.array.rawValue }

    /// A number node's value as a `JSONValue` (`.int` or `.double`, which hold no
    /// reference), for `NumberMath` and `JSONEquality` to compare with the schema's numbers.
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    var numberValue: JSONValue {
        kind == .int ? .int(Int(truncatingIfNeeded: payload)) : .double(Double(bitPattern: payload))
    }

    /// A double node's value.
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    var doubleValue: Double { Double(bitPattern: payload) }

    /// The node's JSON Schema type, as failures name it (a whole double is an "integer").
    var typeName: String {
        switch kind {
        case .null: "null"
        case .bool: "boolean"
        case .int: "integer"
        case .double: TypeSet.isWhole(doubleValue) ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
