// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "layoutc",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "LayoutCompiler", targets: ["LayoutCompiler"]),
        .executable(name: "layoutc", targets: ["layoutc"]),
        .plugin(name: "LintLayouts", targets: ["LintLayouts"]),
        // What generated layout code imports: errors, insets, flow line breaking (its core,
        // LayoutRuntimeCore, re-exported). Foundation only.
        .library(name: "LayoutRuntime", targets: ["LayoutRuntime"]),
        // Build tool plugin: a target's .layout / .layout.yaml sources become Swift at build time.
        .plugin(name: "LayoutcBuildPlugin", targets: ["LayoutcBuildPlugin"]),
        // `layoutc serve`: the live preview server, a product of its own so that nothing an app
        // builds for the plugin or LayoutRuntime pulls in the HTTP library.
        .executable(name: "layoutc-serve", targets: ["layoutc-serve"]),
        // `layoutc lsp`: the language server, a product of its own for the same reason.
        .executable(name: "layoutc-lsp", targets: ["layoutc-lsp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // HTTP for the preview server only (`layoutc-serve`): Hummingbird's server on SwiftNIO, and
        // the NIO modules its pipeline is put together from.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // The in-memory compiler: syntax -> semantics -> backends. No file I/O, no printing.
        .target(
            name: "LayoutCompiler",
            dependencies: ["LayoutRuntimeCore", "CLibYAML"]
        ),
        // The system libyaml, whose event parser the YAML front end reads.
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Shared by the engine and generated code: placement in Doubles (flex, flows, shrink,
        // rounding, tolerance, text model, wrap cache), errors and insets. No dependencies, not even
        // Foundation, so that `layoutc` loads only FoundationEssentials on Linux.
        .target(name: "LayoutRuntimeCore"),
        // What generated code imports: the core re-exported, and its face in CGRect/CGSize/CGFloat
        // (on Linux those exist only in Foundation). No dependencies beyond Foundation.
        .target(name: "LayoutRuntime", dependencies: ["LayoutRuntimeCore"]),
        // The command-line shell: argument parsing, file I/O, printing.
        .executableTarget(
            name: "layoutc",
            dependencies: [
                "LayoutCompiler",
                "LayoutRuntimeCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The live preview server: layout files, frames as JSON, change events, the page.
        .target(
            name: "LayoutServer",
            dependencies: [
                "LayoutCompiler",
                "LayoutRuntime",
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [.copy("Page")]
        ),
        // What `layoutc serve` runs: the server's command line.
        .executableTarget(
            name: "layoutc-serve",
            dependencies: [
                "LayoutServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The Language Server Protocol for layout files: messages, framing, the server's features.
        // Foundation and the compiler only.
        .target(
            name: "LayoutLanguageServer",
            dependencies: ["LayoutCompiler", "LayoutRuntime"]
        ),
        // What `layoutc lsp` runs: the server over standard input and output.
        .executableTarget(
            name: "layoutc-lsp",
            dependencies: ["LayoutLanguageServer"]
        ),
        // Throughput figures for BENCHMARKS.md; not a test.
        .executableTarget(
            name: "layoutc-bench",
            dependencies: ["LayoutCompiler", "LayoutRuntime", "CLibYAML"],
            path: "Benchmarks/layoutc-bench"
        ),
        // `swift package lint-layouts`: runs `layoutc lint` on the package's layout files.
        .plugin(
            name: "LintLayouts",
            capability: .command(intent: .custom(verb: "lint-layouts", description: "Lint the package's layout files across the device matrix with layoutc lint")),
            dependencies: ["layoutc"]
        ),
        // Runs `layoutc generate` on each .layout / .layout.yaml source of the target using it.
        .plugin(
            name: "LayoutcBuildPlugin",
            capability: .buildTool(),
            dependencies: ["layoutc"]
        ),
        // The golden generated sources of layouts/ (Expected/), compiled and run against the engine.
        .testTarget(
            name: "GeneratedLayoutTests",
            dependencies: ["LayoutRuntime", "LayoutCompiler"]
        ),
        .testTarget(
            name: "LayoutLanguageServerTests",
            dependencies: ["LayoutLanguageServer", "LayoutCompiler"]
        ),
        .testTarget(
            name: "LayoutServerTests",
            dependencies: ["LayoutServer", "LayoutCompiler", "LayoutRuntime"]
        ),
        .testTarget(
            name: "LayoutCompilerTests",
            dependencies: ["LayoutCompiler", "LayoutRuntime"],
            resources: [.copy("Fixtures")]
        ),
    ]
)
