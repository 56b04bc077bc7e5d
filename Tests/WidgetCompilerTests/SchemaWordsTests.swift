import Testing
import WidgetSupport
import WidgetTestSupport

@testable import WidgetCompiler

/// Every `pattern` and `enum` of `schemas/*.json`, and the other keywords a document can
/// fail there, read in words: each is reached by a document with a bad value at that place
/// (found by walking the schema), and the message that value gets is checked: the value
/// quoted, words, no piece of a regular expression, no bare keyword.
@Suite struct SchemaWordsTests {
    /// One step from a schema into the instance.
    enum Step: Equatable {
        case key(String)
        case index
        /// The member's name itself (`propertyNames`): the bad value is a key.
        case name
    }

    /// A place in an instance where a keyword of the schema applies.
    struct Site: CustomStringConvertible {
        let keyword: String
        /// The keyword's location in its schema document (`/$defs/wallTime/pattern`).
        let location: String
        let schema: JSONValue
        let path: [Step]
        /// Values an `if` requires beside the site (`type: duration` for a duration default).
        let conditions: [([Step], JSONValue)]
        var description: String { "\(keyword) at \(location) via \(path)" }
    }

    static let names = ["widget", "app", "scenario"]

    static func schemaDocument(_ name: String) throws -> JSONValue {
        let bytes = try SourceFiles.read(TestPaths.root + "/schemas/\(name).schema.json")
        return try #require(SourceFiles.documents(of: bytes, path: "\(name).schema.json").documents.first).json
    }

    /// A valid document of each schema, to put the bad values in.
    static func base(_ name: String) throws -> JSONValue {
        switch name {
        case "widget":
            return try yaml(TestPaths.root + "/widgets/character.yaml")
        case "app": return try yaml(TestPaths.root + "/widgets/notes-app.yaml")
        default: return [["at": "2026-11-29T10:30:00Z", "reload": "all"]]
        }
    }

    static func yaml(_ path: String) throws -> JSONValue {
        try #require(SourceFiles.documents(of: try SourceFiles.read(path), path: path).documents.first).json
    }

    /// Every place where a keyword applies, by walking the schema from its root through
    /// `$ref`s (each definition once per path), properties, items and alternatives.
    static func sites(of document: JSONValue) -> [Site] {
        var found: [Site] = []
        let recorded = ["pattern", "enum", "type", "const", "minimum", "maximum", "minItems", "minLength", "required", "additionalProperties"]
        func walk(_ schema: JSONValue, _ location: [String], _ path: [Step], _ conditions: [([Step], JSONValue)], _ seen: Set<String>) {
            guard let object = schema.object else { return }
            for keyword in recorded where object[keyword] != nil {
                if keyword == "additionalProperties", object[keyword]?.bool != false { continue }
                found.append(Site(keyword: keyword, location: JSONPointer.string(location + [keyword]), schema: schema, path: path, conditions: conditions))
            }
            if let ref = object["$ref"]?.string, ref.hasPrefix("#/$defs/") {
                let name = String(ref.dropFirst("#/$defs/".count))
                if !seen.contains(name), let target = document["$defs"]?[name] {
                    walk(target, ["$defs", name], path, conditions, seen.union([name]))
                }
            }
            for (key, sub) in object["properties"]?.object ?? JSONObject() {
                walk(sub, location + ["properties", key], path + [.key(key)], conditions, seen)
            }
            if let sub = object["additionalProperties"], sub.object != nil {
                walk(sub, location + ["additionalProperties"], path + [.key("extra")], conditions, seen)
            }
            if let sub = object["propertyNames"] { walk(sub, location + ["propertyNames"], path + [.name], conditions, seen) }
            if let sub = object["items"] { walk(sub, location + ["items"], path + [.index], conditions, seen) }
            for keyword in ["anyOf", "oneOf", "allOf"] {
                for (i, sub) in (object[keyword]?.array ?? []).enumerated() {
                    let here = location + [keyword, String(i)]
                    if let then = sub["then"] {
                        // The `if` holds when its properties have their `const` values.
                        var more = conditions
                        for (key, test) in sub["if"]?["properties"]?.object ?? JSONObject() {
                            if let value = test["const"] { more.append((path + [.key(key)], value)) }
                        }
                        walk(then, here + ["then"], path, more, seen)
                    } else {
                        walk(sub, here, path, conditions, seen)
                    }
                }
            }
        }
        walk(document, [], [], [], [])
        return found
    }

