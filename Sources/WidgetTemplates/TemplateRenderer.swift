import WidgetSupport

/// Walks compiled ops against Mustache's context stack, writing text into one buffer.
///
/// Not generic itself (so no type metadata is built per render); only the
/// methods that touch the root scope are. Tables are read through unsafe
/// buffers so strings and names are borrowed, not reference-counted, per op: -0.6%
/// instructions on the bench/run examples x2, 30 days (callgrind).
struct TemplateRenderer {
    /// The program's tables, borrowed for the duration of one render.
    struct Tables {
        let ops: UnsafeBufferPointer<TemplateOp>
        /// The template's UTF-8, which text ops point into.
        let source: UnsafeBufferPointer<UInt8>
        let references: UnsafeBufferPointer<TemplateReference>
        /// Each reference's components, apart: resolving reads only these, and a
        /// whole reference would be copied (five reference counts) to read them.
        let paths: UnsafeBufferPointer<[String]>
    }

    /// A value pushed by a section; an object's members are kept apart so
    /// lookups in it read them in place.
    private struct Frame {
        let value: JSONValue
        let keys: [String]
        let values: [JSONValue]
    }

    private let tracking: Bool
    private var frames: [Frame] = []
    private var missing: [String] = []

    init(tracking: Bool) {
        self.tracking = tracking
    }

    mutating func run<Scope: TemplateScope>(
        _ tables: Tables, _ root: borrowing Scope, _ range: Range<Int>, into out: inout TemplateOutput
    ) {
        var i = range.lowerBound
        while i < range.upperBound, !out.isFull {
            let op = tables.ops[i]
            switch op.kind {
            case .text:
                out.append(UnsafeBufferPointer(rebasing: tables.source[op.operand..<op.end]))
                i += 1
            case .variable:
                if let value = resolve(tables.paths[op.operand], root) {
                    out.append(value)
                } else {
                    noteMissing(tables.references[op.operand])
                }
                i += 1
            case .formattedVariable:
                if let value = resolve(tables.paths[op.operand], root) {
                    // Rare: the reference is read only here. A value the scope cannot format shows as it is.
                    let reference = tables.references[op.operand]
                    if let text = root.format(value, reference) { out.append(text) } else { out.append(value) }
                } else {
                    noteMissing(tables.references[op.operand])
                }
                i += 1
            case .invertedSection:
                if resolve(tables.paths[op.operand], root)?.isTemplateFalsey ?? true {
                    run(tables, root, (i + 1)..<op.end, into: &out)
                }
                i = op.end
            case .section:
                if let value = resolve(tables.paths[op.operand], root), !value.isTemplateFalsey {
                    let body = (i + 1)..<op.end
                    if case .array(let items) = value {
                        for item in items.prefix(root.sectionItemLimit ?? items.count) {
                            guard out.enterItem() else { break }
                            runPushing(item, tables, root, body, into: &out)
                        }
                    } else if out.enterItem() {
                        runPushing(value, tables, root, body, into: &out)
                    }
                }
                i = op.end
            }
        }
    }

    private mutating func runPushing<Scope: TemplateScope>(
        _ value: JSONValue, _ tables: Tables, _ root: borrowing Scope, _ body: Range<Int>,
        into out: inout TemplateOutput
    ) {
        if case .object(let members) = value {
            frames.append(Frame(value: value, keys: members.keys, values: members.values))
        } else {
            frames.append(Frame(value: value, keys: [], values: []))
        }
        run(tables, root, body, into: &out)
        frames.removeLast()
    }

    /// Mustache's name resolution: the first component in the innermost context
    /// that has it, then the remaining components inside that value only.
    mutating func resolve<Scope: TemplateScope>(_ components: borrowing [String], _ root: borrowing Scope) -> JSONValue? {
        if components.isEmpty {
            if let top = frames.last { return top.value }
            return root.implicitValue
        }
        if !frames.isEmpty, let hit = frameHit(components[0]) {
            return Self.descend(frames[hit.frame].values[hit.member], components, from: 1)
        }
        return root.lookup(path: components)
    }

