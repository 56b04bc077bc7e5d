import Testing
@testable import WidgetCEL

/// `CELMap` scans its keys while small and keeps a hash index from `indexedFrom` entries on:
/// both must find the same keys, with CEL's key equivalences, in insertion order.
struct CELMapTests {
    func int(_ v: CELValue?) -> Int64? { if case .int(let i)? = v { i } else { nil } }
    func text(_ v: CELValue?) -> String? { if case .string(let s)? = v { s } else { nil } }
    func flag(_ v: CELValue?) -> Bool? { if case .bool(let b)? = v { b } else { nil } }

    @Test(arguments: [1, CELMap.indexedFrom - 1, CELMap.indexedFrom, CELMap.indexedFrom + 1, 40])
    func findsEveryKeyBelowAndAboveTheIndex(size: Int) {
        var map = CELMap()
        for i in 0..<size { map.set("k\(i)", .int(Int64(i))) }
        #expect(map.count == size)
        for i in 0..<size { #expect(int(map[string: "k\(i)"]) == Int64(i)) }
        #expect(map[string: "k\(size)"] == nil)
        // Replacing keeps the place and the count.
        map.set("k0", .string("first"))
        #expect(map.count == size)
        #expect(text(map.keys.first) == "k0")
        #expect(text(map[.string("k0")]) == "first")
        #expect(map.keys.map { text($0) } == (0..<size).map { Optional("k\($0)") })
    }

    @Test(arguments: [3, 20])
    func numericKeysAreOneKeyAcrossIntUintAndDouble(size: Int) {
        var map = CELMap()
        for i in 0..<size {
            let added = map.insert(.int(Int64(i)), .bool(true))
            #expect(added)
        }
        let uintAdded = map.insert(.uint(1), .bool(false))
        #expect(!uintAdded)  // 1u is the key 1
        #expect(flag(map[.uint(2)]) == true)
        #expect(flag(map[.double(2.0)]) == true)
        #expect(map[.double(2.5)] == nil)
        let doubleAdded = map.insert(.double(1), .null)
        #expect(!doubleAdded)  // a double cannot be a key
        #expect(map.count == size)
    }

    @Test func stringKeysCompareByScalarsNotCanonicalEquivalence() {
        var map = CELMap()
        map.set("\u{E9}", .int(1))      // é, one scalar
        map.set("e\u{301}", .int(2))    // e + combining acute: another key in CEL
        #expect(map.count == 2)
        #expect(int(map[string: "\u{E9}"]) == 1)
        #expect(int(map[string: "e\u{301}"]) == 2)
    }
}
