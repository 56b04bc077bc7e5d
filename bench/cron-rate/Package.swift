// swift-tools-version: 6.1
import PackageDescription

// The fire-time rate of `CronExpression` alone, for `bench/run` (compared with Python's croniter).
// Depends on the main package by path; only WidgetSupport and WidgetTime get built.
let package = Package(
    name: "cron-rate",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "cron-rate",
            dependencies: [.product(name: "WidgetTime", package: "main")]
        ),
    ]
)
