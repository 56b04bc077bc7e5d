import Testing

@testable import WidgetSupport

@Suite("Byte tables")
struct ByteTableTests {
    /// Names of every length up to 20 that share their first and last bytes, so only the
    /// bytes between (read a word at a time) tell them apart.
    static let names: [String] = (0...20).flatMap { n -> [String] in
        guard n >= 2 else { return [String(repeating: "a", count: n)] }
        return ["b", "c", "é"].map { "a" + String(repeating: $0, count: n - 2) + "z" }
    }

    @Test func scannedAndHashedTablesFindEveryName() {
        for table in [ByteTable(Array(Self.names.prefix(10))), ByteTable(Self.names)] {
            for (k, name) in table.names.enumerated() {
                #expect(table.index(of: name) == k, "\(name)")
                #expect(table.index(of: name + "x") == nil)
                #expect(table.index(of: "x" + name) == nil)
            }
            #expect(table.index(of: "ab") == nil || table.names.contains("ab"))
        }
        // Canonically equivalent but different bytes: not the same name.
        let table = ByteTable(["caf\u{E9}"])
        #expect(table.index(of: "caf\u{E9}") == 0)
        #expect(table.index(of: "cafe\u{301}") == nil)
    }

    /// Names longer than sixteen bytes that share their first sixteen: the rest decides.
    @Test func longNamesDifferingLateAreToldApart() {
        let stem = "abcdefghijklmnop"
        let table = ByteTable([stem + "x", stem + "y", stem + "xx"])
        for (k, name) in table.names.enumerated() {
            #expect(table.index(of: name) == k)
            #expect(name.utf8.withContiguousStorageIfAvailable { table.isName(k, $0) } == true)
        }
        #expect(table.index(of: stem + "z") == nil)
        #expect(table.index(of: stem) == nil)
        #expect((stem + "y").utf8.withContiguousStorageIfAvailable { table.isName(0, $0) } == false)
    }
}
