// swift-tools-version: 6.0
import PackageDescription

// Compares Herald's modules with others on the same input, in a release build:
//   template-bench   HeraldMustache vs hummingbird-project/swift-mustache, same templates and data
//   markdown-bench   HeraldMarkdown's MarkdownRenderer vs libcmark called directly (the `cmark`
//                    command is timed by benchmarks/bench.py)
// Run by `make bench`; see benchmarks/README.md.
let package = Package(
    name: "herald-template-engine-bench",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Herald", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        .systemLibrary(name: "CLibcmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .executableTarget(
            name: "template-bench",
            dependencies: [
                .product(name: "HeraldMustache", package: "Herald"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]),
        .executableTarget(
            name: "markdown-bench",
            dependencies: [.product(name: "HeraldMarkdown", package: "Herald"), "CLibcmark"]),
    ]
)
