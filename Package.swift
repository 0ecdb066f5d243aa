// swift-tools-version: 6.0
import PackageDescription

// One folder per module under Sources/, one test target per module. Each layer depends only on
// the ones above it:
//   HeraldCore          diagnostics, source positions, the raw data tree every loader produces
//   HeraldModels        Task, Hero, Page: their logic, and decoding themselves from records
//   HeraldConfig        herald.yml, checked key by key
//   HeraldMarkdown      CommonMark through libcmark, front matter, headings, summary
//   HeraldMustache      the strict, typed Mustache engine
//   HeraldPresenters    models -> view data (formatted strings, numbers, lists, maps)
//   HeraldBuilder       renders pages in parallel, writes the output atomically and incrementally
//   herald              the command-line tool
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "Herald",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .target(name: "HeraldCore", dependencies: ["Yams"], swiftSettings: strict),
        .target(name: "HeraldModels", dependencies: ["HeraldCore"], swiftSettings: strict),
        .target(name: "HeraldConfig", dependencies: ["HeraldCore", "HeraldModels"], swiftSettings: strict),
        .target(name: "HeraldMarkdown", dependencies: ["CCmark", "HeraldCore"], swiftSettings: strict),
        .target(name: "HeraldMustache", dependencies: ["HeraldCore"], swiftSettings: strict),
        .target(name: "HeraldPresenters",
                dependencies: ["HeraldCore", "HeraldModels", "HeraldMarkdown", "HeraldMustache"], swiftSettings: strict),
        .target(name: "HeraldBuilder", dependencies: ["HeraldCore", "HeraldMustache"], swiftSettings: strict),

        .testTarget(name: "HeraldCoreTests", dependencies: ["HeraldCore"], swiftSettings: strict),
        .testTarget(name: "HeraldModelsTests", dependencies: ["HeraldModels", "HeraldCore"],
                    resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(name: "HeraldConfigTests", dependencies: ["HeraldConfig", "HeraldModels", "HeraldCore"],
                    swiftSettings: strict),
        .testTarget(name: "HeraldMarkdownTests", dependencies: ["HeraldMarkdown", "HeraldCore"],
                    resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(name: "HeraldMustacheTests", dependencies: ["HeraldMustache"],
                    resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(name: "HeraldPresentersTests", dependencies: ["HeraldPresenters", "HeraldModels", "HeraldMustache"],
                    swiftSettings: strict),
        .testTarget(name: "HeraldBuilderTests", dependencies: ["HeraldBuilder", "HeraldMustache"], swiftSettings: strict),
    ]
)
