import HeraldCore
@testable import HeraldRemote
import Testing

@Test func originsAreSchemeHostAndPortOfHTTPURLsOnly() {
    #expect(WebOrigin("https://API.example.org/x?y") == WebOrigin("https://api.example.org:443/z"))
    #expect(WebOrigin("http://api.example.org/") != WebOrigin("https://api.example.org/"))
    #expect(WebOrigin("http://127.0.0.1:8080/") != WebOrigin("http://127.0.0.1:8081/"))
    #expect(WebOrigin("http://example.org/") != WebOrigin("http://example.org.evil.test/"))
    for refused in [
        "http+unix://%2Ftmp%2Fs.sock/x", "file:///etc/passwd", "ftp://example.org/", "gopher://x/",
        "/relative", "javascript:alert(1)", "https:///no-host"
    ] {
        #expect(WebOrigin(refused) == nil, "\(refused)")
    }
    #expect(WebOrigin.schemeText(of: "http+unix://%2Fsecret.sock/x") == "a 'http+unix:' URL")
    #expect(WebOrigin.schemeText(of: "no scheme here") == "a URL with no scheme")
}

@Test func aRedirectIsFollowedOnlyOverHTTPAndAtMostSoOften() {
    var chain = RedirectChain(start: "https://a.example/one", limit: 2)
    #expect(chain.follow(location: "/two") == .success("https://a.example/two"))
    #expect(chain.current == "https://a.example/two")
    #expect(chain.follow(location: "https://b.example/three") == .success("https://b.example/three"))
    #expect(
        chain.follow(location: "https://b.example/four") == .failure(RedirectRefusal(cause: "more than 2 redirects")))

    var loop = RedirectChain(start: "http://a.example/1", limit: 5)
    #expect(loop.follow(location: "/2") == .success("http://a.example/2"))
    #expect(loop.follow(location: "/1") == .failure(RedirectRefusal(cause: "a redirect loop")))

    var away = RedirectChain(start: "http://a.example/1", limit: 5)
    #expect(
        away.follow(location: "file:///etc/passwd")
            == .failure(RedirectRefusal(cause: "a redirect to a 'file:' URL, which is not http(s)")))
    #expect(away.follow(location: nil) == .failure(RedirectRefusal(cause: "a redirect with no usable Location header")))
    #expect(away.current == "http://a.example/1")
}
