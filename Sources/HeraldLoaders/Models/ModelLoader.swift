import Foundation
import HeraldCore
import HeraldModels

/// Loads the models of one kind. Coordinators receive loaders injected, so tests can hand them
/// in-memory ones and a build can read files, a database or a remote API alike.
public protocol ModelLoader<Model>: Sendable {
    associatedtype Model: Sendable
    /// Every model of the source, or every problem found in it.
    func load() throws(DiagnosticError) -> [Model]
    /// The full path of every file `load()` reads, so a build can tell that nothing changed; nil
    /// when the loader cannot tell (its models then count as changed on every build).
    func inputFiles() throws(DiagnosticError) -> [String]?
    /// What `load()` found wrong but read past, once it has run.
    var warnings: [Diagnostic] { get }
    /// The URL sources `load()` reads, each page by its URL and the hash of its bytes: a changed
    /// answer makes the build run, an unchanged one lets it stop early. Fetches them if needed.
    func remoteInputs() throws(DiagnosticError) -> [(name: String, digest: UInt64)]
    /// Whether `load()` refuses two models with one slug itself, so a build need not look again:
    /// a second look reads every model's slug once more.
    var checksSlugs: Bool { get }
    /// How many records the last `load()` read, made into models and dropped; nil when untold.
    var tally: SourceTally? { get }
}

extension ModelLoader {
    public func inputFiles() throws(DiagnosticError) -> [String]? { nil }
    public var warnings: [Diagnostic] { [] }
    public func remoteInputs() throws(DiagnosticError) -> [(name: String, digest: UInt64)] { [] }
    public var checksSlugs: Bool { false }
    public var tally: SourceTally? { nil }
}

/// Models already in memory: for tests, and for callers that made their models themselves.
public struct InMemoryLoader<Model: Sendable>: ModelLoader {
    public var models: [Model]

    public init(_ models: [Model]) {
        self.models = models
    }

    public func load() -> [Model] { models }
}

/// Decodes every record with `decode` (on every core unless `parallel` is false); the models
/// that decoded, and the problems of all the others.
func decodeAll<Model: Sendable>(
    _ records: [Record], _ decode: @escaping @Sendable (Record) throws(DiagnosticError) -> Model?,
    parallel: Bool = true
) -> (models: [Model], problems: [Diagnostic]) {
    let attempt: @Sendable (Record) -> Result<Model?, DiagnosticError> = { record in
        Result { () throws(DiagnosticError) in try decode(record) }
    }
    let results = parallel ? Parallel.map(records, chunk: 64, attempt) : records.map(attempt)
    var models: [Model] = []
    models.reserveCapacity(records.count)
    var problems: [Diagnostic] = []
    for result in results {
        switch result {
        case .success(let model): if let model { models.append(model) }
        case .failure(let error): problems += error.diagnostics
        }
    }
    return (models, problems)
}

/// The models of records that must have unique slugs, or their problems and any duplicate
/// slugs together, so one kind of mistake never hides the other; `remedy` ends each duplicate's
/// message (`SlugRegistry.duplicates`).
func slugged<Model: Slugged>(
    _ decoded: (models: [Model], problems: [Diagnostic]), kind: String, remedy: String
) throws(DiagnosticError) -> [Model] {
    let all = decoded.problems + SlugRegistry.duplicates(in: decoded.models, kind: kind, remedy: remedy)
    guard all.isEmpty else { throw DiagnosticError(all) }
    return decoded.models
}
