import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport

@testable import WidgetCEL

/// Runs cel-spec's conformance files (`../shared/conformance/cel-spec/*.json`): per file, the
/// tests passed, failed and skipped (by reason). A failure in a claimed file fails the test;
/// the other files are reported only.
@Suite("CEL conformance")
struct ConformanceTests {
    /// The files whose every test that does not need protobuf must pass.
    static let claimed = [
        "basic", "comparisons", "conversions", "fp_math", "integer_math", "lists", "logic", "macros", "macros2", "parse",
        "plumbing", "string", "string_ext", "math_ext", "timestamps", "encoders_ext", "bindings_ext", "fields",
    ]
    /// Files run and reported, not claimed.
    static let reported = ["namespace", "optionals", "type_deduction", "dynamic"]

    /// Tests of claimed files deliberately not supported: "file/section/test" -> why.
    static let unsupported: [String: String] = [:]

    struct Outcome {
        var passed = 0
        var failed: [String] = []
        var skipped: [String: [String]] = [:]  // reason -> tests
        var total: Int { passed + failed.count + skipped.values.reduce(0) { $0 + $1.count } }
    }

    @Test(.conformance("cel-spec", files: claimed.map { $0 + ".json" }))
    func claimedFilesPass() throws {
        let folder = try Conformance.folder("cel-spec")
        var failures = 0
        var lines: [String] = []
        for name in Self.claimed + Self.reported {
            let url = folder.appendingPathComponent(name + ".json")
            guard let text = try? String(contentsOf: url, encoding: .utf8), let file = try? JSONReader.parse(text).json else {
                if Self.claimed.contains(name) { Issue.record("\(name).json unreadable") }
                continue
            }
            let outcome = Self.run(file, name: name)
            let skippedCount = outcome.total - outcome.passed - outcome.failed.count
            lines.append("\(name): \(outcome.passed)/\(outcome.total) passed, \(outcome.failed.count) failed, \(skippedCount) skipped\(Self.claimed.contains(name) ? "" : " (not claimed)")")
            for (reason, tests) in outcome.skipped.sorted(by: { $0.key < $1.key }) {
                lines.append("  skipped \(tests.count): \(reason)\(tests.count <= 12 ? ": " + tests.joined(separator: ", ") : "")")
            }
            if Self.claimed.contains(name) {
                failures += outcome.failed.count
                for f in outcome.failed { lines.append("  FAILED \(f)") }
            } else {
                for f in outcome.failed.prefix(80) { lines.append("  not passed: \(f)") }
            }
        }
        print("CEL conformance (cel-spec):\n" + lines.joined(separator: "\n"))
        #expect(failures == 0, "\(failures) tests of claimed files failed")
    }

    @Test(.conformanceMissingUnderCI("cel-spec", files: claimed.map { $0 + ".json" }))
    func suiteIsPresentUnderCI() {
        Issue.record("cel-spec conformance files are missing under CI: \(Conformance.missing("cel-spec", files: Self.claimed.map { $0 + ".json" }) ?? "")")
    }

    static func run(_ file: JSONValue, name fileName: String) -> Outcome {
        var outcome = Outcome()
        for section in file["sections"]?.array ?? [] {
            let sectionName = section["name"]?.string ?? "?"
            for (n, test) in (section["tests"]?.array ?? []).enumerated() {
                let id = "\(fileName)/\(sectionName)/\(test["name"]?.string ?? "#\(n)")"
                if let reason = unsupported[id] {
                    outcome.skipped["not supported: " + reason, default: []].append(id)
                    continue
                }
                switch runOne(test) {
                case .passed: outcome.passed += 1
                case .failed(let why): outcome.failed.append("\(id): \(why)")
                case .skipped(let reason): outcome.skipped[reason, default: []].append(id)
                }
            }
        }
        return outcome
    }

    enum Result { case passed, failed(String), skipped(String) }

