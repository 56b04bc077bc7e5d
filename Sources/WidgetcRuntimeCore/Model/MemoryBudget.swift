/// What a reload may hold in memory: a widget extension is ended by iOS near 30 MB, SwiftUI,
/// WidgetKit and the app's own views included, so the runtime's data is bounded well below
/// that. The figures behind each limit are in docs/memory-budget.md; `bench/memory-budget`
/// measures the largest data they allow.
public enum MemoryBudget {
    /// The memory at which iOS ends a widget extension (Apple publishes no figure; 30 MB is
    /// what extensions are observed to be killed near).
    public static let extensionBytes = 30 << 20
    /// One container file: parsed JSON costs about ten times its text in memory at its peak
    /// (bench/memory-budget: a 1 MiB file, +9.4 MiB).
    public static let fileBytes = 1 << 20
    /// One URL source's answer (its whole body), as a file.
    public static let bodyBytes = 1 << 20
    /// Every container file and answer of one reload together: about 20 MiB at the peak, the
    /// rest of the 30 MB being the extension's frameworks and views.
    public static let reloadBytes = 2 << 20

    /// The most list items a `foreach` or a template section shows in a family: a few times
    /// what the family can display, so that a long list costs a bounded face.
    public static func listItems(_ family: String) -> Int {
        WidgetFamily(rawValue: family).map(listItems) ?? 6
    }

    /// The same by the family's case: each reload asks, and matching its name cost ~150
    /// instructions (callgrind).
    package static func listItems(_ family: WidgetFamily) -> Int {
        switch family {
        case .systemSmall, .systemMedium: 10
        case .systemLarge: 20
        case .systemExtraLarge: 30
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: 6
        }
    }
}
