import Foundation
import HeraldCore
import HeraldLoaders

/// The environment variables one source names as `${NAME}` in its URL and headers. They are put
/// in only when a request is made; wherever a URL is kept or shown (cache entries, reports,
/// messages, the next page's URL) each value is turned back into its `${NAME}`.
struct SourceSecrets {
    /// The source's headers, expanded: sent only to the source's own origin.
    let headers: [(String, String)]
    /// Each named variable and its value, longest value first, so that one value holding
    /// another is put back whole.
    private let values: [(name: String, value: String)]

    /// Fails with an error naming the first variable that is not set, never a would-be value.
    init(_ spec: SourceSpec, environment: [String: String]) throws(DiagnosticError) {
        var found: [String: String] = [:]
        func expand(_ template: String, what: String) throws(DiagnosticError) -> String {
            var value = ""
            var rest = Substring(template)
            while let open = rest.range(of: "${") {
                value += rest[..<open.lowerBound]
                guard let close = rest[open.upperBound...].firstIndex(of: "}") else { break }
                let variable = String(rest[open.upperBound..<close])
                guard let text = environment[variable] else {
                    throw DiagnosticError(
                        .error(
                            at: SourceLocation(file: spec.path),
                            "\(what) uses the environment variable \(variable), which is not set"))
                }
                found[variable] = text
                value += text
                rest = rest[rest.index(after: close)...]
            }
            return value + rest
        }
        var headers: [(String, String)] = []
        for (name, template) in spec.remote.headers.sorted(by: { $0.key < $1.key }) {
            headers.append((name, try expand(template, what: "header '\(name)'")))
        }
        _ = try expand(spec.path, what: "the source's URL")
        self.headers = headers
        values = found.filter { !$0.value.isEmpty }.map { (name: $0.key, value: $0.value) }
            .sorted { ($0.value.count, $0.name) > ($1.value.count, $1.name) }
    }

    /// `url` as a request asks it: every `${NAME}` of these variables replaced by its value.
    func expand(_ url: String) -> String {
        var result = url
        for (name, value) in values { result = result.replacingOccurrences(of: "${\(name)}", with: value) }
        return result
    }

    /// `text` with each variable's value, as it is or percent-encoded, put back as `${NAME}`.
    func redact(_ text: String) -> String {
        var result = text
        for (name, value) in values {
            result = result.replacingOccurrences(of: value, with: "${\(name)}")
            if let encoded = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != value {
                result = result.replacingOccurrences(of: encoded, with: "${\(name)}")
            }
        }
        return result
    }
}
