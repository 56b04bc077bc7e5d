import Foundation
import Testing
import WidgetTestSupport

/// The runtime's ImageIO scaler (Sources/WidgetcRuntime/ImageIOScaler.swift) is compiled only where
/// ImageIO exists: here it is type-checked (Swift 6 language mode) against the stub's ImageIO and
/// CoreGraphics modules (Tests/AppleSDKStub) and the built WidgetcRuntimeCore, so a wrong ImageIO
/// signature or a changed `ImageScaler` protocol fails on Linux too.
@Suite struct ImageIOScalerTypeCheckTests {
    @Test(.enabled(if: GeneratedSwiftTests.ready, "needs swiftc and the package's build directory"))
    func theScalerTypeChecksAgainstTheStub() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let swiftc = GeneratedSwiftTests.swiftc!
        let stub = URL(fileURLWithPath: TestPaths.root + "/Tests/AppleSDKStub")
        for module in ["CoreGraphics", "ImageIO"] {
            try GeneratedSwiftTests.shell([swiftc, "-swift-version", "6", "-parse-as-library", "-I", dir.path, "-module-name", module, "-wmo"]
                + GeneratedSwiftTests.files(stub, under: module, ext: ".swift")
                + ["-emit-module", "-emit-module-path", dir.path + "/\(module).swiftmodule"])
        }
        let scaler = TestPaths.root + "/Sources/WidgetcRuntime/ImageIOScaler.swift"
        let source = try String(contentsOfFile: scaler, encoding: .utf8)
        #expect(source.contains("#if canImport(ImageIO)") && source.contains("CGImageSourceCreateThumbnailAtIndex"))
        try GeneratedSwiftTests.shell([swiftc, "-swift-version", "6", "-typecheck", "-parse-as-library", "-module-name", "ScalerCheck",
                                       "-I", dir.path, "-I", GeneratedSwiftTests.buildDirectory! + "/Modules", scaler])
        // The check is not vacuous: a call ImageIO does not have fails it.
        let broken = dir.appendingPathComponent("Broken.swift")
        try source.replacingOccurrences(of: "CGImageDestinationFinalize(destination)", with: "CGImageDestinationFinalize(destination, 1)")
            .write(to: broken, atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) {
            try GeneratedSwiftTests.shell([swiftc, "-swift-version", "6", "-typecheck", "-parse-as-library", "-module-name", "ScalerCheck",
                                           "-I", dir.path, "-I", GeneratedSwiftTests.buildDirectory! + "/Modules", broken.path])
        }
    }
}
