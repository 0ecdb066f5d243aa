import Foundation
import HeraldCore

extension DeployTarget {
    /// An S3 bucket (AWS's or any S3-compatible store's) and how its objects are sent.
    public struct S3: Sendable, Equatable {
        public var bucket: String
        public var region: String
        /// The store's address, no path: AWS's regional endpoint unless herald.yml names one.
        public var endpoint: URLComponents
        /// The bucket in the path (`endpoint/bucket/key`), for MinIO-like stores, rather than in the host name.
        public var pathStyle: Bool
        /// `cache_control:` in the order herald.yml writes it: the first pattern a path matches gives its header.
        public var cacheControl: [CacheRule]

        /// One `cache_control:` entry: a pattern (`*` any run of characters, `/` included; `?` one) and its header.
        public struct CacheRule: Sendable, Equatable {
            public var pattern: String
            public var value: String

            public init(pattern: String, value: String) {
                self.pattern = pattern
                self.value = value
            }
        }

        public init(bucket: String, region: String, endpoint: URLComponents, pathStyle: Bool, cacheControl: [CacheRule])
        {
            self.bucket = bucket
            self.region = region
            self.endpoint = endpoint
            self.pathStyle = pathStyle
            self.cacheControl = cacheControl
        }

        /// The Cache-Control header of the file at `path`; nil when no pattern matches.
        public func cacheControl(for path: String) -> String? {
            cacheControl.first { Self.matches(Array($0.pattern), Array(path)) }?.value
        }

        static func matches(_ pattern: [Character], _ text: [Character]) -> Bool {
            var (p, t) = (0, 0)
            var star: (p: Int, t: Int)?
            while t < text.count {
                if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                    (p, t) = (p + 1, t + 1)
                } else if p < pattern.count, pattern[p] == "*" {
                    star = (p, t)
                    p += 1
                } else if let last = star {
                    (p, t) = (last.p + 1, last.t + 1)
                    star = (last.p, last.t + 1)
                } else {
                    return false
                }
            }
            return pattern[p...].allSatisfy { $0 == "*" }
        }
    }

    static let s3Keys = ["s3", "region", "endpoint", "path_style", "cache_control"]

    static func readS3(_ reader: inout ConfigReader, section: String, map: DataMap) -> S3? {
        reader.rejectUnknownKeys(in: map, known: s3Keys, section: section)
        let errors = reader.diagnostics.count
        let bucket = reader.text("s3", in: map)
        let region = reader.text("region", in: map)?.text ?? "us-east-1"
        if !region.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) || region.isEmpty {
            reader.error(
                "'\(section).region' must be a region such as eu-central-1, found '\(region)'", atKey: "region", in: map
            )
        }
        var endpoint = URLComponents(string: "https://s3.\(region).amazonaws.com") ?? URLComponents()
        if let (text, node) = reader.text("endpoint", in: map) {
            if let url = URLComponents(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host?.isEmpty == false, url.path.isEmpty || url.path == "/", url.query == nil, url.user == nil
            {
                endpoint = url
                endpoint.path = ""
            } else {
                reader.error(
                    "'\(section).endpoint' must be an http(s) URL with no path, such as https://s3.example.org, "
                        + "found '\(text)'", at: node)
            }
        }
        if let (text, node) = bucket, text.isEmpty || text.contains(where: { $0 == "/" || $0.isWhitespace }) {
            reader.error("'\(section).s3' must name a bucket, found '\(text)'", at: node)
        }
        var rules: [S3.CacheRule] = []
        if let rulesMap = reader.map("cache_control", in: map) {
            for (pattern, node) in rulesMap.entries {
                guard case .string(let value) = node.value, !value.isEmpty, !value.contains(where: \.isNewline) else {
                    reader.error(
                        "'\(section).cache_control.\(pattern)' must be a Cache-Control header such as "
                            + "\"public, max-age=300\", found \(node.value.quotedForMessage)", at: node)
                    continue
                }
                rules.append(S3.CacheRule(pattern: pattern, value: value))
            }
        }
        let pathStyle = reader.bool("path_style", in: map) ?? false
        guard reader.diagnostics.count == errors, let bucket else { return nil }
        return S3(bucket: bucket.text, region: region, endpoint: endpoint, pathStyle: pathStyle, cacheControl: rules)
    }
}
