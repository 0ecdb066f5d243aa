import Foundation

/// Where the site lives on the server: the path of its `base_url` (`/board/` for
/// `https://example.org/board/`), and the mapping between request paths and output files.
struct BasePath: Sendable, Equatable {
    /// Starts and ends with `/`.
    let path: String

    /// The path of `baseURL`, a URL or a path as `SiteConfig` keeps it; `/` when there is none.
    init(baseURL: String?) {
        let raw = baseURL.flatMap { $0.hasPrefix("/") ? $0 : URLComponents(string: $0)?.percentEncodedPath } ?? "/"
        let trimmed = raw.hasSuffix("/") ? raw : raw + "/"
        path = trimmed.hasPrefix("/") ? trimmed : "/" + trimmed
    }

    /// The URL path an output file is reached at: `tasks/index.html` → `/board/tasks/`.
    func urlPath(of file: String) -> String {
        if file == "index.html" { return path }
        if file.hasSuffix("/index.html") { return path + file.dropLast("index.html".count) }
        return path + file
    }

    /// The part of a (decoded) request path under the base path, without its leading `/`; nil
    /// when the path lies outside the site.
    func relative(_ requestPath: String) -> String? {
        guard requestPath.hasPrefix(path) else { return nil }
        return String(requestPath.dropFirst(path.count))
    }
}
