/// The `Content-Type` of a site's file, from its extension: what a static host would send, and
/// what `herald serve` sends and a deploy to a bucket stores.
public enum ContentTypes {
    private static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "xml": "application/xml; charset=utf-8",
        "rss": "application/rss+xml; charset=utf-8",
        "atom": "application/atom+xml; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "ics": "text/calendar; charset=utf-8",
        "pdf": "application/pdf",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "wasm": "application/wasm",
        "webmanifest": "application/manifest+json",
        "map": "application/json",
        "mp4": "video/mp4",
        "webm": "video/webm",
        "mp3": "audio/mpeg"
    ]

    /// The type for `path` (`tasks/index.html`); bytes of an unknown kind are sent as such.
    public static func type(of path: String) -> String {
        byExtension[fileExtension(path)] ?? "application/octet-stream"
    }

    /// Whether the file is an HTML page, the only kind the live-reload script goes into.
    public static func isHTML(_ path: String) -> Bool {
        let ext = fileExtension(path)
        return ext == "html" || ext == "htm"
    }

    private static func fileExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
