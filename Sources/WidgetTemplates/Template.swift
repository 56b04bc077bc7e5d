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
public struct Template: Sendable, Hashable {
    /// The template text as written.
    public let source: String
    /// Every name used, in source order (closing tags are not listed).
    public let references: [TemplateReference]
    /// True when the whole template is one interpolation tag, so it renders typed.
    public let isLoneTag: Bool

    private let ops: [TemplateOp]
    /// The whole output when the template has no tags.
    private let constantText: String?
    /// Stack bytes for rendering: a guess at the text's size, bounded to what
    /// `withUnsafeTemporaryAllocation` keeps on the stack without checks.
    private let stackBytes: Int

    /// Compiles a template; bad syntax throws a positioned `TemplateError`.
    public init(_ source: String) throws(TemplateError) {
        let result = try TemplateParser.parse(source)
        self.source = source
        references = result.references
        isLoneTag = result.isLoneTag
        ops = result.ops
        constantText = result.references.isEmpty ? Self.joinedText(source, result.ops) : nil
        stackBytes = min(max(result.literalBytes + 16 * result.tagCount, 64), 1024)
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
    public var loneTag: TemplateReference? { isLoneTag ? references.first : nil }

    /// True when the template has no tags (comments aside): it always renders its text.
    public var isConstant: Bool { references.isEmpty }

    public static func == (a: Template, b: Template) -> Bool { a.source == b.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }

    // MARK: Rendering

    /// Renders against a context: the lone tag's typed value, or a `.string`.
    public func render(_ context: some TemplateScope) -> JSONValue {
        var missing: [String] = []
        return render(context, tracking: false, missing: &missing)
    }

    /// Renders and appends to `missing` each variable tag's name that did not
    /// resolve (as written, once each; names already in the array are not added
    /// again). Section and inverted-section names are not reported: they test
    /// presence, so `{{#title}}` over a record without a title is normal.
    public func render(_ context: some TemplateScope, missing: inout [String]) -> JSONValue {
        render(context, tracking: true, missing: &missing)
    }

    /// Renders to text (a lone tag's value as text).
    public func renderString(_ context: some TemplateScope) -> String {
        var missing: [String] = []
        return renderString(context, tracking: false, missing: &missing)
    }

    /// Renders to text and reports missing names as `render(_:missing:)` does.
    public func renderString(_ context: some TemplateScope, missing: inout [String]) -> String {
        renderString(context, tracking: true, missing: &missing)
    }

    private func render<Scope: TemplateScope>(_ context: Scope, tracking: Bool, missing: inout [String]) -> JSONValue {
        if isLoneTag, let reference = references.first {
            var renderer = TemplateRenderer(tracking: tracking)
            guard let value = renderer.resolve(reference, context) else {
                renderer.noteMissing(reference)
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
        if let constantText { return constantText }
        var renderer = TemplateRenderer(tracking: tracking)
        var sourceText = source  // native, so contiguous: no copy
        let text = sourceText.withUTF8 { sourceBytes in
            TemplateOutput.render(stackBytes: stackBytes) { out in
                ops.withUnsafeBufferPointer { ops in
                    references.withUnsafeBufferPointer { references in
                        let tables = TemplateRenderer.Tables(ops: ops, source: sourceBytes, references: references)
                        renderer.run(tables, context, 0..<ops.count, into: &out)
                    }
                }
            }
        }
        renderer.report(into: &missing)
        return text
    }
}
