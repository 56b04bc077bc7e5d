/// A tag's name, split into components once at compile time.
struct TemplatePath: Sendable {
    /// The name as written (trimmed), e.g. `data.weather.temp` or `.`.
    let text: String
    /// The dotted components; empty for the implicit iterator `.`.
    let components: [String]

    var isImplicitIterator: Bool { components.isEmpty }
}
