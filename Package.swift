// swift-tools-version: 6.1
import PackageDescription
#if os(Linux)
import Glibc
#endif

// Dependencies point down only:
//   widgetc, widgetc-tool -> WidgetCLI -> {WidgetLSP, WidgetSimulator, WidgetCompiler}    (commands: the run loader, scenarios, --param)
//   WidgetLSP -> {WidgetCompiler, WidgetSimulator}                        (the editor service; a face's dates as the preview reads them)
//   WidgetCompiler -> {WidgetYAML, JSONSchema, WidgetcRuntimeCore, WidgetDiagnostics}   (the Mac side: one Compilation from YAML to the plan)
//   JSONSchema -> {ECMARegexEngine, WidgetSupport};  ECMARegexEngine: a leaf (standard library and Synchronization)
//   WidgetSimulator -> {WidgetcRuntimeCore, WidgetDiagnostics}            (scheduler, budget, scenarios, writers)
//   WidgetcRuntime -> {WidgetcRuntimeCore, WidgetcURLSession}             (the library an app links)
//   WidgetcRuntimeCore -> {WidgetTemplates, MarketCalendars, WidgetCEL, WidgetTime}   (what a device ships: stdlib + Foundation)
//   {MarketCalendars, WidgetCEL} -> WidgetTime -> WidgetSupport;  WidgetTemplates -> WidgetSupport
//   WidgetDiagnostics -> WidgetSupport      (Diagnostic, ValueExtent, TerminalText, XMLText: the Mac side's, no device target's)
//   WidgetSupport: JSON values, reading and writing, SourceError, locks, files (what a device needs too)
//   WidgetcURLSession: URLSession alone;  CWidgetcCurl: libcurl opened on widgetc's first live request (Linux)
//   CWidgetcMalloc: widgetc's malloc and free on glibc, a per-thread cache of freed blocks in front of glibc's
// The compiler and the simulator do not see each other: the command side joins them.
// No package outside the toolchain: libyaml comes from the system (Debian libyaml-dev, Homebrew libyaml).

// glibc 2.36's loader reads packed relative relocations (DT_RELR; a binary with them names
// GLIBC_ABI_DT_RELR and an older loader refuses it): on an older glibc the table stays plain.
#if os(Linux)
let glibcLoaderReadsPackedRelocations: Bool = {
    // "glibc 2.36"; nothing on a C library that is not glibc.
    var name = [CChar](repeating: 0, count: 64)
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &name, name.count) > 0 else { return false }
    let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let version = text.split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
    return version.count >= 2 && (version[0], version[1]) >= (2, 36)
}()
#else
let glibcLoaderReadsPackedRelocations = false
#endif

// `widgetc` on Linux is linked by lld with its relative relocations packed and no symbol exported:
// the loader reads a 35 KB table instead of 1.97 MB of RELA entries and 0.7 MB of dynamic symbols,
// pages that stayed resident. Peak RSS of validate on bench/'s `examples` corpus 34.2-34.9 ->
// 32.1-32.4 MB, one file 20.4 -> 17.9 MB; start-up 30.65 M -> 29.98 M instructions (bench/README.md,
// "Peak memory: the loader's tables"). Nothing looks widgetc's own symbols up (libcurl, the one
// library it opens, calls none).
let linkedCompactly: [LinkerSetting] =
    glibcLoaderReadsPackedRelocations
    ? [
        .unsafeFlags(
            ["-use-ld=lld"] + ["-z", "pack-relative-relocs", "--no-export-dynamic"].flatMap { ["-Xlinker", $0] },
            .when(platforms: [.linux])
        )
    ] : []

