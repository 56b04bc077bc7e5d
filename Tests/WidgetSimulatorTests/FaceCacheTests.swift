import Testing
import WidgetSupport
import WidgetcRuntimeCore
@testable import WidgetSimulator

/// `run --view` copies a tree to every entry whose read values are the same; "the same" must
/// mean "renders alike", which JSON's `==` does not.
@Suite("run --view: the tree cache")
struct FaceCacheTests {
    @Test func valuesAreTheSameOnlyWhenTheyRenderAlike() {
        #expect(sameOptionalJSON(.string("Tip 1"), .string("Tip 1")))
        #expect(sameOptionalJSON(nil, nil))
        // 4 and 4.0 are equal numbers, and render as "4" and "4.0".
        #expect(!sameOptionalJSON(.int(4), .double(4)))
        #expect(!sameOptionalJSON(.double(0), .double(-0.0)))
        // An object's members in another order are printed in that order.
        #expect(!sameOptionalJSON(["a": 1, "b": 2], ["b": 2, "a": 1]))
        #expect(sameOptionalJSON(["a": [1, "x"]], ["a": [1, "x"]]))
        #expect(!sameOptionalJSON(.null, nil))
    }

    /// Canonically equivalent text of other scalars is written with other bytes: its tree is not
    /// the same (String's `==`, which the cache compared with, takes "é" precomposed for "e" and a
    /// combining acute).
    @Test func textIsTheSameOnlyWithTheSameScalars() {
        let precomposed = "\u{E9}", combining = "e\u{301}"
        #expect(precomposed == combining)
        #expect(!sameOptionalJSON(.string(precomposed), .string(combining)))
        #expect(!sameOptionalJSON(.object(JSONObject([(precomposed, 1)])), .object(JSONObject([(combining, 1)]))))
        #expect(!sameOptionalJSON(.array([.string(precomposed)]), .array([.string(combining)])))
        #expect(sameOptionalJSON(.object(JSONObject([(precomposed, .string(combining))])), .object(JSONObject([(precomposed, .string(combining))]))))
        // The one equality the reload's lets are reused over, too.
        #expect(!sameOptionalJSON(.string(precomposed), .string(combining)))
        #expect(sameOptionalJSON(.string(combining), .string(combining)))
    }

    @Test func aTreeIsFoundByItsKeyAndTheCacheStartsOver() {
        let cache = FaceCache(width: 2)
        cache.setProbe(0, member: 7)
        cache.setProbe(1, value: .int(4))
        #expect(cache.find() == nil)
        cache.beginInsert().ascii("{\"tree\": 1}")
        #expect(Array(cache.endInsert()) == Array("{\"tree\": 1}".utf8))
        cache.setProbe(1, value: .double(4))
        #expect(cache.find() == nil)
        cache.setProbe(1, value: .int(4))
        #expect(cache.find().map(Array.init) == Array("{\"tree\": 1}".utf8))
        cache.startOver(spaced: true)
        #expect(cache.find() == nil)
    }

    /// Numbers, booleans, null and an absent field are keyed by a tag and a word: each is found
    /// only by itself (4 is not 4.0, false is not 0, null is not absent), and text by its value.
    @Test func scalarsAreTheirOwnKeys() {
        let cache = FaceCache(width: 1)
        let keys: [JSONValue?] = [.int(4), .double(4), .bool(false), .int(0), .null, nil, .string("4"), .string("5"), .array([]), .object(JSONObject())]
        for (i, key) in keys.enumerated() {
            cache.setProbe(0, value: key)
            #expect(cache.find() == nil, "\(String(describing: key))")
            cache.beginInsert().int(i)
            _ = cache.endInsert()
        }
        for (i, key) in keys.enumerated() {
            cache.setProbe(0, value: key)
            #expect(cache.find().map { String(decoding: $0, as: UTF8.self) } == "\(i)", "\(String(describing: key))")
        }
        // A member's place is not the integer with its bits.
        cache.setProbe(0, member: 4)
        #expect(cache.find() == nil)
    }
}