    /// Locations of every `pattern` and `enum` in a schema document (outside `if`s, which report nothing).
    static func patternAndEnumLocations(_ value: JSONValue, _ location: [String] = []) -> Set<String> {
        var found: Set<String> = []
        if let object = value.object {
            for (key, sub) in object {
                if (key == "pattern" || key == "enum") && location.last != "properties" { found.insert(JSONPointer.string(location + [key])) }
                if key != "if" && key != "const" && key != "enum" && key != "default" { found.formUnion(patternAndEnumLocations(sub, location + [key])) }
            }
        } else if let array = value.array {
            for (i, sub) in array.enumerated() { found.formUnion(patternAndEnumLocations(sub, location + [String(i)])) }
        }
        return found
    }

    /// `value` with `new` put at `path` (collections made or replaced on the way); a `.name`
    /// step adds a member named by the string `new`, holding a copy of a sibling member.
    static func put(_ value: JSONValue, _ path: ArraySlice<Step>, _ new: JSONValue) -> JSONValue {
        guard let step = path.first else { return new }
        switch step {
        case .key(let key):
            var object = value.object ?? JSONObject()
            object[key] = put(object[key] ?? .null, path.dropFirst(), new)
            return .object(object)
        case .index:
            var array = value.array ?? []
            if array.isEmpty { array.append(.null) }
            array[0] = put(array[0], path.dropFirst(), new)
            return .array(array)
        case .name:
            var object = value.object ?? JSONObject()
            object[new.string ?? "?"] = object.values.first ?? .object(JSONObject())
            return .object(object)
        }
    }

    static func pointer(_ path: [Step], name: String) -> String {
        JSONPointer.string(path.map { step -> String in
            switch step {
            case .key(let key): key
            case .index: "0"
            case .name: name
            }
        })
    }

    static let badString = "bad value!"

    /// A document failing the site's keyword, the pointer of the value that fails, the value as
    /// messages quote it (nil where a message need not show it) and a suggestion it must make.
    static func mutation(_ site: Site, base: JSONValue) -> (document: JSONValue, pointer: String, shown: String?, suggestion: String?)? {
        var document = base
        for (path, value) in site.conditions { document = put(document, path[...], value) }
        let path = site.path[...]
        let here = pointer(site.path, name: badString)
        let schema = site.schema
        switch site.keyword {
        case "pattern":
            return (put(document, path, .string(badString)), here, "'\(badString)'", nil)
        case "enum":
            guard site.path.last != .name, let first = schema["enum"]?.array?.first?.string, first.count > 2 else { return nil }
            var scalars = Array(first.unicodeScalars)
            scalars.swapAt(1, 2)
            var typo = ""
            typo.unicodeScalars.append(contentsOf: scalars)
            return (put(document, path, .string(typo)), here, "'\(typo)'", first)
        case "type":
            guard site.path.last != .name else { return nil }
            let types = schema["type"]?.array?.compactMap(\.string) ?? [schema["type"]?.string ?? ""]
            let candidates: [(String, JSONValue, String?)] = [
                ("string", .string(badString), "'\(badString)'"), ("integer", 5, "5"), ("boolean", true, "true"), ("array", [1], nil), ("object", ["x": 1], nil),
            ]
            guard let (_, value, shown) = candidates.first(where: { !types.contains($0.0) && !($0.0 == "integer" && types.contains("number")) }) else { return nil }
            return (put(document, path, value), here, shown, nil)
        case "const":
            let value: JSONValue = schema["const"]?.bool.map { .bool(!$0) } ?? .string(badString)
            return (put(document, path, value), here, value.bool.map { String($0) } ?? "'\(badString)'", nil)
        case "minimum":
            guard let bound = schema["minimum"]?.number else { return nil }
            return (put(document, path, .int(Int(bound) - 1)), here, String(Int(bound) - 1), nil)
        case "maximum":
            guard let bound = schema["maximum"]?.number else { return nil }
            return (put(document, path, .int(Int(bound) + 1)), here, String(Int(bound) + 1), nil)
        case "minItems":
            return (put(document, path, []), here, nil, nil)
        case "minLength":
            return (put(document, path, ""), here, "''", nil)
        case "required":
            guard let key = schema["required"]?.array?.first?.string else { return nil }
            var object = document.value(at: site.path.map { if case .key(let k) = $0 { k } else { "0" } })?.object ?? JSONObject()
            object.removeValue(forKey: key)
            return (put(document, path, .object(object)), here, nil, nil)
        case "additionalProperties":
            var object = document.value(at: site.path.map { if case .key(let k) = $0 { k } else { "0" } })?.object ?? JSONObject()
            object["bad key"] = 1
            return (put(document, path, .object(object)), pointer(site.path + [.key("bad key")], name: badString), "'bad key'", nil)
        default:
            return nil
        }
    }

