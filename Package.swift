// swift-tools-version: 6.0
import PackageDescription

// One folder per module under Sources/, one test target per module. Each layer depends only on
// the ones above it:
//   HeraldCore          diagnostics, source positions, the raw data tree every loader produces
//   HeraldMarkdown      CommonMark through libcmark, front matter, headings, summary
//   HeraldMustache      the strict, typed Mustache engine
//   herald              the command-line tool
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "Herald",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "herald", targets: ["herald"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .target(name: "HeraldCore", swiftSettings: strict),
        .target(name: "HeraldMustache", dependencies: ["HeraldCore"], swiftSettings: strict),
        .executableTarget(
            name: "herald",
            dependencies: [
                "HeraldCore",
                "HeraldMustache",
                .product(name: "Yams", package: "Yams"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),

        .testTarget(name: "HeraldCoreTests", dependencies: ["HeraldCore"], swiftSettings: strict),
        .testTarget(
            name: "HeraldMustacheTests",
            dependencies: ["HeraldMustache"],
            resources: [.copy("Fixtures")],
            swiftSettings: strict
        ),
        .testTarget(name: "heraldTests", dependencies: ["herald"], swiftSettings: strict),
    ]
)
