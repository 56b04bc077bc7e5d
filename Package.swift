// swift-tools-version: 6.1
import PackageDescription

// Dependencies point down only:
//   widgetc -> WidgetCLI -> WidgetCompiler -> {WidgetYAML, JSONSchema, WidgetTemplates, WidgetTime, MarketCalendars, WidgetRuntime} -> WidgetSupport
// No package outside the toolchain: libyaml comes from the system (Debian libyaml-dev).
let package = Package(
    name: "widgetc",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "widgetc", targets: ["widgetc"]),
        .library(name: "WidgetYAML", targets: ["WidgetYAML"]),
        .library(name: "JSONSchema", targets: ["JSONSchema"]),
        .library(name: "WidgetTemplates", targets: ["WidgetTemplates"]),
        .library(name: "WidgetTime", targets: ["WidgetTime"]),
        .library(name: "WidgetRuntime", targets: ["WidgetRuntime"]),
        .library(name: "MarketCalendars", targets: ["MarketCalendars"]),
        .library(name: "WidgetCompiler", targets: ["WidgetCompiler"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // Positions, diagnostics, JSON values: what every layer shares.
        .target(name: "WidgetSupport", linkerSettings: [.linkedLibrary("m")]),
        // YAML 1.2 core loader over libyaml, every node positioned.
        .target(name: "WidgetYAML", dependencies: ["CYAML", "WidgetSupport"]),
        // JSON Schema draft 2020-12 validator; knows nothing of YAML.
        .target(
            name: "JSONSchema",
            dependencies: ["WidgetSupport"],
            exclude: ["MetaSchemas"],
            plugins: ["EmbedFiles"]
        ),
        // Mustache templates with typed lone tags.
        .target(name: "WidgetTemplates", dependencies: ["WidgetSupport"]),
        // Durations, instants, wall times, time zones, cron: integer civil-time arithmetic.
        .target(name: "WidgetTime", dependencies: ["WidgetSupport"]),
        // Exchange calendars as data, and the market rule's planner.
        .target(name: "MarketCalendars", dependencies: ["WidgetSupport", "WidgetTime"]),
        // WidgetKit's model and the scheduler (budget, policies, reloads); no YAML.
        .target(name: "WidgetRuntime", dependencies: ["WidgetSupport"]),
        // Definitions: model, semantic checks, lowering to providers.
        .target(
            name: "WidgetCompiler",
            dependencies: [
                "WidgetSupport", "WidgetYAML", "JSONSchema", "WidgetTemplates", "WidgetTime", "MarketCalendars", "WidgetRuntime",
            ],
            plugins: ["EmbedFiles"]
        ),
        // The command layer: argument parsing, rendering, exit statuses.
        .target(name: "WidgetCLI", dependencies: ["WidgetCompiler"]),
        .executableTarget(name: "widgetc", dependencies: ["WidgetCLI"]),

        .executableTarget(name: "embed-files"),
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["embed-files"]),

        .testTarget(name: "WidgetSupportTests", dependencies: ["WidgetSupport"]),
        .testTarget(name: "WidgetYAMLTests", dependencies: ["WidgetYAML"]),
        .testTarget(name: "JSONSchemaTests", dependencies: ["JSONSchema"]),
        .testTarget(name: "WidgetTemplatesTests", dependencies: ["WidgetTemplates"]),
        .testTarget(name: "WidgetTimeTests", dependencies: ["WidgetTime"]),
        .testTarget(name: "WidgetRuntimeTests", dependencies: ["WidgetRuntime"]),
        .testTarget(name: "MarketCalendarsTests", dependencies: ["MarketCalendars"]),
        .testTarget(name: "WidgetCompilerTests", dependencies: ["WidgetCompiler"], exclude: ["Fixtures"]),
        .testTarget(name: "WidgetCLITests", dependencies: ["WidgetCLI"]),
    ]
)