    /// Records a variable that did not resolve. Section tags are not recorded:
    /// they test presence, so an absent value there is a normal outcome.
    mutating func noteMissing(_ path: borrowing TemplateReference) {
        if tracking, !path.isImplicitIterator, !missing.contains(path.name) { missing.append(path.name) }
    }

    private func frameHit(_ name: String) -> (frame: Int, member: Int)? {
        var f = frames.count
        while f > 0 {
            f -= 1
            if let member = Self.position(of: name, in: frames[f].keys) { return (f, member) }
        }
        return nil
    }

    private static func position(of key: String, in keys: borrowing [String]) -> Int? {
        var k = 0
        let count = keys.count
        while k < count {
            if keys[k] == key { return k }
            k += 1
        }
        return nil
    }

    /// Follows `components[start...]` through object members and (with canonical
    /// decimal indices) array elements. Iterative, so a long name cannot exhaust the stack.
    static func descend(_ value: borrowing JSONValue, _ components: borrowing [String], from start: Int) -> JSONValue? {
        let hops = components.count - start
        guard hops > 0 else { return copy value }
        if hops == 1 { return step(value, components[start]) }
        if hops <= 3 {
            switch objectHops(value, components, start, hops) {
            case .found(let found): return found
            case .absent: return nil
            case .otherShape: break
            }
        }
        guard var current = step(value, components[start]) else { return nil }
        var i = start + 1
        while i < components.count {
            guard let next = step(current, components[i]) else { return nil }
            current = next
            i += 1
        }
        return current
    }

    private enum Hops {
        case found(JSONValue)
        case absent
        /// An array, a scalar or a large object on the way: take the general path.
        case otherShape
    }

    /// Two or three hops through small objects (the usual `data.weather.temp`).
    /// Nested switches borrow each intermediate object in place; a call per hop
    /// would copy it, and a copy costs a reference count per member array.
    private static func objectHops(
        _ value: borrowing JSONValue, _ components: borrowing [String], _ start: Int, _ hops: Int
    ) -> Hops {
        switch value {
        case .object(let first) where first.keys.count <= 16:
            guard let k1 = position(of: components[start], in: first.keys) else { return .absent }
            return objectHops(after: first.values[k1], components, start, hops)
        default:
            return .otherShape
        }
    }

    private static func objectHops(
        after firstValue: borrowing JSONValue, _ components: borrowing [String], _ start: Int, _ hops: Int
    ) -> Hops {
        switch firstValue {
        case .object(let second) where second.keys.count <= 16:
            guard let k2 = position(of: components[start + 1], in: second.keys) else { return .absent }
            if hops == 2 { return .found(second.values[k2]) }
            switch second.values[k2] {
            case .object(let third) where third.keys.count <= 16:
                guard let k3 = position(of: components[start + 2], in: third.keys) else { return .absent }
                return .found(third.values[k3])
            default:
                return .otherShape
            }
        default:
            return .otherShape
        }
    }

    private static func step(_ value: borrowing JSONValue, _ key: String) -> JSONValue? {
        switch value {
        case .object(let members):
            // Large objects have a hash index behind the subscript; small ones are scanned in place.
            if members.count > 16 { return members[key] }
            guard let k = position(of: key, in: members.keys) else { return nil }
            return members.values[k]
        case .array(let items):
            guard let k = arrayIndex(key), k < items.count else { return nil }
            return items[k]
        default:
            return nil
        }
    }

    /// A canonical decimal index (`0`, `12`; not `01` or `+1`).
    private static func arrayIndex(_ component: String) -> Int? {
        let utf8 = component.utf8
        guard let first = utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return nil }
        guard first != UInt8(ascii: "0") || utf8.count == 1 else { return nil }
        return Int(component)
    }

    func report(into list: inout [String]) {
        for name in missing where !list.contains(name) { list.append(name) }
    }
}
