// swift-tools-version: 6.0
import PackageDescription

// One folder per module under Sources/, one test target per module. Each layer depends only on
// the ones above it:
//   HeraldCore          diagnostics, source positions, the raw data tree every loader produces
//   HeraldMarkdown      CommonMark through libcmark, front matter, headings, summary
//   HeraldLoaders       format readers: JSON, YAML, CSV/TSV, todo.txt, checklists, Markdown folders, SQLite
//   HeraldMustache      the strict, typed Mustache engine
//   herald              the command-line tool
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "Herald",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .target(name: "HeraldCore", dependencies: ["Yams"], swiftSettings: strict),
        .target(name: "HeraldMarkdown", dependencies: ["CCmark", "HeraldCore"], swiftSettings: strict),
        .target(name: "HeraldLoaders",
                dependencies: ["HeraldCore", "HeraldMarkdown", "Yams", .product(name: "GRDB", package: "GRDB.swift")],
                swiftSettings: strict),

        // Timed by benchmarks/loaders/run.sh in a release build; not part of the product.
        .executableTarget(name: "herald-bench-loaders", dependencies: ["HeraldLoaders", "HeraldCore"],
                          path: "benchmarks/loaders/Sources", swiftSettings: strict),

        .testTarget(name: "HeraldCoreTests", dependencies: ["HeraldCore"], swiftSettings: strict),
        .testTarget(name: "HeraldMarkdownTests", dependencies: ["HeraldMarkdown", "HeraldCore"],
                    resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(name: "HeraldLoadersTests",
                    dependencies: ["HeraldLoaders", "HeraldCore", .product(name: "GRDB", package: "GRDB.swift")],
                    resources: [.copy("Fixtures")], swiftSettings: strict),
    ]
)
