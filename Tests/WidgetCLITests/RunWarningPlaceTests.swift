import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// A run warning written at one place of the definition (`data-dates-unmatched`) names its
/// `file:line:column` in `run` and on the preview page; without a source file (a plan) it does not.
@Suite struct RunWarningPlaceTests {
    static func widget() throws -> String {
        let directory = try temporaryDirectory().path
        try FileManager.default.createDirectory(atPath: directory + "/container", withIntermediateDirectories: true)
        try #"{"results": [{"net": "2026-12-06T14:30:00Z"}]}"#.write(toFile: directory + "/container/launches.json", atomically: true, encoding: .utf8)
        try """
            kind: test.unmatched
            displayName: Launches
            description: A misspelt dates pointer.
            timeZone: UTC
            data:
              launches:
                file: launches.json
                dates:
                  "/result/*/net": iso8601
            content:
              count: "{{data.launches.results}}"
            timeline:
              every: 6h

            """.write(toFile: directory + "/launches.yaml", atomically: true, encoding: .utf8)
        return directory + "/launches.yaml"
    }

    @Test func theUnmatchedPointerIsWarnedAtItsLine() throws {
        let path = try Self.widget()
        let (status, console) = runCLI(["run", path, "--from", "2026-12-06T00:00:00Z", "--for", "1d", "--format", "json"])
        #expect(status == .success)
        let warnings = try #require(JSONReader.parse(console.stdout).json["warnings"]?.array)
        let unmatched = warnings.filter { $0["code"] == "data-dates-unmatched" }
        #expect(unmatched.count == 1)
        #expect(unmatched.first?["message"]?.string == """
            data source 'launches': dates pointer '/result/*/net' matches no value in the data (the value has no member 'result'); \
            nothing there is read as a date (\(path):9:24)
            """)
    }
}
