import Foundation
import HeraldCore

/// The `deploy:` section: where `herald deploy` publishes the built site, one target per name.
public struct DeployConfig: Sendable {
    /// The targets in the order herald.yml names them.
    public var targets: [DeployTarget] = []

    public init() {}

    /// The target named `name`, or the only one when `name` is nil.
    public func target(_ name: String?) -> DeployTarget? {
        guard let name else { return targets.count == 1 ? targets.first : nil }
        return targets.first { $0.name == name }
    }

    static func read(_ reader: inout ConfigReader, in root: DataMap) -> DeployConfig {
        var config = DeployConfig()
        guard let section = reader.map("deploy", in: root) else { return config }
        for (name, node) in section.entries {
            guard case .map(let map) = node.value else {
                reader.error(
                    "'deploy.\(name)' must be a map such as {git: ., branch: gh-pages}, found \(node.value.quotedForMessage)",
                    at: node)
                continue
            }
            if let target = DeployTarget.read(&reader, name: name, map: map, node: node) {
                config.targets.append(target)
            }
        }
        return config
    }
}

/// One place `herald deploy` publishes to.
public struct DeployTarget: Sendable {
    /// What kind of place it is, with its settings.
    public enum Kind: Sendable, Equatable {
        /// A branch of a git repository: `repository` relative to the site folder; `remote` for
        /// `--push`, nil for the branch's own remote (or origin).
        case git(repository: String, branch: String, remote: String?)
        /// An S3 bucket.
        case s3(S3)
    }

    public var name: String
    public var kind: Kind
    /// Where herald.yml names it, for its errors.
    public var location: SourceLocation

    static let gitKeys = ["git", "branch", "remote"]
    static let kinds = ["git", "s3"]

    static func read(_ reader: inout ConfigReader, name: String, map: DataMap, node: DataNode) -> DeployTarget? {
        let section = "deploy.\(name)"
        if map["s3"] != nil, map["git"] == nil {
            let location = node.location(in: reader.file)
            return readS3(&reader, section: section, map: map).map {
                DeployTarget(name: name, kind: .s3($0), location: location)
            }
        }
        guard map["git"] != nil else {
            let hint =
                map.keys.compactMap { Suggestion.nearest(to: $0, in: kinds) }.first.map { " (did you mean '\($0)'?)" }
                ?? ""
            reader.error("'\(section)' must say what it deploys to: git: REPOSITORY or s3: BUCKET\(hint)", at: node)
            return nil
        }
        reader.rejectUnknownKeys(in: map, known: gitKeys, section: section)
        let errors = reader.diagnostics.count
        let repository = reader.text("git", in: map)
        let branch = reader.text("branch", in: map)
        let remote = reader.text("remote", in: map)
        if let (text, node) = branch, !isBranchName(text) {
            reader.error("'\(section).branch' is not a branch name git accepts: '\(text)'", at: node)
        }
        if let (text, node) = remote, text.isEmpty || text.hasPrefix("-") || text.contains(where: \.isNewline) {
            reader.error("'\(section).remote' must name a git remote, found '\(text)'", at: node)
        }
        if let (text, node) = repository, text.isEmpty {
            reader.error("'\(section).git' must name the repository's folder (. for the site's own)", at: node)
        }
        guard reader.diagnostics.count == errors, let repository else { return nil }
        return DeployTarget(
            name: name,
            kind: .git(
                repository: repository.text, branch: branch?.text ?? "gh-pages",
                remote: remote?.text),
            location: node.location(in: reader.file))
    }

    /// The rules of `git check-ref-format` for a branch, so that no option or odd ref reaches git.
    static func isBranchName(_ name: String) -> Bool {
        let forbidden: Set<Character> = [" ", "~", "^", ":", "?", "*", "[", "\\"]
        guard !name.isEmpty, !name.hasPrefix("-"), !name.hasPrefix("/"), !name.hasSuffix("/"), !name.hasSuffix("."),
            !name.hasSuffix(".lock"), !name.contains(".."), !name.contains("//"), !name.contains("@{"), name != "@",
            !name.contains(where: {
                forbidden.contains($0) || $0.isNewline || ($0.asciiValue.map { $0 < 32 || $0 == 127 } ?? false)
            })
        else { return false }
        return !name.split(separator: "/").contains { $0.hasPrefix(".") }
    }
}
