@testable import HeraldCheck
import Testing

// Links resolved as a browser resolves them on the served site.

private let board = LinkResolver(address: SiteAddress(baseURL: "https://example.org/board/"))

private func resolve(
    _ link: String, from page: String = "heroes/zephyr/index.html",
    _ resolver: LinkResolver = board
) -> LinkTarget {
    resolver.resolve(link, page: page, directory: resolver.directory(of: page, base: nil))
}

@Test func relativeLinksResolveAgainstThePagesFolder() {
    #expect(resolve("../../index.html") == .local(path: "index.html", fragment: nil))
    #expect(resolve("../") == .local(path: "heroes/", fragment: nil))
    #expect(resolve("./stats.html#top") == .local(path: "heroes/zephyr/stats.html", fragment: "top"))
    #expect(resolve("#stats") == .local(path: "heroes/zephyr/index.html", fragment: "stats"))
    #expect(resolve("") == .local(path: "heroes/zephyr/index.html", fragment: nil))
    #expect(resolve("?page=2") == .local(path: "heroes/zephyr/index.html", fragment: nil))
    #expect(resolve(" caf%C3%A9/\n") == .local(path: "heroes/zephyr/café/", fragment: nil))
    #expect(resolve("a%ZZ") == .local(path: "heroes/zephyr/a%ZZ", fragment: nil))
}

@Test func linksLeavingTheBasePathAreCaught() {
    #expect(resolve("/board/tasks/") == .local(path: "tasks/", fragment: nil))
    #expect(resolve("/board") == .local(path: "", fragment: nil))
    #expect(resolve("/tasks/") == .outsideBase("/tasks/"))
    #expect(resolve("../../../tasks/") == .outsideBase("/tasks/"))
    #expect(resolve("../../../../../../tasks/") == .outsideBase("/tasks/"))
}

@Test func absoluteLinksToTheSiteAreLocalAndOthersExternal() {
    #expect(resolve("https://EXAMPLE.org:443/board/tasks/#t-1") == .local(path: "tasks/", fragment: "t-1"))
    #expect(resolve("http://example.org/board/about/") == .local(path: "about/", fragment: nil))
    #expect(resolve("https://example.org/other/") == .external("https://example.org/other/"))
    #expect(resolve("https://example.org:8443/board/") == .external("https://example.org:8443/board/"))
    #expect(resolve("//cdn.example.net/x.js") == .external("https://cdn.example.net/x.js"))
    #expect(resolve("HTTPS://w3.org/TR/#intro") == .external("HTTPS://w3.org/TR/"))
}

@Test func otherSchemesAreLeftAlone() {
    for link in [
        "mailto:team@example.org", "tel:+4930123", "javascript:void(0)", "data:image/png;base64,AA==", "ftp://x/"
    ] {
        #expect(resolve(link) == .ignored)
    }
    #expect(resolve("weird:path") == .ignored)
    #expect(resolve("not a scheme:x") == .local(path: "heroes/zephyr/not a scheme:x", fragment: nil))
}

@Test func aSiteWithAPathBaseURLHasNoOriginOfItsOwn() {
    let resolver = LinkResolver(address: SiteAddress(baseURL: "/docs/"))
    #expect(resolve("/docs/a/", from: "index.html", resolver) == .local(path: "a/", fragment: nil))
    #expect(
        resolve("https://example.org/docs/a/", from: "index.html", resolver) == .external("https://example.org/docs/a/")
    )
}

@Test func aBaseElementMovesRelativeLinks() {
    let directory = board.directory(of: "index.html", base: "/board/heroes/")
    #expect(
        board.resolve("zephyr/", page: "index.html", directory: directory)
            == .local(path: "heroes/zephyr/", fragment: nil))
}
