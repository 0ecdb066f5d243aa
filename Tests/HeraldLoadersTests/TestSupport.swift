import Foundation
import HeraldCore
import HeraldLoaders
import Testing

/// The copied real data sets (see each folder's SOURCE.txt and LICENSE).
enum Fixtures {
    static func folder() throws -> URL {
        try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    }

    /// A loader whose site folder is the fixtures folder, so record files read `heroes-overwatch/heroes.csv`.
    static func loader() throws -> RecordLoader {
        RecordLoader(siteFolder: try folder())
    }

    static func load(_ path: String, format: DataFormat? = nil) throws -> [Record] {
        try loader().load(SourceSpec(path: path, format: format))
    }
}

/// A fresh site folder in the temporary folder, for tests that write their own files.
struct TemporarySite {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-loaders-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    func write(_ path: String, _ data: Data) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    func load(_ spec: SourceSpec) throws -> [Record] {
        try RecordLoader(siteFolder: url).load(spec)
    }

    /// The diagnostics loading `spec` throws; an empty list (and a recorded issue) when it loads.
    func errors(_ spec: SourceSpec, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic] {
        do {
            let records = try RecordLoader(siteFolder: url).load(spec)
            Issue.record("expected errors, loaded \(records.count) records", sourceLocation: sourceLocation)
            return []
        } catch {
            return error.diagnostics
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The diagnostics a reader throws for `text`; empty (and a recorded issue) when it reads.
func errors(_ reader: some TextRecordReader, _ text: String, file: String = "data",
            sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic] {
    errors(reader, Array(text.utf8), file: file, sourceLocation: sourceLocation)
}

func errors(_ reader: some TextRecordReader, _ bytes: [UInt8], file: String = "data",
            sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic] {
    do {
        let records = try reader.records(inText: bytes, file: file)
        Issue.record("expected errors, read \(records.count) records", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.diagnostics
    }
}

func read(_ reader: some TextRecordReader, _ text: String, file: String = "data") throws -> [Record] {
    try reader.records(inText: Array(text.utf8), file: file)
}

extension DataNode {
    subscript(_ path: String) -> DataNode? { lookup(path) }

    var string: String? { if case .string(let value) = value { value } else { nil } }
    var int: Int? { if case .int(let value) = value { value } else { nil } }
    var double: Double? { if case .double(let value) = value { value } else { nil } }
    var bool: Bool? { if case .bool(let value) = value { value } else { nil } }
    var isNull: Bool { if case .null = value { true } else { false } }
    var list: [DataNode]? { if case .list(let value) = value { value } else { nil } }
    var map: DataMap? { if case .map(let value) = value { value } else { nil } }
    var strings: [String]? { list?.compactMap(\.string) }
}

extension Record {
    subscript(_ path: String) -> DataNode? { fields.lookup(path) }
}
