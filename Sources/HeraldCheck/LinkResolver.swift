/// Where a link written in a page leads.
enum LinkTarget: Equatable {
    /// A scheme the checker does not follow: `mailto:`, `tel:`, `data:`, `javascript:`…
    case ignored
    /// An http(s) URL off the site, without its fragment.
    case external(String)
    /// A file of the built site: its path in the output folder, percent-decoded (`""` is the root
    /// folder), and the fragment, decoded too, when there is one.
    case local(path: String, fragment: String?)
    /// A path on the site's host that is not under its base path: `/tasks/` on a site served
    /// from `/board/`.
    case outsideBase(String)
}

/// Resolves links as a browser would on the served site, by the URL spec's rules for relative
/// references (dot segments, `//host`, queries and fragments), with the site at `address`.
struct LinkResolver {
    let address: SiteAddress

    /// Where `link` leads from the page at `page` (its path in the output folder), whose links
    /// resolve against `directory`: the URL path of the page's folder, or of its `<base href>`.
    func resolve(_ link: String, page: String, directory: String) -> LinkTarget {
        var text = Self.cleaned(link)
        var fragment: String?
        // Searched as bytes: a Character search breaks graphemes, and every link is searched.
        if let hash = Self.firstIndex(of: UInt8(ascii: "#"), in: text) {
            fragment = Self.percentDecoded(String(text[text.utf8.index(after: hash)...]))
            text = String(text[..<hash])
        }
        if let query = Self.firstIndex(of: UInt8(ascii: "?"), in: text) { text = String(text[..<query]) }
        if text.isEmpty { return .local(path: page, fragment: fragment) }

        if let scheme = Self.scheme(of: text) {
            guard scheme == "http" || scheme == "https" else { return .ignored }
            return absolute(link, fragment: fragment)
        }
        if text.hasPrefix("//") {
            return absolute("https:" + Self.cleaned(link), fragment: fragment)
        }
        let path = text.hasPrefix("/") ? text : directory + text
        return local(Self.removingDotSegments(path), fragment: fragment)
    }

    /// The URL path of the folder relative links of `page` resolve against.
    func directory(of page: String, base: String?) -> String {
        let own = address.basePath + page
        let folder = String(own[...(own.lastIndex(of: "/") ?? own.startIndex)])
        guard let base else { return folder }
        switch resolve(base, page: page, directory: folder) {
        case .local(let path, _):
            let full = address.basePath + path
            return String(full[...(full.lastIndex(of: "/") ?? full.startIndex)])
        default:
            // A `<base>` off the site: its links are checked as external ones would be only when
            // written in full, so relative ones are read against the page's own folder.
            return folder
        }
    }

    private func absolute(_ link: String, fragment: String?) -> LinkTarget {
        guard let url = AbsoluteURL(Self.cleaned(link)) else { return .external(Self.withoutFragment(link)) }
        if address.isSameOrigin(url), let relative = address.relative(Self.removingDotSegments(url.path)) {
            return .local(path: Self.percentDecoded(relative), fragment: fragment)
        }
        return .external(Self.withoutFragment(Self.cleaned(link)))
    }

    private func local(_ path: String, fragment: String?) -> LinkTarget {
        guard let relative = address.relative(path) else { return .outsideBase(path) }
        return .local(path: Self.percentDecoded(relative), fragment: fragment)
    }

    // MARK: URL text

    /// The URL spec strips leading and trailing C0 controls and spaces, and drops tabs and line
    /// breaks anywhere: `href=" /about/\n"` is `/about/`.
    static func cleaned(_ link: String) -> String {
        var link = link
        guard link.withUTF8({ $0.contains { $0 <= 0x20 } }) else { return link }
        var bytes = Array(link.utf8)
        while let last = bytes.last, last <= 0x20 { bytes.removeLast() }
        let start = bytes.firstIndex { $0 > 0x20 } ?? bytes.endIndex
        return String(decoding: bytes[start...].filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
    }

    static func withoutFragment(_ url: String) -> String {
        firstIndex(of: UInt8(ascii: "#"), in: url).map { String(url[..<$0]) } ?? url
    }

    /// Where `byte` first is in the text, found in its UTF-8 storage: the generic search through
    /// `utf8` costs more than resolving the link.
    private static func firstIndex(of byte: UInt8, in text: String) -> String.Index? {
        var text = text
        guard let offset = text.withUTF8({ $0.firstIndex(of: byte) }) else { return nil }
        return text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    }

    /// The lowercased scheme of an absolute URL (`https`, `mailto`); nil for a relative reference.
    static func scheme(of text: String) -> String? {
        var scheme: [UInt8] = []
        for (offset, byte) in text.utf8.enumerated() {
            if byte == UInt8(ascii: ":") { return offset == 0 ? nil : String(decoding: scheme, as: UTF8.self) }
            let lower = byte | 0x20
            let isLetter = lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
            let allowed =
                isLetter
                || (offset > 0
                    && ((byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")))
            guard allowed else { return nil }
            scheme.append(isLetter ? lower : byte)
        }
        return nil
    }

    /// `/a/b/../c/./d` → `/a/c/d`, keeping a trailing `/`; `..` above the root stays at the root,
    /// as browsers do. On bytes: a site has hundreds of thousands of `../` links.
    static func removingDotSegments(_ path: String) -> String {
        guard hasDotSegment(path) else { return path }
        let bytes = Array(path.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        // Where each segment written so far starts (at its `/`), for `..` to take it back.
        var starts: [Int] = []
        var index = bytes.first == UInt8(ascii: "/") ? 1 : 0
        while index <= bytes.count {
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
            let isLast = end >= bytes.count
            switch dotSegment(bytes[index..<end]) {
            case 1:
                if isLast { output.append(UInt8(ascii: "/")) }
            case 2:
                if let start = starts.popLast() { output.removeSubrange(start...) }
                if isLast { output.append(UInt8(ascii: "/")) }
            default:
                starts.append(output.count)
                output.append(UInt8(ascii: "/"))
                output.append(contentsOf: bytes[index..<end])
            }
            index = end + 1
        }
        return output.isEmpty ? "/" : String(decoding: output, as: UTF8.self)
    }

    /// 1 for `.`, 2 for `..` (either dot may be written `%2e`), 0 for any other segment.
    private static func dotSegment(_ segment: ArraySlice<UInt8>) -> Int {
        var dots = 0
        var index = segment.startIndex
        while index < segment.endIndex {
            if segment[index] == UInt8(ascii: ".") {
                index += 1
            } else if segment[index] == UInt8(ascii: "%"), index + 2 < segment.endIndex,
                segment[index + 1] == UInt8(ascii: "2"),
                segment[index + 2] | 0x20 == UInt8(ascii: "e")
            {
                index += 3
            } else {
                return 0
            }
            dots += 1
            if dots > 2 { return 0 }
        }
        return dots
    }

    /// Whether a segment may start with `.` or `%2e`: most links have none, and skip the split.
    private static func hasDotSegment(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                if previous == UInt8(ascii: "/"), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "%") { return true }
                previous = byte
            }
            return false
        }
    }

    /// `%XX` escapes decoded; the text as written when they do not decode to UTF-8.
    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        let source = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(source.count)
        var index = 0
        while index < source.count {
            if source[index] == UInt8(ascii: "%"), index + 2 < source.count,
                let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
