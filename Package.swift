// swift-tools-version:6.0
import PackageDescription

// Data flows one way: subs (entry point) -> SubsCLI (parsing, rendering) -> SubsCore (domain, pure Swift)
// <- adapters (SubsStore, ...) that implement SubsCore's protocols over C system libraries.
let package = Package(
    name: "subs",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "subs", targets: ["subs"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // C system libraries: a modulemap and a shim header each.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),

        // The domain: no I/O, no C.
        .target(name: "SubsCore"),

        // Adapters.
        .target(name: "SubsStore", dependencies: ["SubsCore", "CSQLite"]),

        // The command tree and output rendering.
        .target(
            name: "SubsCLI",
            dependencies: [
                "SubsCore", "SubsStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "subs", dependencies: ["SubsCLI"]),

        // Shared test helpers: run the built binary in a temporary HOME, golden files.
        .target(name: "TestSupport", path: "Sources/TestSupport"),
        .testTarget(name: "SubsCoreTests", dependencies: ["SubsCore"]),
        .testTarget(name: "SubsStoreTests", dependencies: ["SubsStore", "SubsCore", "TestSupport"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["SubsCore", "TestSupport"],
            exclude: ["Golden", "Scripts"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
