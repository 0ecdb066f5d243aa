import Foundation
import HeraldCore
import HeraldSite
import Hummingbird

/// Answers `GET` and `HEAD` from the session's last good build, as a static host would: folders
/// by their `index.html`, `/x` redirected to `/x/`, the site's `404.html` for what is missing,
/// everything under the `base_url` path. HTML pages get the live-reload script on the way out.
struct StaticFiles: Sendable {
    let session: SiteSession
    let status: ServeStatus
    let requestGuard: RequestGuard

    func respond(to request: Request) -> Response {
        let head = request.method == .head
        guard let path = request.uri.path.removingPercentEncoding, !path.contains("\0") else {
            return Self.text(.badRequest, "Bad request: the path is not a valid URL path.\n", head: head)
        }
        guard let config = session.config else {
            // No build has succeeded yet: pages show the errors, other files do not exist yet.
            guard Self.looksLikePage(path) else {
                return Self.text(.serviceUnavailable, "No build has succeeded yet.\n", head: head)
            }
            return Self.file(
                .internalServerError, "index.html", PageInjection.errorPage(errors: status.current.errors ?? []),
                head: head)
        }
        let base = BasePath(baseURL: config.baseURL)
        guard let relative = base.relative(path) else {
            if path == "/" || path + "/" == base.path { return Self.redirect(to: base.path) }
            return notFound(request, head: head)
        }
        let file = relative.isEmpty || relative.hasSuffix("/") ? relative + "index.html" : relative
        if let bytes = session.file(file) {
            return Self.file(.ok, file, page(bytes, file: file, request: request), head: head)
        }
        if !file.hasSuffix("index.html"), session.file(relative + "/index.html") != nil {
            let query = request.uri.query.map { "?" + $0 } ?? ""
            return Self.redirect(to: request.uri.path + "/" + query)
        }
        return notFound(request, head: head)
    }

    private func notFound(_ request: Request, head: Bool) -> Response {
        guard let bytes = session.file("404.html") else { return Self.text(.notFound, "Not found.\n", head: head) }
        return Self.file(.notFound, "404.html", page(bytes, file: "404.html", request: request), head: head)
    }

    /// The bytes to send for `file`: HTML with the script and its settings, the rest as built.
    private func page(_ bytes: [UInt8], file: String, request: Request) -> [UInt8] {
        guard ContentTypes.isHTML(file) else { return bytes }
        let current = status.current
        var settings = PageInjection.Settings(errors: current.errors)
        // The token goes only to pages asked for by this server's own address, never to a page
        // fetched through someone else's DNS name.
        if let board = current.board, PageInjection.showsTasks(bytes),
            requestGuard.isTrustedHost(request.head.authority)
        {
            settings.board = PageInjection.Board(
                token: requestGuard.token, columns: board.columns.map(PageInjection.Column.init(name:)),
                readOnly: board.readOnlyReason, lanes: board.lanes)
        }
        return PageInjection.inject(into: bytes, settings: settings)
    }

    /// A path a browser would expect a page at: a folder, or a file with no extension or `.html`.
    private static func looksLikePage(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        return path.hasSuffix("/") || !name.contains(".") || ContentTypes.isHTML(name)
    }

    static func file(_ status: HTTPResponse.Status, _ file: String, _ bytes: [UInt8], head: Bool) -> Response {
        var headers = noStore()
        headers[.contentType] = ContentTypes.type(of: file)
        headers[.contentLength] = String(bytes.count)
        return Response(
            status: status, headers: headers,
            body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func text(_ status: HTTPResponse.Status, _ text: String, head: Bool = false) -> Response {
        file(status, "message.txt", Array(text.utf8), head: head)
    }

    static func redirect(to location: String) -> Response {
        var headers = noStore()
        headers[.location] = location
        return Response(status: .movedPermanently, headers: headers)
    }

    /// Every answer is fresh: the site may change at any moment.
    private static func noStore() -> HTTPFields {
        var headers = HTTPFields()
        headers[.cacheControl] = "no-store"
        return headers
    }
}
