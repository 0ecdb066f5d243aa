import Foundation
import HeraldBuilder
import HeraldCore
import HeraldMustache
import HeraldTestSupport
import Synchronization
import Testing

@Test func theLargestPagesAreStartedFirstAndEveryPageIsWritten() throws {
    let out = try TemporarySite()
    let library = TemplateLibrary([try Template(name: "page", path: "page.mustache", source: "{{name}}\n")])
    let started = Mutex<[String]>([])
    func page(_ name: String, size: Int = 1) throws -> OutputItem {
        let path = try #require(OutputPath("\(name).txt"))
        return .page(
            PageJob(output: path, template: "page", size: size) { _ in
                started.withLock { $0.append(name) }
                return ["name": .string(name)]
            })
    }
    let items = [
        try page("a"), try page("index", size: 500), try page("b"), try page("sitemap", size: 50_000),
        try page("c"), try page("board", size: 500)
    ]
    let writer = makeWriter(out.folder)
    // One job, so the order pages start in is the order they are taken in.
    let problems = Builder(jobs: 1).run(items, renderer: PageRenderer(library: library, strict: true), writer: writer)
    #expect(problems.isEmpty)
    #expect(started.withLock { $0 } == ["sitemap", "index", "board", "a", "b", "c"])
    #expect(try writer.commit().written == 6)
    for name in ["a", "b", "c", "index", "board", "sitemap"] { #expect(try out.read("\(name).txt") == "\(name)\n") }
}
