import HeraldCore
import Synchronization

/// Models decoded from each file, kept from one build of `herald serve` to the next: a file whose
/// inode, size and modification time are unchanged is neither read nor decoded again, so saving
/// one hero of 10,000 costs one file. Valid for one config: make a new one when herald.yml changes.
public final class DecodedFiles: Sendable {
    private struct Entry: @unchecked Sendable {
        var stamp: FileStamp
        // The models of one file, as `[Model]` of the loader that stored them (the key names it).
        var models: Any
        var problems: [Diagnostic]
    }

    private let entries = Mutex<[String: Entry]>([:])

    public init() {}

    /// The decoded models of `file` for the loader of `Model` and `format`, made by `decode`
    /// unless the file is unchanged since they were last made.
    func models<Model>(of file: SourceFile, format: String, as type: Model.Type,
                       decode: () -> (models: [Model], problems: [Diagnostic])) -> (models: [Model], problems: [Diagnostic]) {
        let key = "\(Model.self)|\(format)|\(file.url.path)"
        // Taken before the file is read: a change during the read shows as a new stamp next time.
        guard let stamp = FileStamp(path: file.url.path) else { return decode() }
        if let entry = entries.withLock({ $0[key] }), entry.stamp == stamp, let models = entry.models as? [Model] {
            return (models, entry.problems)
        }
        let decoded = decode()
        entries.withLock { $0[key] = Entry(stamp: stamp, models: decoded.models, problems: decoded.problems) }
        return decoded
    }
}