    /// Runs of regular-expression syntax: four characters of a pattern with at least two metacharacters.
    static func regexRuns(_ document: JSONValue) -> Set<String> {
        var patterns: [String] = []
        func collect(_ v: JSONValue) {
            if let object = v.object {
                for (key, sub) in object {
                    if key == "pattern", let p = sub.string { patterns.append(p) } else { collect(sub) }
                }
            } else if let array = v.array {
                array.forEach(collect)
            }
        }
        collect(document)
        let meta = Set("^$[]()*+?{}|\\")
        var runs: Set<String> = []
        for pattern in patterns {
            let characters = Array(pattern)
            for start in characters.indices where start + 4 <= characters.count {
                let run = characters[start..<start + 4]
                if run.filter({ meta.contains($0) }).count >= 2 { runs.insert(String(run)) }
            }
        }
        return runs
    }

    static let keywords: Set<String> = [
        "type", "enum", "const", "pattern", "required", "minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems",
        "additionalProperties", "unevaluatedProperties", "propertyNames", "oneOf", "anyOf", "allOf", "not", "if", "then", "else",
        "false", "uniqueItems", "dependentRequired", "dependentSchemas", "minProperties", "maxProperties", "properties",
    ]

    /// What is wrong with a message, if anything.
    static func problems(_ message: String, runs: Set<String>) -> [String] {
        var found: [String] = []
        if keywords.contains(message) { found.append("is a bare keyword") }
        let words = message.split(whereSeparator: { !$0.isLetter }).filter { $0.count >= 2 }
        if words.count < 3 { found.append("has fewer than 3 words") }
        for run in runs where message.contains(run) { found.append("shows the regex run \(run)") }
        for keyword in ["pattern", "anyOf", "oneOf", "allOf", "allowed forms"] where message.contains(keyword) {
            found.append("names the keyword \(keyword)")
        }
        return found
    }

    static func stage(_ name: String) throws -> SchemaStage {
        switch name {
        case "widget": try BuiltInSchemas.widget()
        case "app": try BuiltInSchemas.app()
        default: try BuiltInSchemas.scenario()
        }
    }

    static func node(_ document: JSONValue) throws -> SourceNode {
        let bytes = Array(JSONWriter.string(document).utf8)
        return try #require(SourceFiles.documents(of: bytes, path: "x.json").documents.first)
    }

    @Test(arguments: names)
    func baseDocumentIsValid(_ name: String) throws {
        #expect(try Self.stage(name).check(Self.node(Self.base(name)), file: "x.json").isEmpty)
    }

    @Test(arguments: names)
    func everyPatternAndEnumIsReached(_ name: String) throws {
        let document = try Self.schemaDocument(name)
        let reached = Set(Self.sites(of: document).map(\.location))
        let all = Self.patternAndEnumLocations(document)
        #expect(!all.isEmpty)
        #expect(all.subtracting(reached).isEmpty, "not reached: \(all.subtracting(reached).sorted())")
    }

    @Test(arguments: names)
    func everyFailingValueGetsWords(_ name: String) throws {
        let document = try Self.schemaDocument(name)
        let runs = Self.regexRuns(document)
        let base = try Self.base(name)
        let stage = try Self.stage(name)
        var checked = Set<String>()
        for site in Self.sites(of: document) {
            guard let (bad, pointer, shown, suggestion) = Self.mutation(site, base: base) else { continue }
            let diagnostics = stage.check(try Self.node(bad), file: "x.json").filter { $0.pointer == pointer }
            if diagnostics.isEmpty {
                // A bound or type the base already fails elsewhere, or a value an alternative accepts,
                // is no miss for these keywords; patterns and enums must fail where they are.
                #expect(!["pattern", "enum"].contains(site.keyword), "\(site): no diagnostic at \(pointer)")
                continue
            }
            checked.insert(site.keyword)
            for d in diagnostics {
                let problems = Self.problems(d.message, runs: runs)
                #expect(problems.isEmpty, "\(site): '\(d.message)' \(problems)")
            }
            if let shown {
                #expect(diagnostics.contains { $0.message.contains(shown) }, "\(site): \(diagnostics.map(\.message)) does not quote \(shown)")
            }
            if let suggestion {
                #expect(diagnostics.contains { $0.message.contains("did you mean '\(suggestion)'?") }, "\(site): \(diagnostics.map(\.message))")
            }
        }
        #expect(checked.isSuperset(of: ["pattern", "type", "required"]), "\(checked)")
    }

