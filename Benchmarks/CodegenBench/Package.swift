// swift-tools-version:6.0
import PackageDescription

// Generated code vs. the engine, for BENCHMARKS.md ("Generated code"). The layouts in
// Sources/CodegenBench (links to layouts/, a 10,000-node tree and two 100,000-element flows)
// become Swift through the build plugin, so the generated code is always the current
// generator's. Run in release:
//   cd Benchmarks/CodegenBench && swift run -c release --scratch-path ../../.build-codegen-bench
let package = Package(
    name: "CodegenBench",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "layoutc", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "CodegenBench",
            dependencies: [
                .product(name: "LayoutRuntime", package: "layoutc"),
                .product(name: "LayoutCompiler", package: "layoutc"),
            ],
            plugins: [.plugin(name: "LayoutcBuildPlugin", package: "layoutc")]
        ),
    ]
)
