import Foundation
import HeraldCore
import HeraldMustache
import Yams

/// Reads view data from a JSON or YAML file, with positions in its errors.
enum DataFile {
    static func load(_ path: String) throws(DiagnosticError) -> TemplateValue {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DiagnosticError(.error(at: SourceLocation(file: path), "no such file"))
        }
        if path.hasSuffix(".yml") || path.hasSuffix(".yaml") {
            return try yaml(data, path: path)
        }
        return try json(data, path: path)
    }

    static func json(_ data: Data, path: String) throws(DiagnosticError) -> TemplateValue {
        do {
            return try JSONDecoder().decode(TemplateValue.self, from: data)
        } catch {
            // JSONDecoder says only that the JSON is invalid; JSONSerialization tells where.
            var location = SourceLocation(file: path)
            var message = "not valid JSON"
            do {
                _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            } catch {
                let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
                if let offset = characterOffset(in: detail) {
                    (location.line, location.column) = lineAndColumn(of: offset, in: data)
                }
                if !detail.isEmpty { message += ": " + detail.replacingOccurrences(of: #" around character \d+"#, with: "", options: .regularExpression) }
            }
            throw DiagnosticError(.error(at: location, message))
        }
    }

    /// The N of "… around character N." in a JSONSerialization error.
    static func characterOffset(in detail: String) -> Int? {
        guard let range = detail.range(of: #"character \d+"#, options: .regularExpression) else { return nil }
        return Int(detail[range].dropFirst("character ".count))
    }

    /// 1-based line and column of a byte offset, the column counted in characters.
    static func lineAndColumn(of offset: Int, in data: Data) -> (Int, Int) {
        var line = 1
        var column = 1
        for byte in data.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    static func yaml(_ data: Data, path: String) throws(DiagnosticError) -> TemplateValue {
        guard let text = String(validating: data, as: UTF8.self) else {
            throw DiagnosticError(.error(at: SourceLocation(file: path), "not valid UTF-8 text"))
        }
        do {
            guard let node = try Yams.compose(yaml: text) else { return [:] }
            return value(of: node)
        } catch let error as YamlError {
            throw DiagnosticError(yamlDiagnostic(error, path: path))
        } catch {
            throw DiagnosticError(.error(at: SourceLocation(file: path), "not valid YAML: \(error)"))
        }
    }

    static func yamlDiagnostic(_ error: YamlError, path: String) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
            return .error(at: SourceLocation(file: path, line: mark.line, column: mark.column), "not valid YAML: \(detail)")
        default:
            return .error(at: SourceLocation(file: path), "not valid YAML: \(error)")
        }
    }

    /// Converts YAML by its resolved tags, except that only true/false are booleans (YAML 1.2):
    /// YAML 1.1 would also read `no`, `on` or `yes` (a country code, a label) as booleans.
    static func value(of node: Node) -> TemplateValue {
        switch node {
        case .scalar(let scalar):
            switch Tag.Name(rawValue: node.tag.rawValue) {
            case .null:
                return .null
            case .bool:
                switch scalar.string.lowercased() {
                case "true": return .bool(true)
                case "false": return .bool(false)
                default: return .string(scalar.string)
                }
            case .int:
                return Int.construct(from: scalar).map(TemplateValue.int) ?? .string(scalar.string)
            case .float:
                return Double.construct(from: scalar).map(TemplateValue.double) ?? .string(scalar.string)
            default:
                return .string(scalar.string)
            }
        case .mapping(let mapping):
            var map: [String: TemplateValue] = [:]
            for (key, item) in mapping { map[key.string ?? "\(key)"] = value(of: item) }
            return .map(map)
        case .sequence(let sequence):
            return .list(sequence.map(value(of:)))
        case .alias:
            return .null
        }
    }
}
