import Foundation
import HeraldMustache
import Testing

/// One case of the official Mustache specification, as its JSON files write it.
struct SpecCase: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let data: TemplateValue
    let template: String
    let partials: [String: String]?
    let expected: String
    var file = ""

    private enum CodingKeys: String, CodingKey {
        case name, data, template, partials, expected
    }

    var testDescription: String { "\(file): \(name)" }

    static let folder = Bundle.module.resourceURL?.appendingPathComponent("Fixtures/mustache-spec")

    static let files = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections",
        "~dynamic-names", "~inheritance"
    ]

    /// Every case of every spec file; a file that fails to load yields no cases, which the count test catches.
    static let all: [SpecCase] = files.flatMap { file -> [SpecCase] in
        struct SpecFile: Decodable { let tests: [SpecCase] }
        guard let url = folder?.appendingPathComponent(file + ".json"),
            let data = try? Data(contentsOf: url),
            let spec = try? JSONDecoder().decode(SpecFile.self, from: data)
        else { return [] }
        return spec.tests.map { test in
            var test = test
            test.file = file
            return test
        }
    }

    func render() throws -> String {
        let library = TemplateLibrary(
            try (partials ?? [:]).map { name, source in
                try Template(name: name, path: name, source: source)
            })
        let main = try Template(name: "(spec)", path: "spec.mustache", source: template)
        return try library.render(main, data)
    }
}

@Test func specHasEveryCase() {
    let counts = Dictionary(grouping: SpecCase.all, by: \.file).mapValues(\.count)
    #expect(
        counts == [
            "comments": 12, "delimiters": 14, "interpolation": 42, "inverted": 22, "partials": 12,
            "sections": 34, "~dynamic-names": 21, "~inheritance": 27
        ])
    #expect(SpecCase.all.count == 184)
}

@Test(arguments: SpecCase.all)
func specCase(_ spec: SpecCase) throws {
    let rendered = try spec.render()
    #expect(rendered == spec.expected)
}
