import Testing
@testable import WidgetCompiler

/// Files are listed in `String` order, whichever way the paths are compared.
@Suite struct SourceFilesTests {
    @Test func asciiPathsSortAsStringsDo() {
        let paths = [
            "w/b/x.yaml", "w/b.yaml", "w/a.yml", "w/B.yaml", "w/b", "w/", "w/b/x.yaml", "w/b/a.yaml",
            "widgets/w00010.yaml", "widgets/w00002.yaml", "widgets/w0001.yaml", "a", "",
        ]
        #expect(SourceFiles.sortedPaths(paths) == paths.sorted())
    }

    @Test func otherPathsSortAsStringsDo() {
        // Precomposed and decomposed é are equal strings; the Kelvin sign sorts as K.
        let paths = ["w/caf\u{E9}.yaml", "w/cafe\u{301}.yaml", "w/cafe.yaml", "w/\u{212A}.yaml", "w/K.yaml", "w/z.yaml"]
        #expect(SourceFiles.sortedPaths(paths) == paths.sorted())
    }
}
