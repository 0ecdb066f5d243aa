import Foundation
import HeraldMustache
import Mustache

// Renders the hero catalog's list page of Herald's default theme (heroes.html: a parent layout,
// blocks, the hero-card.html partial in a section over 1,000 heroes, the pager partial, inverted
// sections) with HeraldMustache and with swift-mustache, from the same templates and the same
// data, single-threaded, and prints renders per second as JSON.
//
//   template-bench THEME_FOLDER [--cards 1000] [--seconds 2] [--rounds 3]

struct Options {
    var theme = ""
    var cards = 1000
    var seconds = 2.0
    var rounds = 3

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--cards": cards = Int(rest.popFirst() ?? "") ?? cards
            case "--seconds": seconds = Double(rest.popFirst() ?? "") ?? seconds
            case "--rounds": rounds = Int(rest.popFirst() ?? "") ?? rounds
            default: theme = argument
            }
        }
        if theme.isEmpty {
            FileHandle.standardError.write(Data("usage: template-bench THEME_FOLDER [--cards N] [--seconds S] [--rounds R]\n".utf8))
            exit(2)
        }
    }
}

/// The view data of one list page, shaped as HeroCatalogPresenter.listPage shapes it.
func listPage(cards: Int) -> TemplateValue {
    let publishers = ["Foxglove Press", "Northwind", "Lanternworks", "Harbor Comics", "Bluebell <Books>"]
    let alignments = ["good", "bad", "neutral"]
    let palette = ["#2754c5", "#7a3fb0", "#1e7a3c", "#b3261e", "#8a5a00", "#006a78", "#9c2f6b", "#4d5b7c"]
    let heroes: [TemplateValue] = (0..<cards).map { index in
        let alignment = alignments[index % alignments.count]
        return [
            "name": .string("Hero & Sidekick \(index)"),
            "href": .string("../heroes/hero-\(index)/index.html"),
            "publisher": .string(publishers[index % publishers.count]),
            "alignment": .string(alignment),
            "alignment_class": .string(alignment),
            "stats_total": .string(String(200 + index % 300)),
            "initials": "HS",
            "color": .string(palette[index % palette.count]),
            // Every fourth hero has an image: the section and the inverted section both render.
            "image": index % 4 == 0 ? .string("../images/hero-\(index).png") : nil,
        ]
    }
    let pageCount = 21
    // The windowed pager of page 1: 1 2 3 … 21.
    var pages: [TemplateValue] = [1, 2, 3].map { number in
        ["gap": false, "number": .int(number), "current": .bool(number == 1),
         "href": .string(number == 1 ? "../heroes/index.html" : "../heroes/page/\(number)/index.html")]
    }
    pages.append(["gap": true, "current": false, "number": "…", "href": ""])
    pages.append(["gap": false, "number": .int(pageCount), "current": false,
                  "href": .string("../heroes/page/\(pageCount)/index.html")])
    let nav: [TemplateValue] = [
        ["label": "Home", "href": "../index.html", "current": false],
        ["label": "Tasks", "href": "../tasks/index.html", "current": false],
        ["label": "Heroes", "href": "../heroes/index.html", "current": true],
    ]
    return [
        "site": ["title": "Team Board", "language": "en", "base_url": "https://herald.example.org/"],
        "page_title": "Heroes · Team Board",
        "description": "The hero catalog of Team Board.",
        "canonical": "https://herald.example.org/heroes/",
        "nav": .list(nav),
        "assets": ["herald_css": "../assets/herald.7e76b5d6.css", "favicon_svg": "../assets/favicon.fca92e8d.svg",
                   "search_js": "../assets/search.bdd75121.js"],
        "links": ["home": "../index.html", "root": "../", "feed": "../feed.xml", "heroes": "../heroes/index.html",
                  "search_index": "../heroes/search-index.js"],
        "footer": "Built by Herald on Nov 21, 2026.",
        "title": "Heroes",
        "summary": .string("\(cards) heroes, sorted by name. Page 1 of \(pageCount)."),
        "any": true,
        "empty_text": "No heroes yet.",
        "heroes": .list(heroes),
        "pagination": ["many": true, "pages": .list(pages), "previous": nil,
                       "next": ["href": "../heroes/page/2/index.html"], "number": 1, "count": .int(pageCount)],
        "groups": ["any": true, "items": [["label": "Publisher", "href": "../heroes/publisher/index.html"],
                                          ["label": "Alignment", "href": "../heroes/alignment/index.html"]]],
    ]
}

