import HeraldCore
import HeraldModels

/// Loads the models of one kind. Coordinators receive loaders injected, so tests can hand them
/// in-memory ones and a build can read files, a database or a remote API alike.
public protocol ModelLoader<Model>: Sendable {
    associatedtype Model: Sendable
    /// Every model of the source, or every problem found in it.
    func load() throws(DiagnosticError) -> [Model]
}

/// Models already in memory: for tests, and for callers that made their models themselves.
public struct InMemoryLoader<Model: Sendable>: ModelLoader {
    public var models: [Model]

    public init(_ models: [Model]) {
        self.models = models
    }

    public func load() -> [Model] { models }
}

/// Decodes every record with `decode`; the models that decoded, and the problems of all the others.
func decodeAll<Model: Sendable>(_ records: [Record], _ decode: @escaping @Sendable (Record) throws(DiagnosticError) -> Model?)
    -> (models: [Model], problems: [Diagnostic]) {
    let results = Parallel.map(records, chunk: 64) { record in
        Result { () throws(DiagnosticError) in try decode(record) }
    }
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

/// Decodes records into models that must have unique slugs, reporting bad records and
/// duplicate slugs together, so one kind of mistake never hides the other.
func decodeSlugged<Model: Slugged & Sendable>(_ records: [Record], kind: String,
                                              _ decode: @escaping @Sendable (Record) throws(DiagnosticError) -> Model?)
    throws(DiagnosticError) -> [Model] {
    let (models, problems) = decodeAll(records, decode)
    let all = problems + SlugRegistry.duplicates(in: models, kind: kind)
    guard all.isEmpty else { throw DiagnosticError(all) }
    return models
}
