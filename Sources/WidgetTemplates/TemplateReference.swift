import WidgetSupport

/// One name a template uses, with where it is and which sections enclose it,
/// so the compiler can check it against the variables a widget has.
public struct TemplateReference: Sendable, Hashable {
    /// How the name is used.
    public enum Kind: Sendable, Hashable {
        /// `{{name}}`, `{{{name}}}` or `{{& name}}`.
        case variable
        /// `{{#name}}`: pushes the value (or each element of a list) as a context.
        case section
        /// `{{^name}}`: renders only when the value is falsey or missing; pushes nothing.
        case invertedSection
    }

    /// A section around the reference.
    public struct EnclosingSection: Sendable, Hashable {
        public var name: String
        /// Inverted sections push no context, so names inside them never resolve in their value.
        public var isInverted: Bool

        public init(name: String, isInverted: Bool) {
            self.name = name
            self.isInverted = isInverted
        }
    }

    /// The name as written, e.g. `data.weather.temp`; `.` for the implicit iterator.
    public var name: String
    /// The dotted components; empty for the implicit iterator.
    public var components: [String]
    public var kind: Kind
    /// Position of the name's first character within the template (scalars, 1-based line/column).
    public var offset: Int
    public var line: Int
    public var column: Int
    /// The name's length in Unicode scalars (for underlining).
    public var length: Int
    /// The enclosing sections, outermost first.
    public var sections: [EnclosingSection]

    public init(
        name: String, components: [String], kind: Kind, offset: Int, line: Int, column: Int, length: Int,
        sections: [EnclosingSection]
    ) {
        self.name = name
        self.components = components
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
        self.length = length
        self.sections = sections
    }

    public var isImplicitIterator: Bool { components.isEmpty }

    /// The name's position as a `SourceLocation` relative to the template's start.
    public var location: SourceLocation { SourceLocation(line: line, column: column) }

    /// The enclosing sections' names, outermost first.
    public var sectionNames: [String] { sections.map(\.name) }
}
