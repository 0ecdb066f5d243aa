// swift-tools-version: 6.0
import PackageDescription

// One folder per module under Sources/, one test target per module. Each module depends only on
// modules listed above it (ARCHITECTURE.md draws the layers):
//   HeraldCore          diagnostics, source positions, the data tree, the JSON and YAML readers
//   HeraldModels        Task, Hero, Page: their logic, and decoding themselves from records
//   HeraldMarkdown      CommonMark through libcmark, front matter, heading ids, summary
//   HeraldMustache      the strict, typed Mustache engine and its view data
//   HeraldConfig        herald.yml, checked key by key                  (Core, Models, Markdown)
//   HeraldLoaders       files, folders, globs, SQLite and fetched pages -> records -> models
//                                                                       (Core, Models, Markdown, Config)
//   HeraldRemote        URL sources: HTTP with retries, the disk cache, paging    (Core, Loaders)
//   HeraldEditor        the write side of the loaders: tasks added, completed, moved and removed in
//                       their own file, byte for byte                     (Core, Models, Config, Loaders)
//   HeraldPresenters    models -> view data (formatted strings, numbers, lists, maps)
//                                                                       (Core, Models, Markdown, Mustache)
//   HeraldBuilder       renders pages in parallel, writes the output atomically and incrementally
//                                                                       (Core, Mustache)
//   HeraldSite          coordinators: which pages exist, which presenter feeds which template (all above)
//   HeraldCheck         herald check: the built site's links, anchors and assets, and outside links over
//                       HTTP                                             (Core, Remote, async-http-client)
//   HeraldServe         herald serve: the site from memory over HTTP, file watching, live reload and the
//                       board's actions                              (Core, Config, Editor, Site, Hummingbird)
//   HeraldDeploy        herald deploy: the built site published to a git branch or an S3 bucket, only
//                       what changed                 (Core, Config, Builder, Remote, swift-crypto, async-http-client)
//   herald              the command-line tool (Core, Models, Config, Mustache, Builder, Remote, Editor, Site, Serve,
//                       Check, Deploy)
//   BuildCommit         a plugin: the commit herald is built from, for herald --version
//   EmbedFiles          a plugin: the built-in theme (Sources/HeraldSite/Theme) and the served pages' script and
//                       style (Sources/HeraldServe/Client) as Swift files of their targets, so that the herald
//                       executable is the one file it needs
//
// Linux only: the code reads /proc and calls Glibc directly, so no Apple platform is declared.
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "Herald",
    products: [
        .executable(name: "herald", targets: ["herald"]),
        // For the benchmark packages under benchmarks/, which compare these modules with others.
        .library(name: "HeraldMustache", targets: ["HeraldMustache"]),
        .library(name: "HeraldMarkdown", targets: ["HeraldMarkdown"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Named for herald serve, which silences Hummingbird's logger and ends its event streams on
        // the graceful shutdown; both come with Hummingbird anyway.
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // SHA-256 and HMAC for the S3 target's request signatures, MD5 to compare files with ETags.
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0")
    ],
    targets: [
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        // jemalloc replaces glibc's malloc in the herald executable (benchmarks/README.md, "Allocator").
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"])]),
        .target(name: "HeraldCore", dependencies: ["Yams"], swiftSettings: strict),
        .target(name: "HeraldModels", dependencies: ["HeraldCore"], swiftSettings: strict),
        .target(name: "HeraldMarkdown", dependencies: ["CCmark", "HeraldCore"], swiftSettings: strict),
        .target(name: "HeraldMustache", dependencies: ["HeraldCore"], swiftSettings: strict),
        .target(
            name: "HeraldConfig", dependencies: ["HeraldCore", "HeraldModels", "HeraldMarkdown"], swiftSettings: strict),
        .target(
            name: "HeraldLoaders",
            dependencies: [
                "HeraldCore", "HeraldModels", "HeraldMarkdown", "HeraldConfig",
                .product(name: "GRDB", package: "GRDB.swift")
            ],
            swiftSettings: strict),
        .target(
            name: "HeraldRemote",
            dependencies: [
                "HeraldCore", "HeraldLoaders",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio")
            ],
            swiftSettings: strict),
        .target(
            name: "HeraldEditor",
            dependencies: [
                "HeraldCore", "HeraldModels", "HeraldConfig", "HeraldLoaders",
                .product(name: "GRDB", package: "GRDB.swift")
            ],
            swiftSettings: strict),
        .target(
            name: "HeraldPresenters",
            dependencies: ["HeraldCore", "HeraldModels", "HeraldMarkdown", "HeraldMustache"], swiftSettings: strict),
        .target(name: "HeraldBuilder", dependencies: ["HeraldCore", "HeraldMustache"], swiftSettings: strict),
        .target(
            name: "HeraldSite",
            dependencies: [
                "HeraldCore", "HeraldModels", "HeraldConfig", "HeraldMarkdown", "HeraldMustache",
                "HeraldLoaders", "HeraldRemote", "HeraldPresenters", "HeraldBuilder"
            ],
            exclude: ["Theme"], swiftSettings: strict, plugins: ["EmbedFiles"]),
        .target(
            name: "HeraldCheck",
            dependencies: [
                "HeraldCore", "HeraldRemote",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio")
            ],
            swiftSettings: strict),
        .target(
            name: "HeraldDeploy",
            dependencies: [
                "HeraldCore", "HeraldConfig", "HeraldBuilder", "HeraldRemote",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio")
            ],
            swiftSettings: strict),
        .target(
            name: "HeraldServe",
            dependencies: [
                "HeraldCore", "HeraldConfig", "HeraldEditor", "HeraldLoaders", "HeraldModels", "HeraldPresenters",
                "HeraldSite",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
            ],
            exclude: ["Client"], swiftSettings: strict, plugins: ["EmbedFiles"]),
        // Timed by benchmarks/loaders/run.sh in a release build; not part of the product.
        .executableTarget(
            name: "herald-bench-loaders", dependencies: ["HeraldLoaders", "HeraldCore"],
            path: "benchmarks/loaders/Sources", swiftSettings: strict),
        // Writes the commit herald is built from into the herald target, for --version.
        .plugin(name: "BuildCommit", capability: .buildTool()),
        // Writes the built-in theme into HeraldSite and the served pages' script and style into
        // HeraldServe, so that herald carries them.
        .plugin(name: "EmbedFiles", capability: .buildTool()),
        .executableTarget(
            name: "herald",
            dependencies: [
                "CJemalloc", "HeraldCore", "HeraldModels", "HeraldConfig", "HeraldMustache", "HeraldBuilder",
                "HeraldRemote", "HeraldEditor", "HeraldSite", "HeraldServe", "HeraldCheck", "HeraldDeploy",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ],
            swiftSettings: strict, plugins: ["BuildCommit"]),

        // What the test targets share: temporary sites, diagnostics and dates, and one copy of the
        // real data sets. A regular target, so that every test target can import it.
        .target(
            name: "HeraldTestSupport", dependencies: ["HeraldCore"], path: "Tests/HeraldTestSupport",
            resources: [.copy("Fixtures"), .copy("Server")], swiftSettings: strict),
        .testTarget(name: "HeraldCoreTests", dependencies: ["HeraldCore", "HeraldTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "HeraldModelsTests", dependencies: ["HeraldModels", "HeraldCore", "HeraldTestSupport"],
            resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(
            name: "HeraldConfigTests",
            dependencies: ["HeraldConfig", "HeraldModels", "HeraldCore", "HeraldMarkdown", "HeraldTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "HeraldMarkdownTests", dependencies: ["HeraldMarkdown", "HeraldCore", "HeraldTestSupport"],
            resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(
            name: "HeraldMustacheTests", dependencies: ["HeraldMustache", "HeraldTestSupport"],
            resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(
            name: "HeraldLoadersTests",
            dependencies: [
                "HeraldLoaders", "HeraldModels", "HeraldCore", "HeraldTestSupport",
                .product(name: "GRDB", package: "GRDB.swift")
            ],
            swiftSettings: strict),
        .testTarget(
            name: "HeraldEditorTests",
            dependencies: [
                "HeraldEditor", "HeraldLoaders", "HeraldModels", "HeraldConfig", "HeraldCore",
                "HeraldTestSupport", .product(name: "GRDB", package: "GRDB.swift")
            ],
            swiftSettings: strict),
        .testTarget(
            name: "HeraldPresentersTests",
            dependencies: [
                "HeraldPresenters", "HeraldModels", "HeraldMustache", "HeraldMarkdown", "HeraldCore",
                "HeraldTestSupport"
            ],
            swiftSettings: strict),
        .testTarget(
            name: "HeraldBuilderTests", dependencies: ["HeraldBuilder", "HeraldMustache", "HeraldTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "HeraldSiteTests",
            dependencies: [
                "HeraldSite", "HeraldLoaders", "HeraldModels", "HeraldConfig", "HeraldCore",
                "HeraldTestSupport", .product(name: "GRDB", package: "GRDB.swift")
            ],
            swiftSettings: strict),
        .testTarget(
            name: "HeraldRemoteTests",
            dependencies: [
                "HeraldRemote", "HeraldLoaders", "HeraldCore", "HeraldTestSupport",
                .product(name: "NIOHTTP1", package: "swift-nio")
            ],
            swiftSettings: strict),
        .testTarget(
            name: "HeraldCheckTests", dependencies: ["HeraldCheck", "HeraldCore", "HeraldTestSupport"],
            swiftSettings: strict),
        // In process: the routes and their guard through HummingbirdTesting, the rebuilder as a unit.
        .testTarget(
            name: "HeraldServeTests",
            dependencies: [
                "HeraldServe", "HeraldSite", "HeraldTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio")
            ],
            swiftSettings: strict),
        .testTarget(
            name: "HeraldDeployTests",
            dependencies: ["HeraldDeploy", "HeraldConfig", "HeraldCore", "HeraldTestSupport"],
            resources: [.copy("Moto")], swiftSettings: strict),
        .testTarget(
            name: "heraldTests",
            dependencies: [
                "herald", "HeraldTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio")
            ],
            swiftSettings: strict)
    ]
)
