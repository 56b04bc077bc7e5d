import Foundation
import WidgetSupport

/// What every test target shares: where the package is, scratch directories,
/// and a failure that says what went wrong.
public enum TestPaths {
    /// The package's root directory (the one holding Package.swift).
    public static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// The bundled examples.
    public static var widgets: String { root + "/widgets" }
}

/// A fresh temporary directory, removed by the caller.
public func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("widgetc-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
