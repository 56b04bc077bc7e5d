import WidgetSupport

/// One name a template uses, with where it is and which sections enclose it,
/// so the compiler can check it against the variables a widget has.
package struct TemplateReference: Sendable, Hashable {
    /// How the name is used.
    package enum Kind: Sendable, Hashable {
        /// `{{name}}`, `{{{name}}}` or `{{& name}}`.
        case variable
        /// `{{#name}}`: pushes the value (or each element of a list) as a context.
        case section
        /// `{{^name}}`: renders only when the value is falsey or missing; pushes nothing.
        case invertedSection
    }

    /// A section around the reference.
    package struct EnclosingSection: Sendable, Hashable {
        package var name: String
        /// Inverted sections push no context, so names inside them never resolve in their value.
        package var isInverted: Bool

        package init(name: String, isInverted: Bool) {
            self.name = name
            self.isInverted = isInverted
        }
    }

    /// The name as written, e.g. `data.weather.temp`; `.` for the implicit iterator.
    package var name: String
    /// The dotted components; empty for the implicit iterator.
    package var components: [String]
    package var kind: Kind
    /// Position of the name's first character within the template (scalars, 1-based line/column).
    package var offset: Int
    package var line: Int
    package var column: Int
    /// The name's length in Unicode scalars (for underlining).
    package var length: Int
    /// The enclosing sections, outermost first.
    package var sections: [EnclosingSection]
    /// The format of `{{name | format}}` as written (`time`), nil without one: the value is
    /// shown as the scope's formats show it (`TemplateScope.format`).
    package var format: String?
    /// Where the format's name starts within the template (Unicode scalars), when there is one.
    package var formatOffset: Int

    package init(
        name: String, components: [String], kind: Kind, offset: Int, line: Int, column: Int, length: Int,
        sections: [EnclosingSection], format: String? = nil, formatOffset: Int = 0
    ) {
        self.format = format
        self.formatOffset = formatOffset
        self.name = name
        self.components = components
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
        self.length = length
        self.sections = sections
    }

    package var isImplicitIterator: Bool { components.isEmpty }

    /// The name's position as a `SourceLocation` relative to the template's start.
    package var location: SourceLocation { SourceLocation(line: line, column: column) }

    /// The enclosing sections' names, outermost first.
    package var sectionNames: [String] { sections.map(\.name) }
}
