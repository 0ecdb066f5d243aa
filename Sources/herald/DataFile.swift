import Foundation
import HeraldCore
import HeraldMustache

/// Reads `herald render --data`: JSON, or YAML for `.yml`/`.yaml`, through the same readers and
/// typing rules as a site's data files, so a value renders the same in both and errors point at
/// the same line and column. Read as a data file is: a regular file only, up to the default
/// `max_bytes:`.
enum DataFile {
    static func load(_ path: String) throws(DiagnosticError) -> TemplateValue {
        let bytes = try FileBytes.read(
            path: path, at: SourceLocation(file: path), limit: FileBytes.defaultLimit,
            tooLarge: ", the most a data file may hold (the default max_bytes:)",
            ifMissing: "no such file")
        if path.hasSuffix(".yml") || path.hasSuffix(".yaml") {
            let text = String(decoding: try TextCheck.validText(bytes, file: path), as: UTF8.self)
            return TemplateValue(try YAMLReader.parse(text, file: path))
        }
        // A file of nothing but white space is no data at all, as an empty YAML file is.
        return try JSONParser.parse(bytes, file: path).map(TemplateValue.init) ?? [:]
    }
}
