import Testing

@testable import WidgetSupport

/// "Did you mean" takes typos, not words that share only a long prefix.
@Suite struct SuggestTests {
    @Test func typosAreSuggested() {
        let families = ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge"]
        #expect(Suggest.closest(to: "systemLrage", among: families) == "systemLarge")
        #expect(Suggest.closest(to: "systemSmal", among: families) == "systemSmall")
        #expect(Suggest.closest(to: "hourlyy", among: ["hourly", "daily"]) == "hourly")
        #expect(Suggest.closest(to: "familes", among: ["families", "kind"]) == "families")
        #expect(Suggest.closest(to: "atend", among: ["atEnd", "never"]) == "atEnd")
    }

    @Test func sharedPrefixesAreNotTypos() {
        #expect(Suggest.closest(to: "systemHuge", among: ["systemSmall", "systemMedium", "systemLarge"]) == nil)
        #expect(Suggest.closest(to: "sometimes", among: ["atEnd", "never"]) == nil)
    }
}
