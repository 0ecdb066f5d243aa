import Foundation
import HeraldCore

/// Where a paged source's next page is: a `Link: <…>; rel="next"` header, else the URL at the
/// source's `next:` key path in the page's JSON body. Only an http(s) URL is a next page.
public enum NextPage {
    /// The next page's URL, made absolute against `pageURL` (the URL the page came from, after
    /// redirects); nil when the page names none. The failure says, in words for a message, why
    /// the URL it names is not followed.
    public static func find(
        linkHeaders: [String], body: [UInt8], nextPath: String?,
        pageURL: String
    ) -> Result<String?, NextPageRefusal> {
        guard let found = fromLinks(linkHeaders) ?? fromBody(body, path: nextPath, file: pageURL) else {
            return .success(nil)
        }
        let next = URL(string: found, relativeTo: URL(string: pageURL))?.absoluteString ?? found
        guard WebOrigin(next) != nil else {
            return .failure(
                NextPageRefusal(
                    cause: "names \(WebOrigin.schemeText(of: next)) as its next page; "
                        + "pages are followed over http(s) only"))
        }
        return .success(next)
    }

    /// The last `rel="next"` target of the `Link` headers (each may list several links).
    private static func fromLinks(_ headers: [String]) -> String? {
        var found: String?
        for link in headers.flatMap({ $0.split(separator: ",") }) {
            let parts = link.split(separator: ";").map { $0.trimmed() }
            guard let target = parts.first, target.count >= 2, target.hasPrefix("<"), target.hasSuffix(">"),
                parts.dropFirst().contains(where: isNextRelation)
            else { continue }
            found = String(target.dropFirst().dropLast())
        }
        return found
    }

    /// `rel=next`, `rel="next"`, or `rel="next last"`.
    private static func isNextRelation(_ part: String) -> Bool {
        let pair = part.split(separator: "=", maxSplits: 1)
        return pair.count == 2 && pair[0].trimmed() == "rel"
            && pair[1].trimmed().trimmingCharacters(in: CharacterSet(charactersIn: "\"")).split(separator: " ")
                .contains("next")
    }

    private static func fromBody(_ body: [UInt8], path: String?, file: String) -> String? {
        guard let path, let document = try? JSONParser.parse(body, file: file),
            case .string(let next)? = document.lookup(path)?.value, !next.isEmpty
        else { return nil }
        return next
    }
}

/// Why a page's next page is not followed.
public struct NextPageRefusal: Error, Sendable, Equatable {
    public var cause: String
}
