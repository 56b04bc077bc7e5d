// swift-tools-version: 6.1
import Foundation
import PackageDescription

// A widget extension's code as a package target: its YAML (app.yaml, today.yaml) becomes Swift
// and plans at build time through widgetc's build-tool plugin; the runtime answers WidgetKit.
// In your own package: .package(url: "<widgetc's repository>", from: "0.1.0") instead of the path.
// Build with `swift build` (or `--build-system swiftbuild`, Xcode's engine).

// widgetc: this repository (two levels up), or WIDGETC_PACKAGE (the test builds a copy of this
// sample elsewhere). A path dependency is named after its directory.
let widgetcPath = Context.environment["WIDGETC_PACKAGE"] ?? "../.."
let widgetc = URL(fileURLWithPath: widgetcPath, relativeTo: URL(fileURLWithPath: Context.packageDirectory + "/"))
    .standardizedFileURL.lastPathComponent

// On a machine without Apple's SDKs (Linux CI), WIDGETC_APPLE_STUB names a directory of stub
// SwiftUI/WidgetKit/AppIntents modules (Tests/AppleSDKStub, built by the test) for this target only.
let stub: [SwiftSetting] = Context.environment["WIDGETC_APPLE_STUB"].map { [.unsafeFlags(["-I", $0])] } ?? []

let package = Package(
    name: "PluginSample",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [.library(name: "TasksWidgets", targets: ["TasksWidgets"])],
    dependencies: [.package(path: widgetcPath)],
    targets: [
        .target(
            name: "TasksWidgets",
            dependencies: [.product(name: "WidgetcRuntime", package: widgetc)],
            // What `widgetc run` reads on this machine, not the extension's.
            exclude: ["container", "scenarios"],
            swiftSettings: stub,
            plugins: [.plugin(name: "WidgetcGenerate", package: widgetc)]
        ),
    ]
)