    /// The validator's answer (schema and semantic checks merged) reads as words too.
    @Test(arguments: ["widget", "app"])
    func mergedDiagnosticsAreWords(_ name: String) throws {
        let document = try Self.schemaDocument(name)
        let runs = Self.regexRuns(document)
        let base = try Self.base(name)
        let validator = Compilation()
        for site in Self.sites(of: document) where site.keyword == "pattern" || site.keyword == "enum" {
            guard let (bad, pointer, shown, _) = Self.mutation(site, base: base) else { continue }
            let bytes = Array(JSONWriter.string(bad).utf8)
            let diagnostics = validator.validate(bytes: bytes, path: TestPaths.root + "/widgets/x.json").filter { $0.pointer == pointer }
            #expect(!diagnostics.isEmpty, "\(site)")
            for d in diagnostics {
                #expect(Self.problems(d.message, runs: runs).isEmpty, "\(site): '\(d.message)'")
            }
            // A key the mutation adds to a face's element (the schema's element lists every element's
            // keys) meets the view checks first: an element has one element key, or the option is not
            // its element's. Those words name the key rather than the value.
            let addedKey = Self.keyAddedToAFace(site.path, base: base)
            if let shown {
                #expect(diagnostics.contains { $0.message.contains(shown) || addedKey.map($0.message.contains) == true },
                        "\(site): \(diagnostics.map(\.message))")
            }
        }
    }

    /// `'gauge'` when `path` ends in a key that the base's face does not have where the path leads.
    static func keyAddedToAFace(_ path: [Step], base: JSONValue) -> String? {
        guard case .key(let key)? = path.last, case .key(let root)? = path.first,
              ["view", "familyView", "background"].contains(root) else { return nil }
        var value: JSONValue? = base
        for step in path.dropLast() {
            switch step {
            case .key(let k): value = value?[k]
            case .index: value = value?.array?.first
            case .name: return nil
            }
        }
        guard let parent = value, parent.object != nil, parent[key] == nil else { return nil }
        return "'\(key)'"
    }

    @Test func enumsNameTheValueTheChoicesAndTheLikelyOne() throws {
        func messages(_ yaml: String) -> [String] {
            Compilation().validate(bytes: Array(yaml.utf8), path: "x.yaml").map(\.message)
        }
        let widget = "kind: k\ndisplayName: D\ndescription: d\ncontent: { a: 1 }\n"
        #expect(messages(widget + "families: [systemHuge]\ntimeline: { hourly: true }\n") == [
            "unknown family 'systemHuge' (families: systemSmall, systemMedium, systemLarge, systemExtraLarge, accessoryCircular, accessoryRectangular, accessoryInline)"
        ])
        #expect(messages(widget + "families: [systemLrage]\ntimeline: { hourly: true }\n").first?.hasPrefix(
            "unknown family 'systemLrage'; did you mean 'systemLarge'? (families: systemSmall,") == true)
        #expect(messages(widget + "timeline: { hourly: true, policy: atend }\n") == ["unknown policy 'atend'; did you mean 'atEnd'? (policies: atEnd, never)"])
        #expect(messages(widget + "timeline: { hourlyy: true }\n").contains("property 'hourlyy' is not allowed (did you mean 'hourly'?)"))
        #expect(messages(widget + "familes: [systemSmall]\ntimeline: { hourly: true }\n") == ["property 'familes' is not allowed (did you mean 'families'?)"])
        #expect(messages(widget + "timeline: { daily: [{ at: '25:00' }] }\n") == ["'25:00' is not a wall time (HH:MM, 00:00 to 23:59)"])
        #expect(messages(widget + "timeline: { every: 5, maxEntries: many }\n") == [
            "5 is not a duration (such as 15m, 1h30m or PT15M) or a template rendering to one",
            "'many' is not a whole number from 1 to 1000 or a template rendering to one",
        ])
    }

    @Test func pluralsOfTitles() {
        #expect(SchemaWords.plural("family") == "families")
        #expect(SchemaWords.plural("policy") == "policies")
        #expect(SchemaWords.plural("icon type") == "icon types")
        #expect(SchemaWords.plural("day") == "days")
        #expect(SchemaWords.plural("box") == "boxes")
    }
}

@Suite struct FalsePropertyTests {
    /// `values` of an integer parameter is refused by a `false` schema: an unknown key, at the key.
    @Test func aPropertyWhoseSchemaIsFalseIsAnUnknownKey() throws {
        let yaml = "kind: k\ndisplayName: D\ndescription: d\nparameters:\n  n: { type: integer, values: [a] }\ncontent: { a: 1 }\ntimeline: { hourly: true }\n"
        let diagnostics = Compilation().validate(bytes: Array(yaml.utf8), path: "x.yaml")
        #expect(diagnostics.map(\.code.name) == ["unknown-key"])
        #expect(diagnostics.map(\.message) == ["property 'values' is not allowed"])
        #expect(diagnostics.map(\.location) == [SourceLocation(line: 5, column: 23)])
    }
}
