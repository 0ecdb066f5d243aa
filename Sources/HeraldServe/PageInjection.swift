import HeraldPresenters
/// Puts the live-reload settings, script and style into a served HTML page, before its
/// `</body>`; and makes the page shown while no build has succeeded.
enum PageInjection {
    /// Where the pages listen for rebuilds; outside any base path, so no site can own it.
    static let eventsPath = "/_herald/events"
    /// Where the board's actions are posted.
    static let tasksPath = "/_herald/tasks"

    /// The script's settings, as JSON in the page.
    struct Settings: Encodable {
        var events = PageInjection.eventsPath
        /// The errors of the last rebuild when it failed, so that a page opened meanwhile shows them.
        var errors: [String]?
        /// True on the page served while no build has succeeded: any good build reloads it.
        var errorPage = false
        var board: Board?
    }

    /// The board's actions, on pages with task cards served to a trusted host only.
    struct Board: Encodable {
        var endpoint = PageInjection.tasksPath
        var token: String
        var tokenHeader = RequestGuard.tokenHeader
        var columns: [Column]
        var readOnly: String?
        var lanes: BoardState.Lanes?
    }

    /// A column, with the anchor the board gives its section (`column-<anchor>`) and the title
    /// its head shows ("To do"), which the actions name it by too.
    struct Column: Encodable {
        var name: String
        var anchor: String
        var title: String

        /// The anchor as the board's presenter makes it: what is not an ASCII letter, digit,
        /// `-` or `_` becomes `-`.
        init(name: String) {
            self.name = name
            anchor = String(
                name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-" })
            title = TaskBoardPresenter.title(ofColumn: name)
        }
    }

    /// `html` with the settings, script and style before its last `</body>` (at its end when it
    /// has none).
    static func inject(into html: [UInt8], settings: Settings) -> [UInt8] {
        let snippet = Array(snippet(settings).utf8)
        var page = html
        page.insert(contentsOf: snippet, at: lastBodyEnd(in: html) ?? html.endIndex)
        return page
    }

    /// Whether the page shows task cards or the board, where the actions go.
    static func showsTasks(_ html: [UInt8]) -> Bool {
        contains(Array(#"class="task-id""#.utf8), in: html) || contains(Array(#"class="board""#.utf8), in: html)
    }

    /// The page every HTML request gets while no build has succeeded: the errors, HTML-escaped,
    /// and the script, which shows them as the overlay and loads the site once a build succeeds.
    static func errorPage(errors: [String]) -> [UInt8] {
        let escaped = errors.map(escapeHTML).joined(separator: "\n")
        let page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Build failed</title>
            </head>
            <body>
            <h1>Build failed</h1>
            <pre>\(escaped)</pre>
            <p>This page loads the site as soon as a build succeeds.</p>
            </body>
            </html>

            """
        return inject(into: Array(page.utf8), settings: Settings(errors: errors, errorPage: true))
    }

    static func escapeHTML(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private static func snippet(_ settings: Settings) -> String {
        """
        <script type="application/json" id="herald-serve-config">\(ScriptSafeJSON.encode(settings))</script>
        <style id="herald-serve-style">\(ClientScript.style)</style>
        <script id="herald-serve-script">\(ClientScript.script)</script>

        """
    }

    /// The offset of the last `</body>`, in any letter case.
    private static func lastBodyEnd(in html: [UInt8]) -> Int? {
        let tag = Array("</body>".utf8)
        guard html.count >= tag.count else { return nil }
        for start in stride(from: html.count - tag.count, through: 0, by: -1)
        where zip(html[start..<(start + tag.count)], tag).allSatisfy({ lowercased($0) == $1 }) {
            return start
        }
        return nil
    }

    private static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
