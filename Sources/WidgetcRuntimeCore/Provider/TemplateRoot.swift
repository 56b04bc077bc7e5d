/// The names a template variable can start with (spec "Templates", Variables): declared
/// once, for the compiler's checks (what a widget may name) and the renderer (what
/// changes from entry to entry), and listed in docs/language-notes.md (a test compares).
package enum TemplateRoot: String, CaseIterable, Sendable {
    case param, data, entry, family, slot, progress, record, index, market
    /// A `schedule`'s items around the entry: the one in force, the first later one, the later ones.
    case current, next, upcoming
    /// The widget's computed values (`let:`, docs/cel.md).
    case `let`
    /// What became of each URL source at this reload: `source.NAME.outcome` and `.fetched`.
    case source

    /// The root as a static word, for tables that match names in place.
    package var word: StaticString {
        switch self {
        case .param: "param"
        case .data: "data"
        case .entry: "entry"
        case .family: "family"
        case .slot: "slot"
        case .progress: "progress"
        case .record: "record"
        case .index: "index"
        case .market: "market"
        case .current: "current"
        case .next: "next"
        case .upcoming: "upcoming"
        case .let: "let"
        case .source: "source"
        }
    }

    /// Whether its value differs between the entries of one timeline (`entry.*` and the
    /// rule's own variables); the others render once per timeline. (`let` varies when
    /// the widget has a let computed per entry: the runtime decides per widget.)
    package var variesPerEntry: Bool {
        switch self {
        case .entry, .slot, .progress, .record, .index, .market, .current, .next, .upcoming: true
        case .param, .data, .family, .let, .source: false
        }
    }

    /// The timeline rule whose variable this root is (nil for roots every widget has).
    package var rule: String? {
        switch self {
        case .slot: "daily"
        case .progress: "progress"
        case .record, .index: "sequence"
        case .market: "market"
        case .current, .next, .upcoming: "schedule"
        case .param, .data, .entry, .family, .let, .source: nil
        }
    }
}
