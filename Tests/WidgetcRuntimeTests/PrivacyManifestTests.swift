import Foundation
import Testing
import WidgetTestSupport

/// The runtime's privacy manifest (Sources/WidgetcRuntime/Resources/PrivacyInfo.xcprivacy,
/// docs/shipping.md) declares exactly the required-reason API categories the code an app links
/// with WidgetcRuntime calls: a category used and not declared is an App Store rejection, one
/// declared and not used a false statement.
@Suite struct PrivacyManifestTests {
    static let manifestPath = TestPaths.root + "/Sources/WidgetcRuntime/Resources/PrivacyInfo.xcprivacy"

    /// The APIs Apple lists per category ("Describing use of required reason API",
    /// https://developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api),
    /// as they appear in Swift source: C calls by name, Foundation members by name.
    static let categories: [(name: String, pattern: String)] = [
        ("NSPrivacyAccessedAPICategoryFileTimestamp",
         #"\b(stat|fstat|fstatat|lstat|getattrlist|fgetattrlist|getattrlistat|getattrlistbulk)\(|\b(creationDate|modificationDate|fileModificationDate|contentModificationDateKey|creationDateKey)\b"#),
        ("NSPrivacyAccessedAPICategorySystemBootTime", #"\b(systemUptime|mach_absolute_time)\b"#),
        ("NSPrivacyAccessedAPICategoryDiskSpace",
         #"\b(statfs|statvfs|fstatfs|fstatvfs|volumeAvailableCapacity\w*|volumeTotalCapacity\w*|systemFreeSize|systemSize)\b"#),
        ("NSPrivacyAccessedAPICategoryActiveKeyboards", #"\bactiveInputModes\b"#),
        ("NSPrivacyAccessedAPICategoryUserDefaults", #"\bUserDefaults\b"#),
    ]

    /// The manifest as a property list.
    static func manifest() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: manifestPath))
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    }

    /// Declared category → reasons.
    static func declared() throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for entry in try #require(try manifest()["NSPrivacyAccessedAPITypes"] as? [[String: Any]]) {
            let type = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
            result[type] = try #require(entry["NSPrivacyAccessedAPITypeReasons"] as? [String])
        }
        return result
    }

    /// The categories the runtime's modules call, each with one place that calls it.
    static func used() throws -> [String: String] {
        var found: [String: String] = [:]
        let expressions = try categories.map { ($0.name, try NSRegularExpression(pattern: $0.pattern)) }
        for module in try RuntimeModules.packageModules() {
            for file in try RuntimeModules.swiftFiles(of: module) {
                let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                for (number, line) in lines.enumerated() {
                    // Comments may name an API without calling it.
                    let code = String(line.components(separatedBy: "//")[0])
                    let range = NSRange(code.startIndex..., in: code)
                    for (name, expression) in expressions where found[name] == nil && expression.firstMatch(in: code, range: range) != nil {
                        found[name] = "\(file.dropFirst(TestPaths.root.count + 1)):\(number + 1)"
                    }
                }
            }
        }
        return found
    }

    @Test func theManifestIsAPropertyListThatTracksNothing() throws {
        let manifest = try Self.manifest()
        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true)
        #expect((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
    }

    @Test func everyRequiredReasonAPIItCallsIsDeclaredAndNothingElse() throws {
        let used = try Self.used()
        let declared = try Self.declared()
        // The runtime reads container files' timestamps (POSIXFiles: fstat, fstatat, stat, lstat).
        #expect(used["NSPrivacyAccessedAPICategoryFileTimestamp"] != nil)
        for (category, place) in used.sorted(by: { $0.key < $1.key }) {
            #expect(declared[category] != nil, "\(place) calls a \(category) API: declare it with its reason in PrivacyInfo.xcprivacy")
        }
        for category in declared.keys.sorted() {
            #expect(used[category] != nil, "PrivacyInfo.xcprivacy declares \(category), which the runtime does not call")
        }
        // C617.1: timestamps, size or other metadata of files inside the app group container,
        // the only files the runtime reads besides the plans in its own bundle.
        #expect(declared["NSPrivacyAccessedAPICategoryFileTimestamp"] == ["C617.1"])
    }

    /// The manifest ships as a resource of the WidgetcRuntime target (Package.swift), so Xcode
    /// finds it in the runtime's resource bundle when it builds the app's privacy report.
    @Test func theManifestIsAResourceOfTheRuntimeProduct() throws {
        let package = try String(contentsOfFile: TestPaths.root + "/Package.swift", encoding: .utf8)
        let target = try #require(package.split(separator: "\n").first { $0.contains(".target(name: \"WidgetcRuntime\"") })
        #expect(target.contains("resources: [.copy(\"Resources/PrivacyInfo.xcprivacy\")]"), "\(target)")
        // The build put it in the target's resource bundle, unchanged.
        if let build = TestPaths.buildDirectory {
            let bundled = build + "/widgetc_WidgetcRuntime.resources/PrivacyInfo.xcprivacy"
            #expect(FileManager.default.contents(atPath: bundled) == FileManager.default.contents(atPath: Self.manifestPath), "\(bundled)")
        }
    }
}
