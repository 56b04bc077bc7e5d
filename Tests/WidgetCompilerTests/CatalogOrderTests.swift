import Testing
import WidgetSupport
@testable import WidgetCompiler

/// Xcode's key order in a String Catalog (docs/localization.md "Writing it"): Foundation's
/// `.sortedKeys`, a collation in the root locale (issue 35's pairs, as Xcode wrote them).
@Suite struct CatalogOrderTests {
    /// Each list in the order Xcode wrote it in real catalogs.
    static let xcodeOrders: [[String]] = [
        ["Radial menu", "Radial Menu"],
        ["Add…", "AddButtonTooltip"],
        ["_more", "(%@)", "%lld"],
        [" (", " %lld%%", " $%lld"],
        ["-6mo", "—", "**Thank you", "%@"],
        ["%lld/%lld", "🎉", "Comment"],
        ["Item 2", "Item 10", "item 11"],
        ["apple pie", "Banana bread", "Café ☕ / Tap"],
        ["comment", "extractionState", "localizations"],
        ["en", "en-GB", "zh-Hans", "zh-Hant", "zh-HK"],
    ]

    @Test(arguments: xcodeOrders) func pairsComeInXcodesOrder(_ order: [String]) {
        for (i, a) in order.enumerated() {
            for b in order[(i + 1)...] {
                #expect(CatalogWriter.precedes(a, b), "\(a) before \(b)")
                #expect(!CatalogWriter.precedes(b, a), "not \(b) before \(a)")
            }
        }
        #expect(order.reversed().sorted(by: CatalogWriter.precedes) == order)
    }

    /// Keys Foundation's collation calls equal still have one order (by scalars), never both.
    @Test func canonicallyEqualKeysHaveOneOrder() {
        let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        #expect(CatalogWriter.precedes(composed, decomposed) != CatalogWriter.precedes(decomposed, composed))
        #expect(!CatalogWriter.precedes(composed, composed))
    }

    /// A catalog in Xcode's layout with every pair above comes back byte for byte.
    @Test func aCatalogInXcodesOrderIsWrittenAsItWas() throws {
        let keys = Self.xcodeOrders.dropLast(2).flatMap { $0 }.sorted(by: CatalogWriter.precedes)
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        text += keys.map { key in
            "    \"\(key)\" : {\n      \"extractionState\" : \"manual\",\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"x\"\n          }\n        }\n      }\n    }"
        }.joined(separator: ",\n")
        text += "\n  },\n  \"version\" : \"1.0\"\n}"
        let bytes = Array(text.utf8)
        #expect(CatalogWriter.bytes(try JSONReader.parse(bytes: bytes).json) == bytes)
        // Scalar order would have moved them: "Radial Menu" < "Radial menu", "%@" < "(%@)" < "_more".
        #expect(keys != keys.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }))
    }
}
