// swift-tools-version:6.0
import PackageDescription

// An app-like package that uses layoutc the way an app would: the build plugin turns the
// .layout files in Sources/ExampleScreens into Swift at build time, and the code links
// LayoutRuntime. Build and test with `cd Examples && swift build && swift test`.
let package = Package(
    name: "Examples",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "layoutc", path: ".."),
    ],
    targets: [
        .target(
            name: "ExampleScreens",
            dependencies: [.product(name: "LayoutRuntime", package: "layoutc")],
            plugins: [.plugin(name: "LayoutcBuildPlugin", package: "layoutc")]
        ),
        .testTarget(
            name: "ExampleScreensTests",
            dependencies: ["ExampleScreens"]
        ),
    ]
)
