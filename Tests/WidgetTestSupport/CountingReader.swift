import WidgetCompiler
import WidgetSupport

/// A `FileReader` over the file system that counts the reads of each path, to show
/// that a command reads each definition file once.
package final class CountingReader: Sendable {
    private let counts = Locked<[String: Int]>([:])

    package init() {}

    package var reader: FileReader {
        FileReader { [counts] path, named throws(SourceFiles.ReadError) in
            counts.withLock { $0[path, default: 0] += 1 }
            return try FileReader.files.read(path, named)
        }
    }

    /// How many times `path` was read, as the command named it.
    package func reads(of path: String) -> Int { counts.withLock { $0[path] ?? 0 } }
    /// Every path read, with its count.
    package var all: [String: Int] { counts.withLock { $0 } }
}

/// A temporary directory holding an app manifest (`app.yaml`) whose bundle is two widget
/// files (`a.yaml`, `b.yaml`), each a valid `every` widget. Returns the directory's path.
package func bundleDirectory() throws -> String {
    let directory = try temporaryDirectory().path
    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
    }
    try write("app.yaml", """
        app: com.example.bundle
        displayName: Bundle
        widgets: [a.yaml, b.yaml]

        """)
    for name in ["a", "b"] {
        try write("\(name).yaml", """
            kind: com.example.\(name)
            displayName: Widget \(name)
            description: One of the bundle's widgets.
            content: { title: "Hello {{entry.time}}" }
            timeline: { every: 15m }

            """)
    }
    return directory
}
