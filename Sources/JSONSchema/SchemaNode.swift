import ECMARegexEngine
import WidgetSupport

/// JSON types as bits; `number` is `integer | fraction`.
struct TypeSet: OptionSet, Sendable {
    let rawValue: UInt8
    static let null = TypeSet(rawValue: 1)
    static let boolean = TypeSet(rawValue: 2)
    static let integer = TypeSet(rawValue: 4)
    static let fraction = TypeSet(rawValue: 8)
    static let string = TypeSet(rawValue: 16)
    static let array = TypeSet(rawValue: 32)
    static let object = TypeSet(rawValue: 64)
    static let number: TypeSet = [.integer, .fraction]

    /// The type of an instance node (a whole double is an integer, as JSON Schema counts).
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    static func of(_ value: Instance) -> TypeSet {
        switch value.pointee.kind {
        case .null: .null
        case .bool: .boolean
        case .int: .integer
        case .double: isWhole(value.pointee.doubleValue) ? .integer : .fraction
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// Whether a double is a whole number (JSON Schema's integers include `1.0`).
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    static func isWhole(_ d: Double) -> Bool { d.rounded(.towardZero) == d && d.isFinite }

    static func named(_ name: String) -> TypeSet? {
        switch name {
        case "null": .null
        case "boolean": .boolean
        case "integer": .integer
        case "number": .number
        case "string": .string
        case "array": .array
        case "object": .object
        default: nil
        }
    }
}

/// A subschema edge: the child node and the evaluation-path segment leading to it
/// (`/properties/name`, an index into `SchemaGraph.segments`). Plain integers, so
/// copying edges around costs no reference counting.
struct Edge: Sendable {
    var node: Int
    var segment: Int
}

// Keyword groups are structs held in `let` storage of the node: the evaluator borrows
// the node and reads them in place, copying and retaining nothing.

struct NumericChecks: Sendable {
    var minimum: JSONValue?
    var exclusiveMinimum: JSONValue?
    var maximum: JSONValue?
    var exclusiveMaximum: JSONValue?
    var multipleOf: (value: JSONValue, decimal: NumberMath.Decimal)?

    var isEmpty: Bool {
        minimum == nil && exclusiveMinimum == nil && maximum == nil && exclusiveMaximum == nil && multipleOf == nil
    }
}

struct StringChecks: Sendable {
    var minLength: Int?
    var maxLength: Int?
    var pattern: ECMARegex?

    var isEmpty: Bool { minLength == nil && maxLength == nil && pattern == nil }
}

struct ArrayChecks: Sendable {
    var minItems: Int?
    var maxItems: Int?
    var uniqueItems = false
    var prefixItems: [Edge] = []
    var items: Edge?
    var contains: Edge?
    var minContains = 1
    var maxContains: Int?
    /// Whether `minContains` was written (for the keyword named in failures).
    var minContainsGiven = false

    var isEmpty: Bool {
        minItems == nil && maxItems == nil && !uniqueItems && prefixItems.isEmpty && items == nil && contains == nil
    }
}

struct PatternProperty: Sendable {
    var regex: ECMARegex
    var edge: Edge
}

struct ObjectChecks: Sendable {
    /// The table of no names, made once: each table allocates its slots, and the widget
    /// schema's compile made some 1,300 empty ones (0.8 M instructions, callgrind).
    static let noNames = ByteTable([])

    /// Every name the checks below mention; the instance's keys are looked up once here.
    var names = ObjectChecks.noNames
    /// Per name index: its schema under `properties`, if any.
    var properties: [Edge?] = []
    /// The `properties` keys in schema order (for "did you mean").
    var propertyNames: [String] = []
    var required: [Int] = []
    var dependentRequired: [(trigger: Int, required: [Int])] = []
    var dependentSchemas: [(trigger: Int, edge: Edge)] = []
    var patternProperties: [PatternProperty] = []
    var additionalProperties: Edge?
    var propertyNamesSchema: Edge?
    var minProperties: Int?
    var maxProperties: Int?

    /// Whether some keyword needs the walk over every member; `required` and the
    /// dependent keywords alone look names up directly.
    var walksMembers: Bool {
        properties.contains { $0 != nil } || !patternProperties.isEmpty || additionalProperties != nil
            || propertyNamesSchema != nil
    }

    /// Whether quiet evaluation may look each name up among the members instead of
    /// walking them: `properties` is the only keyword that applies to members, and the
    /// names are few (each one a scan of the members' names, mostly a length comparison).
    var looksUpNames: Bool {
        patternProperties.isEmpty && additionalProperties == nil && propertyNamesSchema == nil && names.count <= 4
    }

    var isEmpty: Bool {
        !walksMembers && required.isEmpty && dependentRequired.isEmpty && dependentSchemas.isEmpty
            && minProperties == nil && maxProperties == nil
    }
}

/// Applicators that evaluate the same instance as their schema. Lists are ranges of
/// `SchemaGraph.edgeLists`, so the enum holds plain integers only.
enum InPlaceApplicator: Sendable {
    case ref(Edge)
    /// The statically resolved target, and the `$dynamicAnchor` id to look for in the dynamic
    /// scope when the target bears that anchor (-1: behaves like `$ref`).
    case dynamicRef(Edge, anchor: Int)
    case allOf(Range<Int>)
    case anyOf(Range<Int>)
    case oneOf(Range<Int>)
    case not(Edge)
    case conditional(if: Edge, then: Edge?, else: Edge?)
}

/// A compiled schema object (or boolean schema).
final class SchemaNode: @unchecked Sendable {  // immutable once the graph is built
    enum Form {
        case alwaysValid, alwaysInvalid, checks
        /// Nothing but a `$ref` (to `target`): followed without the keyword pass.
        case reference
    }

    // Fields the evaluator reads for every node come first, so they share a cache line or
    // two; the keyword groups, read only when they apply, follow.
    let form: Form
    let hasNumeric: Bool
    let hasString: Bool
    let hasArray: Bool
    let hasObject: Bool
    /// `object.walksMembers`, computed once.
    let walksMembers: Bool
    /// `object.looksUpNames`, computed once.
    let looksUpNames: Bool
    let types: TypeSet?
    /// The `$ref` of a `.reference` node.
    let target: Edge
    /// Index of the schema resource this node belongs to (for `$dynamicRef`'s dynamic scope).
    let resource: Int
    /// This node's applicators: a range of `SchemaGraph.applicators`.
    let applicators: Range<Int>
    let unevaluatedItems: Edge?
    let unevaluatedProperties: Edge?
    let enumValues: [JSONValue]?
    let constValue: JSONValue?
    /// When every `enum` value is a string: them, so a value is looked up by its bytes in
    /// one step instead of compared with each.
    let enumStrings: ByteTable?
    /// When `const` is a string: it, compared by bytes directly.
    let constString: String?
    let string: StringChecks
    let object: ObjectChecks
    let array: ArrayChecks
    let numeric: NumericChecks
    /// Where this schema is, for `location`.
    let canonical: CanonicalLocation
    /// The canonical URI of this schema with a pointer fragment; keyword locations extend it.
    var location: String { canonical.string }
    /// For `unevaluatedProperties`: names some sibling or in-place subschema lists under
    /// `properties` (filled once the whole graph exists).
    var knownPropertyNames: [String] = []
    /// Whether the node is (part of) an `anyOf`/`oneOf` alternative, where a missing
    /// required name is the usual way to be told apart: then quiet evaluation looks for
    /// the required names before walking the members (filled once the whole graph exists).
    var triesRequiredFirst = false

    init(
        form: Form, resource: Int, location: CanonicalLocation, types: TypeSet? = nil, enumValues: [JSONValue]? = nil,
        constValue: JSONValue? = nil, numeric: NumericChecks? = nil, string: StringChecks? = nil,
        array: ArrayChecks? = nil, object: ObjectChecks? = nil, applicators: Range<Int> = 0..<0, referenceEdge: Edge? = nil,
        unevaluatedItems: Edge? = nil, unevaluatedProperties: Edge? = nil
    ) {
        let onlyReference =
            form == .checks && types == nil && enumValues == nil && constValue == nil && numeric == nil && string == nil
            && array == nil && object == nil && unevaluatedItems == nil && unevaluatedProperties == nil
            && applicators.count == 1
        if onlyReference, let reference = referenceEdge {
            self.form = .reference
            target = reference
        } else {
            self.form = form
            target = Edge(node: 0, segment: 0)
        }
        self.resource = resource
        canonical = location
        self.types = types
        self.enumValues = enumValues
        self.constValue = constValue
        let strings = enumValues?.compactMap(\.string)
        enumStrings = strings != nil && strings?.count == enumValues?.count ? ByteTable(strings ?? []) : nil
        constString = constValue?.string
        self.numeric = numeric ?? NumericChecks()
        self.string = string ?? StringChecks()
        self.array = array ?? ArrayChecks()
        self.object = object ?? ObjectChecks()
        hasNumeric = numeric != nil
        hasString = string != nil
        hasArray = array != nil
        hasObject = object != nil
        walksMembers = object?.walksMembers ?? false
        looksUpNames = object?.looksUpNames ?? false
        self.applicators = applicators
        self.unevaluatedItems = unevaluatedItems
        self.unevaluatedProperties = unevaluatedProperties
    }
}

/// A schema's canonical URI in parts: the base URI of its resource, and its pointer from
/// the document root less the resource root's. The URI is written only for a failure
/// (written for each of the widget schema's 550 nodes, it was 1.3 M instructions of
/// `validate` of one file, callgrind).
struct CanonicalLocation: Sendable {
    let base: String
    let pointer: String
    let resourcePointer: String

    init(_ base: String, _ location: RegistryIndex.Location, _ resource: RegistryIndex.Location) {
        self.base = base
        pointer = location.pointer
        resourcePointer = resource.pointer
    }

    /// `base#pointer`, the pointer relative to the resource root.
    var string: String { base + "#" + pointer.dropFirst(resourcePointer.count) }
}

/// A schema resource as the dynamic scope sees it.
struct ResourceInfo: Sendable {
    /// `$dynamicAnchor` id -> node.
    var dynamicAnchors: [(anchor: Int, node: Int)]
}

/// Everything validation needs: nodes by index, the root, resources.
///
/// A class, so an evaluator takes it with one retain instead of one per array.
final class SchemaGraph: @unchecked Sendable {  // immutable; `unmanaged` mirrors `nodes`, which keeps them alive
    let nodes: [SchemaNode]
    /// The same nodes without reference counting, for the evaluator's hot path.
    let unmanaged: [Unmanaged<SchemaNode>]
    /// Each node's form, to test edges for `false` without touching the node.
    let forms: [SchemaNode.Form]
    /// Each `.reference` node's target node (0 for other nodes), read without touching the node.
    let referenceTargets: [Int]
    /// Per node: when it checks nothing but the type and string keywords (itself, or at the
    /// end of a few bare `$ref`s), what quiet evaluation needs to answer it in place.
    let scalarShortcuts: [ScalarShortcut?]
    /// Per node: when it only tests one member of an object against a scalar shortcut (the
    /// usual `if` of a discriminated union), what quiet evaluation needs to answer it in place.
    let memberTests: [MemberTest?]
    /// Per node: when it is nothing but `if`/`then`/`else` whose `if` checks only the type
    /// (a content value: a format key if an object, else a scalar), the branches by type.
    let typeConditionals: [TypeConditional?]
    /// Which quiet shortcut a node has, as a plain value (a cheap test on every step).
    let shortcutKinds: [ShortcutKind]
    /// Per `edgeLists` entry of an `allOf`: when the member is nothing but `if`/`then`/`else`
    /// whose `if` is a member test, the conditional (answered without evaluating the member).
    let memberConditionals: [MemberConditional?]
    let root: Int
    /// Evaluation-path segments of edges, by `Edge.segment`.
    let segments: [String]
    /// The members of `allOf`/`anyOf`/`oneOf` lists, by `InPlaceApplicator` ranges.
    let edgeLists: [Edge]
    /// Every node's in-place applicators, by `SchemaNode.applicators`.
    let applicators: [InPlaceApplicator]
    let resources: [ResourceInfo]
    /// False when no `$dynamicRef` can resolve dynamically: then the scope is not tracked.
    let usesDynamicScope: Bool

    init(
        nodes: [SchemaNode], root: Int, segments: [String], edgeLists: [Edge], applicators: [InPlaceApplicator],
        resources: [ResourceInfo], usesDynamicScope: Bool
    ) {
        self.nodes = nodes
        unmanaged = nodes.map { Unmanaged.passUnretained($0) }
        forms = nodes.map(\.form)
        referenceTargets = nodes.map { $0.form == .reference ? $0.target.node : 0 }
        let scalarShortcuts = nodes.indices.map { ScalarShortcut(from: $0, in: nodes) }
        self.scalarShortcuts = scalarShortcuts
        let memberTests = MemberTest.all(in: nodes, scalarShortcuts)
        self.memberTests = memberTests
        let typeConditionals = nodes.map { TypeConditional($0, applicators, scalarShortcuts) }
        self.typeConditionals = typeConditionals
        shortcutKinds = nodes.indices.map { id in
            scalarShortcuts[id] != nil ? .scalar : memberTests[id] != nil ? .member : typeConditionals[id] != nil ? .typeConditional : .none
        }
        memberConditionals = MemberConditional.all(in: nodes, edgeLists: edgeLists, applicators: applicators, memberTests)
        self.root = root
        self.segments = segments
        self.edgeLists = edgeLists
        self.applicators = applicators
        self.resources = resources
        self.usesDynamicScope = usesDynamicScope
    }
}

/// A schema that checks only the type, the string keywords (`minLength`, `maxLength`,
/// `pattern`) and an `enum` or `const` of strings, possibly behind bare `$ref`s:
/// `{"type": "string", "pattern": "..."}`, `{"const": "integer"}`.
struct ScalarShortcut: Sendable {
    let types: TypeSet
    /// The `$ref`s followed to reach the checks (each one a step and a link of the chain).
    let references: Int
    /// The node with the string checks (or string `enum`/`const`), or -1 when it has none.
    let stringNode: Int
    /// Whether that node has a string `enum` or `const` (else only string keywords).
    let checksStringValues: Bool

    static let maxReferences = 8
    private static let anyType: TypeSet = [.null, .boolean, .number, .string, .array, .object]

    init?(from id: Int, in nodes: [SchemaNode]) {
        var target = id
        var references = 0
        while nodes[target].form == .reference {
            guard references < Self.maxReferences else { return nil }
            references += 1
            target = nodes[target].target.node
        }
        let node = nodes[target]
        guard node.checksScalarsOnly else { return nil }
        let allowsStringsOnly = node.enumStrings != nil || node.constString != nil
        types = (node.types ?? Self.anyType).intersection(allowsStringsOnly ? .string : Self.anyType)
        self.references = references
        stringNode = node.hasString || allowsStringsOnly ? target : -1
        checksStringValues = allowsStringsOnly
    }
}

extension SchemaNode {
    /// Whether `type`, the string keywords and an `enum` or `const` of strings are the node's
    /// only keywords with an effect.
    var checksScalarsOnly: Bool {
        form == .checks && (enumValues == nil || enumStrings != nil) && (constValue == nil || constString != nil)
            && !hasNumeric && !hasArray && !hasObject
            && applicators.isEmpty && unevaluatedItems == nil && unevaluatedProperties == nil
    }
}

/// The quiet shortcut a node has, if any.
enum ShortcutKind: UInt8, Sendable {
    case none, scalar, member, typeConditional
}

/// A schema that is nothing but `if`/`then`/`else` whose `if` checks only the type (behind
/// bare `$ref`s or not): `{"if": {"type": "object"}, "then": …, "else": …}`. Quietly, the
/// `if` is answered by the value's type, its steps counted as its evaluation counts them,
/// and only the branch that applies is evaluated.
struct TypeConditional: Sendable {
    /// The types the `if` allows.
    let types: TypeSet
    /// The `if`'s bare `$ref`s (each one a step and a link of the chain).
    let references: Int
    let then: Edge?
    let otherwise: Edge?

    init?(_ node: SchemaNode, _ applicators: [InPlaceApplicator], _ scalarShortcuts: [ScalarShortcut?]) {
        guard node.form == .checks, node.types == nil, node.enumValues == nil, node.constValue == nil,
              !node.hasNumeric, !node.hasString, !node.hasArray, !node.hasObject,
              node.unevaluatedItems == nil, node.unevaluatedProperties == nil, node.applicators.count == 1,
              case .conditional(let condition, let then, let otherwise) = applicators[node.applicators.lowerBound],
              let test = scalarShortcuts[condition.node], test.stringNode < 0
        else { return nil }
        types = test.types
        references = test.references
        self.then = then
        self.otherwise = otherwise
    }
}

/// A schema that only tests one member of an object: that it is present (`required`) and
/// what its value is (a schema with a `ScalarShortcut`), and maybe that the instance is an
/// object: `{"required": ["type"], "properties": {"type": {"const": "enum"}}}`, the `if`
/// of each alternative of a union told apart by a property. Quietly, it is answered by one
/// look for the name among the members and the scalar shortcut on the value found.
struct MemberTest: Sendable {
    /// The node itself: its name table holds the one name.
    let node: Int
    /// The same name has the same id in every member test of the graph, so tests of one
    /// property can share the look for it.
    let nameID: Int
    let required: Bool
    /// The types the node allows (an instance of another type fails; a non-object one that
    /// is allowed passes, as `properties` and `required` ignore it).
    let types: TypeSet
    /// The shortcut of the member's schema, or nil when only presence is tested.
    let property: ScalarShortcut?
    /// When that schema allows nothing but one string of up to sixteen bytes (a `const`,
    /// the usual discriminator): the string's key, so a value is answered by comparing keys.
    let constKey: ByteKey?

    private static let anyType: TypeSet = [.null, .boolean, .number, .string, .array, .object]

    /// Every node's member test (nil for most), names numbered across the graph by their
    /// bytes, as members are found (as `String`s, canonically equivalent names such as é
    /// and e with a combining accent would be one name). A graph tests a few names.
    static func all(in nodes: [SchemaNode], _ scalarShortcuts: [ScalarShortcut?]) -> [MemberTest?] {
        var names: [String] = []
        return nodes.indices.map { id in
            guard let name = testedName(nodes[id], scalarShortcuts) else { return nil }
            let nameID = names.firstIndex { $0.utf8.elementsEqual(name.utf8) } ?? names.count
            if nameID == names.count { names.append(name) }
            return MemberTest(id, nodes[id], nameID: nameID, scalarShortcuts, nodes)
        }
    }

    private init(_ id: Int, _ node: SchemaNode, nameID: Int, _ scalarShortcuts: [ScalarShortcut?], _ nodes: [SchemaNode]) {
        self.node = id
        self.nameID = nameID
        required = !node.object.required.isEmpty
        types = node.types ?? Self.anyType
        property = node.object.properties[0].flatMap { scalarShortcuts[$0.node] }
        constKey = property.flatMap { Self.constKey($0, nodes) }
    }

    /// The key of the one short string a scalar shortcut allows, if that is all it checks.
    private static func constKey(_ shortcut: ScalarShortcut, _ nodes: [SchemaNode]) -> ByteKey? {
        guard shortcut.checksStringValues, shortcut.stringNode >= 0, shortcut.types.contains(.string) else { return nil }
        let node = nodes[shortcut.stringNode]
        guard node.enumStrings == nil, !node.hasString, let constant = node.constString else { return nil }
        let key = Array(constant.utf8).withUnsafeBufferPointer { ByteKey($0) }
        return key.isWhole ? key : nil
    }

    /// The name a node tests when it is a member test, else nil: its only keywords with an
    /// effect are `type` (allowing objects), `required` and `properties` of that one name,
    /// whose schema (if any) has a scalar shortcut.
    private static func testedName(_ node: SchemaNode, _ scalarShortcuts: [ScalarShortcut?]) -> String? {
        let o = node.object
        guard node.form == .checks, node.hasObject, !node.hasNumeric, !node.hasString, !node.hasArray,
              node.enumValues == nil, node.constValue == nil, node.types?.contains(.object) ?? true,
              node.applicators.isEmpty, node.unevaluatedItems == nil, node.unevaluatedProperties == nil,
              o.names.count == 1, o.dependentRequired.isEmpty, o.dependentSchemas.isEmpty, o.patternProperties.isEmpty,
              o.additionalProperties == nil, o.propertyNamesSchema == nil, o.minProperties == nil, o.maxProperties == nil
        else { return nil }
        if let edge = o.properties[0], scalarShortcuts[edge.node] == nil { return nil }
        return o.names.names[0]
    }
}

/// An `allOf` member that is nothing but `if`/`then`/`else`, whose `if` is a member test:
/// quietly, the `if` is answered by the test (the look for the member shared with the
/// other such members) and only the branch that applies is evaluated.
struct MemberConditional: Sendable {
    let test: MemberTest
    let then: Edge?
    let otherwise: Edge?

    /// Per `edgeLists` entry: the member conditional, for members of an `allOf`.
    static func all(
        in nodes: [SchemaNode], edgeLists: [Edge], applicators: [InPlaceApplicator], _ memberTests: [MemberTest?]
    ) -> [MemberConditional?] {
        var out = [MemberConditional?](repeating: nil, count: edgeLists.count)
        for applicator in applicators {
            guard case .allOf(let range) = applicator else { continue }
            for k in range { out[k] = MemberConditional(nodes[edgeLists[k].node], applicators, memberTests) }
        }
        return out
    }

    private init?(_ node: SchemaNode, _ applicators: [InPlaceApplicator], _ memberTests: [MemberTest?]) {
        guard node.form == .checks, node.types == nil, node.enumValues == nil, node.constValue == nil,
              !node.hasNumeric, !node.hasString, !node.hasArray, !node.hasObject,
              node.unevaluatedItems == nil, node.unevaluatedProperties == nil, node.applicators.count == 1,
              case .conditional(let condition, let then, let otherwise) = applicators[node.applicators.lowerBound],
              let test = memberTests[condition.node]
        else { return nil }
        self.test = test
        self.then = then
        self.otherwise = otherwise
    }
}
