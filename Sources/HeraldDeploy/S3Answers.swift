import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One page of a ListObjectsV2 answer.
struct ListPage {
    var objects: [(key: String, etag: String)] = []
    var truncated = false
    var nextToken: String?
    /// Whether the answer was a listing at all.
    var parsed = false

    init(_ body: [UInt8]) {
        let reader = XMLFields(body)
        guard reader.parsed, reader.root == "ListBucketResult" else { return }
        parsed = true
        objects = reader.contents.map { ($0["Key"] ?? "", ($0["ETag"] ?? "").replacingOccurrences(of: "\"", with: "")) }
            .filter { !$0.key.isEmpty }
        truncated = reader.top["IsTruncated"] == "true"
        nextToken = reader.top["NextContinuationToken"]
    }
}

/// The `<Error>` answer S3 gives with a failed call.
struct ErrorAnswer {
    var code: String?
    var message: String?

    init(_ body: [UInt8]) {
        let reader = XMLFields(body)
        guard reader.parsed, reader.root == "Error" else { return }
        code = reader.top["Code"]
        message = reader.top["Message"]
    }
}

/// The text of an S3 answer's elements: the root's own children, and each `<Contents>`'s.
private final class XMLFields: NSObject, XMLParserDelegate {
    var root: String?
    var top: [String: String] = [:]
    var contents: [[String: String]] = []
    var parsed = false
    private var path: [String] = []
    private var text = ""

    init(_ body: [UInt8]) {
        super.init()
        let parser = XMLParser(data: Data(body))
        parser.delegate = self
        parsed = parser.parse()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if path.isEmpty { root = name }
        if path.count == 1, name == "Contents" { contents.append([:]) }
        path.append(name)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if path.count == 2 { top[name] = text }
        if path.count == 3, path[1] == "Contents", !contents.isEmpty { contents[contents.count - 1][name] = text }
        path.removeLast()
        text = ""
    }
}
