import Foundation
import HeraldCore

/// The `check:` section: what `herald check` leaves alone.
public struct CheckConfig: Sendable {
    /// Regular expressions; a link that one of them finds is not checked.
    public var exclude: [String] = []

    public init() {}

    static let keys = ["exclude"]

    static func read(_ reader: inout ConfigReader, in root: DataMap) -> CheckConfig {
        var config = CheckConfig()
        guard let section = reader.map("check", in: root) else { return config }
        reader.rejectUnknownKeys(in: section, known: keys, section: "check")
        for (pattern, node) in reader.textList("exclude", in: section) ?? [] {
            if let problem = Self.problem(inPattern: pattern) {
                reader.error("'check.exclude' has an invalid regular expression '\(pattern)': \(problem)", at: node)
            } else {
                config.exclude.append(pattern)
            }
        }
        return config
    }

    /// Why `pattern` is no regular expression (NSRegularExpression's ICU syntax, as `herald check`
    /// matches with); nil when it is one.
    public static func problem(inPattern pattern: String) -> String? {
        do {
            _ = try NSRegularExpression(pattern: pattern)
            return nil
        } catch {
            return "not a regular expression"
        }
    }
}
