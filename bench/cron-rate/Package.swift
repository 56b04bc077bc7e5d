// swift-tools-version: 6.1
import PackageDescription

// The fire-time rate of `CronExpression` alone, for `bench/run` (compared with Python's croniter).
// Depends on the main package by path; only WidgetSupport and WidgetTime get built.

// A path dependency's identity is its directory's name, lowercased: `main` in /work/main,
// `widgetc` in a clone named widgetc. Read it from the path so either works.
let mainIdentity = Context.packageDirectory.split(separator: "/").dropLast(2).last.map { $0.lowercased() } ?? "widgetc"

let package = Package(
    name: "cron-rate",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "cron-rate",
            dependencies: [.product(name: "WidgetTime", package: mainIdentity)]
        ),
    ]
)
