import Foundation
import JSONSchema
import WidgetSupport

/// Finds `/work/shared`-style fixtures relative to this file and serves the suite's remotes.
enum SharedFixtures {
    /// The `shared/conformance` directory beside some ancestor of this file, or nil.
    static let conformance: URL? = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" {
            for candidate in [dir.appendingPathComponent("shared/conformance"), dir.appendingPathComponent("../shared/conformance")] {
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDir), isDir.boolValue {
                    return candidate.standardizedFileURL
                }
            }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }()

    static var suite: URL? { conformance?.appendingPathComponent("json-schema-test-suite") }

    static func readJSON(_ url: URL) -> JSONValue? {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return try? JSONReader.parse(text).json
    }

    /// Serves `http://localhost:1234/...` from the suite's `remotes/` folder.
    static func remotesLoader(_ remotes: URL) -> @Sendable (String) -> JSONValue? {
        let prefix = "http://localhost:1234/"
        return { uri in
            guard uri.hasPrefix(prefix) else { return nil }
            return readJSON(remotes.appendingPathComponent(String(uri.dropFirst(prefix.count))))
        }
    }
}
