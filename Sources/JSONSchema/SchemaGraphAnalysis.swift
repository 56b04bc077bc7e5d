/// Whole-graph facts computed once after compiling.
enum SchemaGraphAnalysis {
    /// Schemas applied to the same instance as `node` (the edges that consume no input).
    static func inPlaceEdges(of node: SchemaNode, in graph: SchemaGraph) -> [Int] {
        var out: [Int] = []
        for applicator in graph.applicators[node.applicators] {
            switch applicator {
            case .ref(let e), .dynamicRef(let e, _), .not(let e): out.append(e.node)
            case .allOf(let r), .anyOf(let r), .oneOf(let r): out += graph.edgeLists[r].map(\.node)
            case .conditional(let i, let t, let e): out += [i.node] + [t, e].compactMap { $0?.node }
            }
        }
        out += node.object.dependentSchemas.map(\.edge.node)
        return out
    }

    /// A node on a cycle of in-place edges (which would make evaluation loop forever), or nil.
    static func inPlaceCycle(in graph: SchemaGraph) -> Int? {
        // 0 unvisited, 1 on the current path, 2 done. Iterative, since graphs can be deep.
        var state = [UInt8](repeating: 0, count: graph.nodes.count)
        for start in graph.nodes.indices where state[start] == 0 {
            var stack: [(node: Int, edges: [Int], next: Int)] = [(start, inPlaceEdges(of: graph.nodes[start], in: graph), 0)]
            state[start] = 1
            while !stack.isEmpty {
                let top = stack.count - 1
                if stack[top].next < stack[top].edges.count {
                    let child = stack[top].edges[stack[top].next]
                    stack[top].next += 1
                    if state[child] == 1 { return child }
                    if state[child] == 0 {
                        state[child] = 1
                        stack.append((child, inPlaceEdges(of: graph.nodes[child], in: graph), 0))
                    }
                } else {
                    state[stack[top].node] = 2
                    stack.removeLast()
                }
            }
        }
        return nil
    }

    /// Marks the alternatives of every `anyOf`/`oneOf`, and what they apply in place, as
    /// nodes that check required names before walking members.
    static func markAlternatives(_ graph: SchemaGraph) {
        var stack: [Int] = []
        for applicator in graph.applicators {
            switch applicator {
            case .anyOf(let r), .oneOf(let r): stack += graph.edgeLists[r].map(\.node)
            default: break
            }
        }
        while let id = stack.popLast() {
            let node = graph.nodes[id]
            guard !node.triesRequiredFirst else { continue }
            node.triesRequiredFirst = true
            stack += inPlaceEdges(of: node, in: graph)
        }
    }

    /// For each node with `unevaluatedProperties`: the `properties` names of the node and of
    /// every schema applied in place (through `$ref`, `allOf`, `if`, ...), in order met.
    static func fillKnownPropertyNames(_ graph: SchemaGraph) {
        for (start, node) in graph.nodes.enumerated() where node.unevaluatedProperties != nil {
            var seen = Set<Int>(), names: [String] = [], nameSet = Set<String>()
            var stack = [start]
            while let id = stack.popLast() {
                guard seen.insert(id).inserted else { continue }
                let current = graph.nodes[id]
                for name in current.object.propertyNames where nameSet.insert(name).inserted {
                    names.append(name)
                }
                stack += inPlaceEdges(of: current, in: graph).reversed()
            }
            node.knownPropertyNames = names
        }
    }
}
