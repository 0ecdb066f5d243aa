import Foundation
@testable import HeraldServe
import HeraldTestSupport
import Testing

// The script and style served pages get are the files of Sources/HeraldServe/Client, carried in
// the binary by the EmbedFiles plugin: an edited file must reach the pages at the next build, and
// the page must hold it byte for byte.

@Test func theServedScriptAndStyleAreTheClientFolderFiles() throws {
    let folder = Repository.url("Sources/HeraldServe/Client")
    let script = try Data(contentsOf: folder.appendingPathComponent("herald-serve.js"))
    let style = try Data(contentsOf: folder.appendingPathComponent("herald-serve.css"))
    #expect(Data((ClientScript.script + "\n").utf8) == script)
    #expect(Data((ClientScript.style + "\n").utf8) == style)

    let page = String(decoding: PageInjection.errorPage(errors: ["herald.yml:1:1: error: bad"]), as: UTF8.self)
    #expect(page.contains(#"<style id="herald-serve-style">"# + ClientScript.style + "</style>\n"))
    #expect(page.contains(#"<script id="herald-serve-script">"# + ClientScript.script + "</script>\n"))
}
