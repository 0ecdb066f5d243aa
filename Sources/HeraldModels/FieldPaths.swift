import HeraldCore

/// The key paths a field is read from, in the order tried, each parsed once: a rule's paths are
/// read for every record, and a large task file has a million records. A class, so that handing
/// a field's paths out of the rules' table retains one object, not each of its three arrays.
final class FieldPaths: Sendable, ExpressibleByArrayLiteral {
    /// How a path is followed: a plain key looked up in the record's map, or a parsed path.
    enum Step: Sendable {
        case key
        case path(DataPath)
        /// A path that does not parse finds nothing, as `DataNode.resolve` has it.
        case unreadable
    }

    let texts: [String]
    let steps: [Step]
    /// Each text's `DataMap.keyHash`, for `DataMap.node(forKey:hash:keyHashes:)`.
    let hashes: [Int]

    init(_ texts: [String]) {
        self.texts = texts
        steps = texts.map { text in
            if DataNode.isPlainKey(text) { return .key }
            return DataPath(text).map { .path($0) } ?? .unreadable
        }
        hashes = texts.map(DataMap.keyHash)
    }

    convenience init(arrayLiteral texts: String...) {
        self.init(texts)
    }
}
