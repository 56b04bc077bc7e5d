import Foundation
import Testing
import WidgetTestSupport

/// What an app links with `WidgetcRuntime` (spec "The runtime library"): the
/// standard library and Foundation, and none of the compiler's modules. Read
/// from the sources' own `import` lines, the dependencies that really exist.
@Suite struct DependencyClosureTests {
    /// The package's modules the runtime may use, and the toolchain's.
    static let allowedModules: Set<String> = [
        "WidgetcRuntime", "WidgetcRuntimeCore", "WidgetcURLSession",
        "WidgetSupport", "WidgetTemplates", "WidgetTime", "MarketCalendars",
        // Lets' expressions (docs/cel.md): the CEL engine, on WidgetSupport alone.
        "WidgetCEL",
    ]
    /// FoundationNetworking is Foundation's URLSession on Linux (URL data sources; part of Foundation on Apple platforms).
    /// ImageIO is Apple's, imported behind `#if canImport(ImageIO)` (remote images scaled on the device).
    static let toolchainModules: Set<String> = ["Foundation", "FoundationNetworking", "Synchronization", "Glibc", "Musl", "Darwin", "Dispatch", "ImageIO"]

    static func swiftFiles(of module: String) throws -> [String] { try RuntimeModules.swiftFiles(of: module) }

    @Test func theRuntimeReachesNoCompilerModule() throws {
        let closure = try RuntimeModules.closure()
        #expect(closure.contains("WidgetTime") && closure.contains("MarketCalendars"))
        let outside = closure.subtracting(Self.allowedModules).subtracting(Self.toolchainModules)
        #expect(outside.isEmpty, "WidgetcRuntime reaches \(outside.sorted())")
        for forbidden in ["CYAML", "WidgetYAML", "JSONSchema", "WidgetDiagnostics", "WidgetCompiler", "WidgetCLI", "WidgetSimulator"] {
            #expect(!closure.contains(forbidden))
        }
    }

    /// Every Linux-only import stands behind `#if canImport(…)` with a Darwin branch,
    /// so the library compiles for iOS and macOS.
    @Test func everyGlibcImportHasADarwinCounterpart() throws {
        for module in Self.allowedModules {
            for file in try Self.swiftFiles(of: module) {
                let text = try String(contentsOfFile: file, encoding: .utf8)
                guard text.contains("import Glibc") else { continue }
                #expect(text.contains("#if canImport(Glibc)"), "\(file)")
                #expect(text.contains("canImport(Darwin)") && text.contains("import Darwin"), "\(file) has no Darwin counterpart")
            }
        }
    }

    /// Synchronization's types need macOS 15 and iOS 18; the runtime supports macOS 14 and iOS 17.
    @Test func noRuntimeModuleUsesSynchronizationDirectly() throws {
        for module in Self.allowedModules {
            for file in try Self.swiftFiles(of: module) where !file.hasSuffix("/Locked.swift") {
                let text = try String(contentsOfFile: file, encoding: .utf8)
                #expect(!text.contains("Mutex<") && !text.contains("Atomic<"), "\(file)")
            }
        }
    }
}
