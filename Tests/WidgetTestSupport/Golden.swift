import Foundation
import Testing

/// Checked-in expected outputs, compared byte for byte. `WIDGETC_UPDATE_GOLDEN=1 swift test
/// --filter Golden` rewrites them from the current output and fails (a recording run never
/// passes: `git diff Tests/Golden` is the review, then a run without it); without it a
/// difference is a failure that names the first differing line.
package enum Golden {
    /// The environment variable that switches comparing to writing.
    package static let variable = "WIDGETC_UPDATE_GOLDEN"

    package static var updating: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

    /// Compares `actual` with `Tests/Golden/NAME` (or writes it when updating).
    package static func expect(_ actual: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let problem = check(actual, matches: name, updating: updating) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    /// What is wrong with `actual` against `directory/NAME`, nil when nothing is. Recording
    /// (`updating`) writes the file and is always reported, so the run that records fails.
    package static func check(_ actual: String, matches name: String, updating: Bool, directory: String = TestPaths.golden) -> String? {
        let path = directory + "/" + name
        if updating {
            do {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                let old = try? String(contentsOfFile: path, encoding: .utf8)
                guard old != actual else { return "\(variable)=1: Tests/Golden/\(name) unchanged; run again without it to pass" }
                try actual.write(toFile: path, atomically: true, encoding: .utf8)
                return "\(variable)=1: recorded Tests/Golden/\(name); review git diff, then run again without it to pass"
            } catch {
                return "cannot write golden file \(path): \(error)"
            }
        }
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            return "no golden file Tests/Golden/\(name); create it with \(variable)=1 swift test --filter Golden"
        }
        if let difference = firstDifference(expected, actual) {
            return "Tests/Golden/\(name) differs: \(difference); if the change is intended, run \(variable)=1 swift test --filter Golden and review git diff"
        }
        return nil
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
