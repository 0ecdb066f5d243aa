import Foundation
import HeraldCore
import HeraldLoaders
import HeraldTestSupport
import Testing

extension RealData {
    /// A loader whose site folder is the data sets' folder, so record files read `heroes-overwatch/heroes.csv`.
    static func loader() throws -> RecordLoader {
        RecordLoader(siteFolder: try folder())
    }

    static func load(_ path: String, format: DataFormat? = nil, comments: String? = nil) throws -> [Record] {
        var spec = SourceSpec(path: path, format: format)
        spec.comments = comments
        return try loader().load(spec)
    }
}

extension TemporarySite {
    func load(_ spec: SourceSpec) throws(DiagnosticError) -> [Record] {
        try RecordLoader(siteFolder: folder).load(spec)
    }

    /// The diagnostics loading `spec` throws; an empty list (and a recorded issue) when it loads.
    func errors(_ spec: SourceSpec, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic] {
        diagnostics(sourceLocation: sourceLocation) { () throws(DiagnosticError) in try load(spec) }
    }
}

/// The diagnostics a reader throws for `text`; empty (and a recorded issue) when it reads.
func errors(
    _ reader: some TextRecordReader, _ text: String, file: String = "data",
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> [Diagnostic] {
    errors(reader, Array(text.utf8), file: file, sourceLocation: sourceLocation)
}

func errors(
    _ reader: some TextRecordReader, _ bytes: [UInt8], file: String = "data",
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> [Diagnostic] {
    diagnostics(sourceLocation: sourceLocation) { () throws(DiagnosticError) in
        try reader.records(inText: bytes, file: file)
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
