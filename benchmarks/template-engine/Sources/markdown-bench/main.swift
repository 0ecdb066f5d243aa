import CLibcmark
import Foundation
import HeraldMarkdown

// Renders a Markdown corpus with HeraldMarkdown's MarkdownRenderer (smart punctuation, safe mode,
// heading ids, summary) and with libcmark's cmark_markdown_to_html directly (the same flags),
// single-threaded, and prints MB/s as JSON: once as one document, once document by document
// (documents are separated by a line holding only the form feed character \u{0C}).
//
//   markdown-bench FILE [--seconds 2] [--rounds 3]

var arguments = CommandLine.arguments.dropFirst()
var file = ""
var seconds = 2.0
var rounds = 3
while let argument = arguments.popFirst() {
    switch argument {
    case "--seconds": seconds = Double(arguments.popFirst() ?? "") ?? seconds
    case "--rounds": rounds = Int(arguments.popFirst() ?? "") ?? rounds
    default: file = argument
    }
}
guard !file.isEmpty, let corpus = try? String(contentsOfFile: file, encoding: .utf8) else {
    FileHandle.standardError.write(Data("usage: markdown-bench FILE [--seconds S] [--rounds R]\n".utf8))
    exit(2)
}
let documents = corpus.components(separatedBy: "\n\u{0C}\n")
let whole = documents.joined(separator: "\n")
let megabytes = Double(whole.utf8.count) / 1_000_000

let renderer = MarkdownRenderer(options: MarkdownOptions(smart: true, unsafe: false))
let flags = CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_SMART

func cmarkHTML(_ text: String) -> Int {
    text.withCString { pointer in
        guard let html = cmark_markdown_to_html(pointer, strlen(pointer), flags) else { return 0 }
        defer { free(html) }
        return strlen(html)
    }
}

/// MB/s of `body`, which renders the whole corpus once and returns the HTML size.
@MainActor func rate(_ body: () -> Int) -> Double {
    let clock = ContinuousClock()
    _ = body()
    var count = 0
    let start = clock.now
    var elapsed = Duration.zero
    repeat {
        _ = body()
        count += 1
        elapsed = clock.now - start
    } while elapsed < .seconds(seconds)
    let total = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return megabytes * Double(count) / total
}

let cases: [(String, () -> Int)] = [
    ("herald_whole", { renderer.render(whole).html.utf8.count }),
    ("libcmark_whole", { cmarkHTML(whole) }),
    ("herald_per_document", { documents.reduce(0) { $0 + renderer.render($1).html.utf8.count } }),
    ("libcmark_per_document", { documents.reduce(0) { $0 + cmarkHTML($1) } }),
]
var rates: [String: [Double]] = [:]
for _ in 0..<rounds {
    for (name, body) in cases { rates[name, default: []].append(rate(body)) }
}
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}
var result: [String: Any] = ["megabytes": megabytes, "documents": documents.count]
for (name, _) in cases {
    result[name + "_mb_per_second"] = median(rates[name]!)
    result[name + "_rounds"] = rates[name]!
}
let json = try! JSONSerialization.data(withJSONObject: result, options: [.prettyPrinted, .sortedKeys])
print(String(decoding: json, as: UTF8.self))
