import Foundation
import HeraldCore
import Testing

/// Records as a YAML or JSON loader would give them: one per item of a top-level list, each
/// located where its map starts.
func records(_ text: String, file: String = "Content/tasks.yml") throws(DiagnosticError) -> [Record] {
    let root = try YAMLReader.parse(text, file: file)
    guard case .list(let items) = root.value else { return [Record(fields: root, location: root.location(in: file))] }
    return items.map { Record(fields: $0, location: $0.location(in: file)) }
}

func record(_ text: String, file: String = "Content/tasks.yml", body: String? = nil) throws(DiagnosticError) -> Record {
    var record = Record(
        fields: try YAMLReader.parse(text, file: file), location: SourceLocation(file: file, line: 1, column: 1))
    record.body = body
    return record
}

func fixture(_ name: String) throws -> String {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    return try String(contentsOf: url, encoding: .utf8)
}
