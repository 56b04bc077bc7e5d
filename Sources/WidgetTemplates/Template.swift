import WidgetSupport

/// A compiled Mustache template: parsed once, rendered many times.
///
/// Supported: interpolation (`{{x}}`, `{{{x}}}`, `{{& x}}`, all inserting text
/// without HTML escaping), sections, inverted sections, comments, dotted names,
/// the implicit iterator `{{.}}` and the spec's standalone-line rules. Partials,
/// lambdas, delimiter changes and inheritance are refused when compiling.
///
/// Rendering rules:
/// - A template that is exactly one interpolation tag (`"{{progress}}"`) renders
///   to the value with its JSON type; a missing name then gives `.string("")`.
///   Anything else renders to a `.string`.
/// - Falsey section values are `false`, `null`, `[]` and `""` (an empty string
///   means "no value", as in `{{#title}}…{{/title}}`); `0` and `{}` are truthy.
/// - Values are inserted as text once and never rendered as templates again.
package struct Template: Sendable, Hashable {
    /// Everything compiled, behind one reference: content fields hold templates,
    /// and a copy then costs one reference count instead of one per buffer.
    private final class Program: Sendable {
        let source: String
        /// The source's UTF-8, which text ops point into.
        let sourceBytes: [UInt8]
        let references: [TemplateReference]
        /// Each reference's components (what rendering reads).
        let paths: [[String]]
        let isLoneTag: Bool
        let ops: [TemplateOp]
        /// The whole output when the template has no tags.
        let constantText: String?
        /// Stack bytes for rendering: a guess at the text's size, bounded to what
        /// `withUnsafeTemporaryAllocation` keeps on the stack without checks.
        let stackBytes: Int

        init(source: String, result: TemplateParser.Result) {
            self.source = source
            sourceBytes = Array(source.utf8)
            references = result.references
            paths = result.references.map(\.components)
            isLoneTag = result.isLoneTag
            ops = result.ops
            constantText = result.references.isEmpty ? Template.joinedText(source, result.ops) : nil
            stackBytes = min(max(result.literalBytes + 16 * result.tagCount, 64), 1024)
        }
    }

    private let program: Program

    /// The template text as written.
    package var source: String { program.source }
    /// Every name used, in source order (closing tags are not listed).
    package var references: [TemplateReference] { program.references }
    /// True when the whole template is one interpolation tag, so it renders typed.
    package var isLoneTag: Bool { program.isLoneTag }

    /// Compiles a template; bad syntax throws a positioned `TemplateError`.
    package init(_ source: String) throws(TemplateError) {
        program = Program(source: source, result: try TemplateParser.parse(source))
    }

    /// The text ops of a template without tags, one after another.
    private static func joinedText(_ source: String, _ ops: [TemplateOp]) -> String {
        var text = source
        return text.withUTF8 { bytes in
            var joined: [UInt8] = []
            for op in ops where op.kind == .text { joined += bytes[op.operand..<op.end] }
            return String(decoding: joined, as: UTF8.self)
        }
    }

    /// The lone tag's reference, when the template is one interpolation tag.
    package var loneTag: TemplateReference? { isLoneTag ? references.first : nil }

    /// The template as text, one interpolation tag, text (`tutorials://tip/{{index}}`): what it
    /// renders is `prefix`, the tag's value as text, `suffix`. nil for anything else (sections,
    /// two tags), and when the texts leave too little room under `maxRenderedBytes` for any value
    /// the caller might put between them (a 64-bit integer's 20 bytes).
    package var textAroundOneTag: (prefix: String, tag: TemplateReference, suffix: String)? {
        let program = self.program
        guard program.references.count == 1, program.ops.count <= 3 else { return nil }
        var prefix: [UInt8] = []
        var suffix: [UInt8] = []
        var seenTag = false
        for op in program.ops {
            switch op.kind {
            case .text:
                if seenTag { suffix += program.sourceBytes[op.operand..<op.end] } else { prefix += program.sourceBytes[op.operand..<op.end] }
            case .variable:
                guard !seenTag else { return nil }
                seenTag = true
            case .section, .invertedSection, .formattedVariable:
                return nil
            }
        }
        guard seenTag, prefix.count + suffix.count + 20 <= Self.maxRenderedBytes else { return nil }
        return (String(decoding: prefix, as: UTF8.self), program.references[0], String(decoding: suffix, as: UTF8.self))
    }

    /// True when the template has no tags (comments aside): it always renders its text.
    package var isConstant: Bool { program.references.isEmpty }

    package static func == (a: Template, b: Template) -> Bool { a.source == b.source }
    package func hash(into hasher: inout Hasher) { hasher.combine(source) }

    // MARK: Rendering

    /// The most bytes a rendered value has: rendering stops past it, and the text then has
    /// `maxRenderedBytes + 1` bytes (a widget shows far less; nested sections over one list
    /// made a single value grow past 2 GB).
    package static let maxRenderedBytes = 256 << 10
    /// The most section items one render enters (nested sections multiply them: five over
    /// 64 items are 64⁵); rendering stops past it with what it wrote.
    package static let maxSectionItems = 100_000

    /// Whether a rendered value reached the bound (and was cut).
    package static func wasCut(_ value: JSONValue) -> Bool {
        if case .string(let s) = value { return s.utf8.count > maxRenderedBytes }
        return false
    }

    /// Whether any string in `value` reached the bound (`wasCut`), in arrays and objects too.
    package static func anyCut(_ value: JSONValue) -> Bool {
        switch value {
        case .string: wasCut(value)
        case .array(let items): items.contains(where: anyCut)
        case .object(let o): o.contains { anyCut($0.1) }
        default: false
        }
    }

    /// Renders against a context: the lone tag's typed value, or a `.string`.
    package func render(_ context: some TemplateScope) -> JSONValue {
        var missing: [String] = []
        return render(context, tracking: false, missing: &missing)
    }

    /// Renders and appends to `missing` each variable tag's name that did not
    /// resolve (as written, once each; names already in the array are not added
    /// again). Section and inverted-section names are not reported: they test
    /// presence, so `{{#title}}` over a record without a title is normal.
    package func render(_ context: some TemplateScope, missing: inout [String]) -> JSONValue {
        render(context, tracking: true, missing: &missing)
    }

    /// Renders to text (a lone tag's value as text).
    package func renderString(_ context: some TemplateScope) -> String {
        var missing: [String] = []
        return renderString(context, tracking: false, missing: &missing)
    }

    /// Renders to text and reports missing names as `render(_:missing:)` does.
    package func renderString(_ context: some TemplateScope, missing: inout [String]) -> String {
        renderString(context, tracking: true, missing: &missing)
    }

    private func render<Scope: TemplateScope>(_ context: Scope, tracking: Bool, missing: inout [String]) -> JSONValue {
        let program = self.program
        if program.isLoneTag, !program.references.isEmpty {
            var renderer = TemplateRenderer(tracking: tracking)
            let value: JSONValue? = renderer.resolve(program.paths[0], context)
            if value == nil { renderer.noteMissing(program.references[0]) }
            guard let value else {
                renderer.report(into: &missing)
                return .string("")
            }
            return value
        }
        return .string(renderString(context, tracking: tracking, missing: &missing))
    }

    private func renderString<Scope: TemplateScope>(_ context: Scope, tracking: Bool, missing: inout [String])
        -> String
    {
        let program = self.program
        if let constantText = program.constantText { return constantText }
        var renderer = TemplateRenderer(tracking: tracking)
        // unsafe buffers (the tables borrowed for the render): -0.6% instructions on the bench/run
        // examples x2, 30 days (callgrind)
        let text = program.sourceBytes.withUnsafeBufferPointer { sourceBytes in
            TemplateOutput.render(stackBytes: program.stackBytes) { out in
                program.ops.withUnsafeBufferPointer { ops in
                    program.references.withUnsafeBufferPointer { references in
                        program.paths.withUnsafeBufferPointer { paths in
                            let tables = TemplateRenderer.Tables(ops: ops, source: sourceBytes, references: references, paths: paths)
                            renderer.run(tables, context, 0..<ops.count, into: &out)
                        }
                    }
                }
            }
        }
        renderer.report(into: &missing)
        return text
    }
}
