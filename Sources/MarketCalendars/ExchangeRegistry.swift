/// The exchanges `MarketCalendar.named(_:)` knows. Adding one means adding its
/// description to `descriptions`.
enum ExchangeRegistry {
    static let descriptions: [ExchangeDescription] = [.xnys, .xnas, .xlon, .xtks]

    /// One shared calendar per MIC (so each year is built once per process).
    /// A description that fails its own checks is left out rather than crashing;
    /// the tests check every built-in description.
    static let shared: [String: MarketCalendar] = {
        var out: [String: MarketCalendar] = [:]
        for d in descriptions {
            if let c = try? MarketCalendar(d) { out[d.mic] = c }
        }
        return out
    }()

    static let mics: [String] = shared.keys.sorted()
}
