import Foundation
import JSONSchema
import WidgetSupport

/// Reads the JSON-Schema-Test-Suite files and serves its remotes (the folder comes from
/// `WidgetTestSupport.Conformance`).
enum SharedFixtures {
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