// `widgetc` on Linux carries the Swift runtime and Foundation (`-static-stdlib`): nothing of Swift's
// to load, bind and relocate at start. Validate of one file 43.0 M -> 30.6 M instructions, CPU 1.08x
// -> 0.73x 6285db9's (bench/README.md, "Start-up"). The objects are compiled against the shared
// Foundation modules, whose link records omit the static Foundation's own libraries: named here.
let staticSwiftRuntime: [LinkerSetting] = [
    .unsafeFlags(
        ["-static-stdlib", "-Xlinker", "--start-group"]
            + [
                "Foundation", "FoundationEssentials", "FoundationInternationalization", "CoreFoundation", "_FoundationICU",
                "_FoundationCollections", "_FoundationCShims",
            ].flatMap { ["-Xlinker", "-l\($0)"] }
            + ["-Xlinker", "--end-group"],
        .when(platforms: [.linux])
    ),
]


let package = Package(
    name: "widgetc",
    // The runtime an app links supports iOS 17 and macOS 14 (WidgetKit's AppIntent configuration).
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "widgetc", targets: ["widgetc"]),
        // The one library an app links: a widget extension loads compiled plans with it.
        .library(name: "WidgetcRuntime", targets: ["WidgetcRuntime"]),
        // For an app's widget extension target (SwiftPM or Xcode): its YAML becomes the generated
        // Swift and the plans at build time (docs/xcode.md).
        .plugin(name: "WidgetcGenerate", targets: ["WidgetcGenerate"]),
        // `swift package widgetc …`: the commands people run by hand.
        .plugin(name: "WidgetcCommand", targets: ["WidgetcCommand"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            // pkg-config's yaml-0.1 gives the include and library paths on both (README, Install).
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // What every layer shares, a device too: JSON values, reading (positioned, with SourceError)
        // and writing, JSON Pointers, locks, files, word tables.
        .target(name: "WidgetSupport", linkerSettings: [.linkedLibrary("m")]),
        // The Mac side's diagnostics: Diagnostic (range, notes), where a value ends, text made safe
        // for a terminal or XML. Nothing a device ships imports it.
        .target(name: "WidgetDiagnostics", dependencies: ["WidgetSupport"]),
        // YAML 1.2 core loader over libyaml, every node positioned.
        .target(name: "WidgetYAML", dependencies: ["CYAML", "WidgetSupport"]),
        // ECMA-262 regular expressions (the `u` flag, unanchored search) as JSON Schema's `pattern`
        // uses them: standard library and Synchronization only, nothing of schemas.
        .target(name: "ECMARegexEngine"),
        // JSON Schema draft 2020-12 validator; knows nothing of YAML.
        .target(
            name: "JSONSchema",
            dependencies: ["WidgetSupport", "ECMARegexEngine"],
            exclude: ["MetaSchemas"]
        ),
        // CEL (Common Expression Language): parser, checker, evaluator and its value type; knows nothing of widgets.
        .target(name: "WidgetCEL", dependencies: ["WidgetSupport", "WidgetTime"]),
        // Mustache templates with typed lone tags.
        .target(name: "WidgetTemplates", dependencies: ["WidgetSupport"]),
        // Instants, civil dates, durations, wall times, time zones, cron: integer civil-time arithmetic.
        .target(name: "WidgetTime", dependencies: ["WidgetSupport"]),
        // Exchange calendars as data, and the market rule's planner.
        .target(name: "MarketCalendars", dependencies: ["WidgetSupport", "WidgetTime"]),
        // What a device ships: plans, the rule engines, template rendering, container reads,
        // timeline/snapshot/placeholder. Standard library and Foundation only (no YAML, no schema).
        .target(
            name: "WidgetcRuntimeCore",
            dependencies: ["WidgetSupport", "WidgetTemplates", "WidgetTime", "MarketCalendars", "WidgetCEL"]
        ),
        // One HTTP request through URLSession, in plain types.
        .target(name: "WidgetcURLSession"),
        // `widgetc`'s live requests on Linux: libcurl, opened with dlopen on the first one, so that
        // no other command loads FoundationNetworking and libcurl (6.4 MB and 22 M instructions at
        // every start) and `widgetc` stays one file.
        .target(name: "CWidgetcCurl"),
        // `widgetc`'s malloc and free on glibc: a per-thread cache of freed small blocks in front of glibc's.
        // DWARF 4: valgrind 3.19 (Debian 12) cannot read the DWARF 5 clang writes for its thread-local cache.
        .target(name: "CWidgetcMalloc", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // The library an app links: the core, re-exported, and URLSession for URL data sources.
        // Its privacy manifest declares the required-reason APIs it calls (docs/shipping.md).
        .target(name: "WidgetcRuntime", dependencies: ["WidgetcRuntimeCore", "WidgetcURLSession"], resources: [.copy("Resources/PrivacyInfo.xcprivacy")]),
        // The simulator: the scheduler (budget, policies, reloads), scenarios and writers.
        .target(name: "WidgetSimulator", dependencies: ["WidgetSupport", "WidgetDiagnostics", "WidgetTime", "WidgetTemplates", "WidgetcRuntimeCore"]),
        // Definitions: one Compilation (YAML, schema, semantic checks, the rules across files) ending at the plans.
        .target(
            name: "WidgetCompiler",
            dependencies: [
                "WidgetSupport", "WidgetDiagnostics", "WidgetYAML", "JSONSchema", "WidgetTemplates", "WidgetTime", "MarketCalendars",
                "WidgetcRuntimeCore", "WidgetCEL",
            ]
        ),
        // The editor service (`widgetc lsp`): LSP over stdio, on the compiler's checks.
        .target(
            name: "WidgetLSP",
            dependencies: ["WidgetSupport", "WidgetDiagnostics", "WidgetTime", "MarketCalendars", "WidgetcRuntimeCore", "WidgetCompiler", "WidgetCEL", "WidgetSimulator"]
        ),
        // The command layer: argument parsing, rendering, exit statuses; what `run` loads (plans, scenarios, --param).
        .target(
            name: "WidgetCLI",
            dependencies: [
                "WidgetSupport", "WidgetDiagnostics", "WidgetTime", "MarketCalendars", "WidgetcRuntimeCore", "WidgetSimulator",
                "WidgetCompiler", "WidgetLSP", "CWidgetcCurl",
                // URLSession is Foundation's on Apple platforms: linked, it costs nothing more there.
                .target(name: "WidgetcRuntime", condition: .when(platforms: [.macOS])),
            ]
        ),
        // What a user installs. Its linker flags are unsafe flags, which SwiftPM refuses in any product
        // another package uses (an app's build runs the plugins): the plugins run `widgetc-tool`.
        .executableTarget(name: "widgetc", dependencies: ["WidgetCLI", "CWidgetcMalloc"], linkerSettings: staticSwiftRuntime + linkedCompactly),
        // The plugins' widgetc: the same process (`WidgetCLI.runProcess`), linked as SwiftPM links.
        .executableTarget(name: "widgetc-tool", dependencies: ["WidgetCLI"]),

        // `swift run embed-files`: the schemas and docs/diagnostics.md as the checked-in Swift of
        // each target's Generated/ folder (no build plugin of widgetc's own: docs/xcode.md).
        .executableTarget(name: "embed-files"),
        // bench/: a plan's load and one timeline request, as an extension pays them.
        .executableTarget(name: "plan-bench", dependencies: ["WidgetcRuntime"], path: "bench/plan-bench"),
        // bench/: the editor service's diagnostics latency after didChange and its memory over edits.
        .executableTarget(name: "lsp-bench", dependencies: ["WidgetLSP", "WidgetSupport"], path: "bench/lsp-bench"),
        .plugin(name: "WidgetcGenerate", capability: .buildTool(), dependencies: ["widgetc-tool"]),
        .plugin(
            name: "WidgetcCommand",
            capability: .command(
                intent: .custom(verb: "widgetc", description: "Run widgetc (validate, run, preview, generate, init …) in the package's directory."),
                permissions: [.writeToPackageDirectory(reason: "widgetc init, compile, generate and --out write files into the package")]
            ),
            dependencies: ["widgetc-tool"]
        ),

        // What the test targets share: paths, scratch directories, subprocesses, golden files, conformance suites.
        .target(name: "WidgetTestSupport", dependencies: ["WidgetSupport", "WidgetTime", "WidgetCLI"], path: "Tests/WidgetTestSupport"),
        .testTarget(name: "WidgetSupportTests", dependencies: ["WidgetSupport"]),
        .testTarget(name: "WidgetDiagnosticsTests", dependencies: ["WidgetDiagnostics", "WidgetSupport"]),
        .testTarget(name: "WidgetYAMLTests", dependencies: ["WidgetTestSupport", "WidgetYAML"]),
        .testTarget(name: "ECMARegexEngineTests", dependencies: ["ECMARegexEngine"]),
        .testTarget(name: "JSONSchemaTests", dependencies: ["WidgetTestSupport", "JSONSchema", "ECMARegexEngine"]),
        .testTarget(name: "WidgetTemplatesTests", dependencies: ["WidgetTestSupport", "WidgetTemplates"]),
        .testTarget(name: "WidgetCELTests", dependencies: ["WidgetTestSupport", "WidgetCEL"]),
        .testTarget(name: "WidgetTimeTests", dependencies: ["WidgetTestSupport", "WidgetTime"]),
        .testTarget(name: "WidgetcRuntimeTests", dependencies: ["WidgetTestSupport", "WidgetcRuntime", "WidgetcRuntimeCore", "WidgetcURLSession"]),
        .testTarget(name: "WidgetSimulatorTests", dependencies: ["WidgetTestSupport", "WidgetSimulator", "WidgetTime", "WidgetcRuntimeCore"]),
        .testTarget(name: "MarketCalendarsTests", dependencies: ["WidgetTestSupport", "MarketCalendars", "WidgetTime"]),
        .testTarget(
            name: "WidgetCompilerTests", dependencies: ["WidgetTestSupport", "WidgetDiagnostics", "WidgetCompiler", "WidgetCLI", "WidgetSimulator", "WidgetcRuntime", "WidgetCEL"],
            exclude: ["Fixtures"]),
        .testTarget(name: "WidgetCLITests", dependencies: ["WidgetTestSupport", "WidgetDiagnostics", "WidgetCLI", "WidgetSimulator", "WidgetTime", "WidgetcRuntime"]),
        .testTarget(name: "WidgetLSPTests", dependencies: ["WidgetTestSupport", "WidgetLSP", "WidgetSupport", "WidgetTime", "WidgetCompiler"]),
    ]
)

// MARK: Fuzzing (only with WIDGETC_FUZZ=1; bench/fuzz builds it in .build/fuzz, see bench/README.md)
// The libFuzzer harness `widgetc-fuzz` (Fuzz/widgetc-fuzz: every target in one executable, the
// target named by its first argument). The libraries it exercises get coverage instrumentation
// and AddressSanitizer through per-target flags: `-Xswiftc -sanitize=fuzzer` would also reach
// the plugins' tools, which then do not link. The harness links with lld
// (gold stops with an internal error in format_file_lineno on this link). Without the variable
// the package is exactly the one above.
if Context.environment["WIDGETC_FUZZ"] == "1" {
    let sanitize = ["-sanitize=fuzzer,address"]
    let instrumented: Set<String> = [
        "WidgetSupport", "WidgetDiagnostics", "ECMARegexEngine", "WidgetYAML", "JSONSchema", "WidgetTemplates", "WidgetTime", "MarketCalendars",
        "WidgetCEL", "WidgetcRuntimeCore", "WidgetSimulator", "WidgetCompiler", "WidgetLSP", "WidgetCLI",
    ]
    for target in package.targets where instrumented.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(sanitize)]
    }
    package.targets.append(.executableTarget(
        name: "widgetc-fuzz",
        dependencies: [
            "WidgetSupport", "ECMARegexEngine", "WidgetYAML", "JSONSchema", "WidgetTemplates", "WidgetTime", "WidgetcRuntimeCore",
            "WidgetCompiler", "WidgetCLI",
        ],
        path: "Fuzz/widgetc-fuzz",
        swiftSettings: [.unsafeFlags(sanitize)],
        linkerSettings: [.unsafeFlags(sanitize + ["-use-ld=lld"])]
    ))
    package.products.append(.executable(name: "widgetc-fuzz", targets: ["widgetc-fuzz"]))
}