/// The same data for swift-mustache: dictionaries and arrays of Swift values; null keys left out.
func anyValue(_ value: TemplateValue) -> Any? {
    switch value {
    case .null: Any?.none
    case .bool(let flag): flag
    case .int(let number): number
    case .double(let number): number
    case .string(let text), .html(let text): text
    case .list(let items): items.compactMap(anyValue)
    case .map(let map):
        Dictionary(uniqueKeysWithValues: map.compactMap { key, value in anyValue(value).map { (key, $0) } })
    }
}

func measure(seconds: Double, _ body: () -> Int) -> (perSecond: Double, bytes: Int) {
    let clock = ContinuousClock()
    var bytes = body()  // warm-up
    var count = 0
    let start = clock.now
    var elapsed = Duration.zero
    repeat {
        bytes = body()
        count += 1
        elapsed = clock.now - start
    } while elapsed < .seconds(seconds)
    let total = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return (Double(count) / total, bytes)
}

let options = Options(CommandLine.arguments)
let names = ["base.html", "heroes.html", "hero-card.html", "pagination.html"]
var sources: [String: String] = [:]
for name in names {
    let path = options.theme + "/" + name + ".mustache"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
        exit(1)
    }
    sources[name] = text
}

let herald: TemplateLibrary
do {
    herald = TemplateLibrary(try names.map { name in
        try Template(name: name, path: options.theme + "/" + name + ".mustache", source: sources[name]!)
    })
} catch {
    FileHandle.standardError.write(Data("HeraldMustache: \(error)\n".utf8))
    exit(1)
}
var mustache = MustacheLibrary()
for name in names {
    do { try mustache.register(sources[name]!, named: name) } catch {
        FileHandle.standardError.write(Data("swift-mustache: \(name): \(error)\n".utf8))
        exit(1)
    }
}

let view = listPage(cards: options.cards)
let anyView = anyValue(view)!

@MainActor func renderHerald() -> Int {
    do { return try herald.render("heroes.html", view).utf8.count } catch {
        FileHandle.standardError.write(Data("HeraldMustache: \(error)\n".utf8))
        exit(1)
    }
}
@MainActor func renderMustache() -> Int { mustache.render(anyView, withTemplate: "heroes.html")?.utf8.count ?? 0 }

// Same output? Compared with blank lines dropped: the engines may differ in standalone-tag
// whitespace, which a browser does not see.
let heraldText = try! herald.render("heroes.html", view)
let mustacheText = mustache.render(anyView, withTemplate: "heroes.html") ?? ""
func squeezed(_ text: String) -> [Substring] {
    text.split(separator: "\n").map { $0.drop(while: { $0 == " " }) }.filter { !$0.isEmpty }
}
let sameOutput = squeezed(heraldText) == squeezed(mustacheText)
if !sameOutput, let dump = ProcessInfo.processInfo.environment["TEMPLATE_BENCH_DUMP"] {
    try? heraldText.write(toFile: dump + ".herald.html", atomically: true, encoding: .utf8)
    try? mustacheText.write(toFile: dump + ".swift-mustache.html", atomically: true, encoding: .utf8)
}

var heraldRates: [Double] = []
var mustacheRates: [Double] = []
for _ in 0..<options.rounds {
    heraldRates.append(measure(seconds: options.seconds, renderHerald).perSecond)
    mustacheRates.append(measure(seconds: options.seconds, renderMustache).perSecond)
}
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

let result: [String: Any] = [
    "cards": options.cards,
    "templates": names,
    "herald_renders_per_second": median(heraldRates),
    "swift_mustache_renders_per_second": median(mustacheRates),
    "herald_rounds": heraldRates,
    "swift_mustache_rounds": mustacheRates,
    "ratio": median(heraldRates) / median(mustacheRates),
    "herald_output_bytes": heraldText.utf8.count,
    "swift_mustache_output_bytes": mustacheText.utf8.count,
    "same_output_ignoring_blank_lines": sameOutput,
]
let json = try! JSONSerialization.data(withJSONObject: result, options: [.prettyPrinted, .sortedKeys])
print(String(decoding: json, as: UTF8.self))