    static func runOne(_ test: JSONValue) -> Result {
        let expr = test["expr"]?.string ?? ""
        if test["needsProto"]?.bool == true { return .skipped("needs protobuf messages (no protobuf in widget data)") }
        if test["checkOnly"]?.bool == true { return .skipped("check-only (deduced type not compared)") }
        if let container = test["container"]?.string, !container.isEmpty { return .skipped("containers (namespaced names) not supported") }
        var env = CELEnvironment()
        env.parserOptions.macros = !(test["disableMacros"]?.bool ?? false)
        for decl in test["typeEnv"]?.array ?? [] {
            guard decl["kind"]?.string == "ident" else { return .skipped("declares functions without implementations") }
            guard let name = decl["name"]?.string, let typeText = decl["type"]?.string, let type = CELType.parse(typeText) else {
                return .skipped("declared type not supported")
            }
            env.variables[name] = type
        }
        var bindings: [String: CELValue] = [:]
        for (name, value) in test["bindings"]?.object ?? JSONObject() {
            guard let v = celValue(value) else { return .skipped("binding of an unsupported kind") }
            bindings[name] = v
        }
        let expect = test["expect"] ?? .null
        let wantsError = expect["error"]?.bool == true
        let program: CELProgram
        do {
            if test["disableCheck"]?.bool == true {
                program = try CELProgram.compileUnchecked(expr, variables: Set(bindings.keys), env: env)
            } else {
                program = try CELProgram.compile(expr, env: env)
            }
        } catch {
            return wantsError ? .passed : .failed("compile error: \(error.errors.map(\.message).joined(separator: "; "))")
        }
        let result: Swift.Result<CELValue, CELError>
        do { result = .success(try program.evaluate(bindings)) } catch { result = .failure(error) }
        switch result {
        case .failure(let error):
            return wantsError ? .passed : .failed("error: \(error.message)")
        case .success(let value):
            if wantsError { return .failed("expected an error, got \(CELFormat.literal(value))") }
            guard let want = expect["value"].flatMap(celValue) else { return .skipped("expected value of an unsupported kind") }
            return same(value, want) ? .passed : .failed("got \(CELFormat.literal(value)) (\(value.kindName)), want \(CELFormat.literal(want)) (\(want.kindName))")
        }
    }

    /// Conformance equality: kinds must match, NaN matches NaN, maps ignore order.
    static func same(_ a: CELValue, _ b: CELValue) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x == y
        case (.uint(let x), .uint(let y)): return x == y
        case (.double(let x), .double(let y)): return (x.isNaN && y.isNaN) || (x == y && x.sign == y.sign)
        case (.list(let x), .list(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.map(let x), .map(let y)):
            guard x.count == y.count else { return false }
            for (k, v) in x {
                guard let w = y[k], same(k, y.keys[y.keys.firstIndex(where: { CELValue.celEqual($0, k) })!]), same(v, w) else { return false }
            }
            return true
        case (.int, _), (.uint, _), (.double, _): return false
        default: return CELValue.celEqual(a, b)
        }
    }

    /// A VALUE of the conformance format.
    static func celValue(_ json: JSONValue) -> CELValue? {
        guard case .object(let o) = json, let (kind, v) = o.first(where: { _ in true }) else { return nil }
        switch kind {
        case "int": return v.string.flatMap { Int64($0) }.map(CELValue.int)
        case "uint": return v.string.flatMap { UInt64($0) }.map(CELValue.uint)
        case "double":
            switch v {
            case .string("NaN"): return .double(.nan)
            case .string("Infinity"): return .double(.infinity)
            case .string("-Infinity"): return .double(-.infinity)
            default: return v.number.map(CELValue.double)
            }
        case "string": return v.string.map(CELValue.string)
        case "bytes": return v.string.flatMap(Base64.decode).map(CELValue.bytes)
        case "bool": return v.bool.map(CELValue.bool)
        case "null": return .null
        case "list":
            var items: [CELValue] = []
            for item in v.array ?? [] {
                guard let c = celValue(item) else { return nil }
                items.append(c)
            }
            return .list(items)
        case "map":
            var m = CELMap()
            for pair in v.array ?? [] {
                guard let p = pair.array, p.count == 2, let k = celValue(p[0]), let val = celValue(p[1]) else { return nil }
                m.insert(k, val)
            }
            return .map(m)
        case "type": return v.string.map(CELValue.type)
        case "timestamp": return v.string.flatMap { CELTimestamp.parse($0) ?? nil }.map(CELValue.timestamp)
        case "duration": return v.string.flatMap { CELDuration.parse($0) ?? nil }.map(CELValue.duration)
        default: return nil
        }
    }
}
