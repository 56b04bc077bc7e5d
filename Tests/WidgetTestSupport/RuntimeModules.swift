import Foundation

/// The package's modules an app links with `WidgetcRuntime`, read from the sources'
/// own `import` lines (the dependencies that really exist, not a list kept by hand).
package enum RuntimeModules {
    package static func swiftFiles(of module: String) throws -> [String] {
        let dir = TestPaths.root + "/Sources/" + module
        guard let walker = FileManager.default.enumerator(atPath: dir) else { throw TestFailure("no module \(module)") }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { dir + "/" + $0 }
    }

    package static func imports(in file: String) throws -> [String] {
        try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard let i = words.firstIndex(of: "import"), i + 1 < words.count,
                  words[..<i].allSatisfy({ ["@testable", "package", "public", "internal", "@_exported"].contains($0) }) else { return nil }
            return String(words[i + 1])
        }
    }

    /// Every module reached from WidgetcRuntime's imports, transitively, the toolchain's included.
    package static func closure() throws -> Set<String> {
        var reached: Set<String> = []
        var queue = ["WidgetcRuntime"]
        while let module = queue.popLast() {
            guard reached.insert(module).inserted else { continue }
            guard FileManager.default.fileExists(atPath: TestPaths.root + "/Sources/" + module) else { continue }
            for file in try swiftFiles(of: module) { queue += try imports(in: file) }
        }
        return reached
    }

    /// The package's own modules in the closure (those with a folder under Sources/).
    package static func packageModules() throws -> [String] {
        try closure().filter { FileManager.default.fileExists(atPath: TestPaths.root + "/Sources/" + $0) }.sorted()
    }

    /// The object files of those modules in a build directory, only for sources that still
    /// exist: a build folder keeps the object of a deleted or moved source, and linking it
    /// defines its symbols twice.
    package static func objects(inBuildDirectory build: String) throws -> [String] {
        var objects: [String] = []
        for module in try packageModules() {
            let sources = Set(try swiftFiles(of: module).map { URL(fileURLWithPath: $0).lastPathComponent + ".o" })
            let dir = build + "/" + module + ".build"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            objects += names.filter { sources.contains($0) }.sorted().map { dir + "/" + $0 }
        }
        return objects
    }
}
