import Foundation
import Testing

/// Checked-in expected outputs, compared byte for byte. `WIDGETC_UPDATE_GOLDEN=1 swift test
/// --filter Golden` rewrites them from the current output (then `git diff Tests/Golden` is the
/// review); without it a difference is a failure that names the first differing line.
package enum Golden {
    /// The environment variable that switches comparing to writing.
    package static let variable = "WIDGETC_UPDATE_GOLDEN"

    package static var updating: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

    /// Compares `actual` with `Tests/Golden/NAME` (or writes it when updating).
    package static func expect(_ actual: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let path = TestPaths.golden + "/" + name
        if updating {
            do {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                let old = try? String(contentsOfFile: path, encoding: .utf8)
                if old != actual { try actual.write(toFile: path, atomically: true, encoding: .utf8) }
            } catch {
                Issue.record("cannot write golden file \(path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record("no golden file Tests/Golden/\(name); create it with \(variable)=1 swift test --filter Golden", sourceLocation: sourceLocation)
            return
        }
        if let difference = firstDifference(expected, actual) {
            Issue.record("Tests/Golden/\(name) differs: \(difference); if the change is intended, run \(variable)=1 swift test --filter Golden and review git diff", sourceLocation: sourceLocation)
        }
    }

    /// The first line where two texts differ, in words; nil when they are equal.
    package static func firstDifference(_ expected: String, _ actual: String) -> String? {
        guard expected != actual else { return nil }
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(e.count, a.count) {
            let el = i < e.count ? String(e[i]) : nil, al = i < a.count ? String(a[i]) : nil
            if el != al {
                return "line \(i + 1): expected \(el.map { "'\($0)'" } ?? "end of text"), got \(al.map { "'\($0)'" } ?? "end of text")"
            }
        }
        return "the texts differ in bytes that lines do not show"
    }
}
