import Foundation
import HeraldCore
import HeraldLoaders
import HeraldModels

/// How a `TaskSnapshot` is made: from records the reader gave, from a todo.txt file a line at a
/// time, or from the snapshot before an edit and the lines the edit changed.
extension TaskSnapshot {
    /// A task as decoding found it: its record, and its ID when that is not derived.
    struct Decoded {
        var recordIndex: Int
        var ownID: String?
    }

    /// The snapshot of records the format's reader gave, derived IDs set.
    init(file: TaskFile, records: [Record], rules: TaskRules) throws(DiagnosticError) {
        var summaries: [RecordSummary] = []
        var decoded: [Decoded] = []
        var problems: [Diagnostic] = []
        var assigned: [DerivedIDs.Assigned?] = []
        for record in records {
            Self.decode(record, span: 0..<0, rules: rules, derivesLater: false, into: &summaries, &decoded, &problems)
            assigned.append(
                record.derivedID.flatMap { id in
                    UInt64(id, radix: 16).map {
                        DerivedIDs.Assigned(number: $0, ambiguous: record.derivedIDIsAmbiguous)
                    }
                })
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        self.init(
            file: file, rules: rules, summaries: summaries, decoded: decoded, assigned: assigned, origin: .kept(records)
        )
    }

    /// The snapshot of a todo.txt file, read a line at a time: no record is kept.
    static func readingTodoTxt(file: TaskFile, bytes: [UInt8], rules: TaskRules) throws(DiagnosticError) -> TaskSnapshot
    {
        let text = try TextCheck.validText(bytes, file: file.displayPath)
        let reader = TodoTxtRecordReader(comments: file.comments)
        // Lines stand alone: a large file is read in pieces on every core, and the pieces put
        // together in order. Many small pieces, so that no core is left with a long last one
        // while the others wait.
        let pieces = TodoTxtRecordReader.pieces(of: text, count: 64 * ProcessInfo.processInfo.activeProcessorCount)
        let parts = Parallel.map(pieces, chunk: 1) { piece in
            // Each piece its own copies of what every record refers to (see `TaskRules.unshared`).
            let rules = rules.unshared()
            let path = String(decoding: Array(file.displayPath.utf8), as: UTF8.self)
            var part = (
                summaries: [RecordSummary](), decoded: [Decoded](), lineProblems: [Diagnostic](),
                problems: [Diagnostic]()
            )
            part.lineProblems = reader.forEachRecord(
                inLines: piece.lines, firstLine: piece.firstLine, file: path
            ) { record, span in
                decode(
                    record, span: span, rules: rules, derivesLater: true, into: &part.summaries, &part.decoded,
                    &part.problems)
            }
            return part
        }
        // Room for all at once: a million summaries, copied again at each doubling, would
        // otherwise cost more than putting them together.
        var summaries: [RecordSummary] = []
        summaries.reserveCapacity(parts.reduce(0) { $0 + $1.summaries.count })
        var decoded: [Decoded] = []
        decoded.reserveCapacity(parts.reduce(0) { $0 + $1.decoded.count })
        var problems: [Diagnostic] = []
        var lineProblems: [Diagnostic] = []
        for part in parts {
            let offset = summaries.count
            for task in part.decoded {
                decoded.append(Decoded(recordIndex: task.recordIndex + offset, ownID: task.ownID))
            }
            summaries += part.summaries
            problems += part.problems
            lineProblems += part.lineProblems
        }
        problems = lineProblems + problems
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        let shared = completeIdentities(&summaries, bytes: bytes, file: file.displayPath, comments: file.comments)
        return TaskSnapshot(
            file: file, rules: rules, summaries: summaries, decoded: decoded,
            assigned: DerivedIDs.assign(summaries.map(\.key), sharedTitles: shared), origin: .todoTxt(bytes: bytes))
    }

    /// Gives the keys of records that share a title their identity, each such record read again
    /// from its line: few records share a title, and hashing every record's fields would cost
    /// more than reading those again. Returns the shared titles, for assigning the IDs.
    static func completeIdentities(
        _ summaries: inout [RecordSummary], bytes: [UInt8], file: String,
        comments: String?
    ) -> Set<TaskID.Hasher> {
        let shared = DerivedIDs.sharedTitles(summaries.map(\.key))
        guard !shared.isEmpty else { return shared }
        for index in summaries.indices {
            guard var key = summaries[index].key, key.identity == nil, shared.contains(key.title),
                case .success(let record?) = TodoTxtRecordReader.record(
                    inLine: bytes[summaries[index].span],
                    number: summaries[index].line, file: file,
                    comments: comments)
            else { continue }
            key.addIdentity(of: record)
            summaries[index].key = key
        }
        return shared
    }

    /// Decodes one record, keeping its summary, and its own ID when it has one. `derivesLater`:
    /// the record's derived ID comes once every record is read.
    static func decode(
        _ record: Record, span: Range<Int>, rules: TaskRules, derivesLater: Bool,
        into summaries: inout [RecordSummary], _ decoded: inout [Decoded], _ problems: inout [Diagnostic]
    ) {
        let key = derivesLater ? DerivedIDKey(record, withIdentity: false) : nil
        var record = record
        // Any derived ID tells decoding that the record has none of its own.
        if key != nil { record.derivedID = "" }
        do throws(DiagnosticError) {
            if let (id, isDerived) = try TaskItem.decodedID(record, rules: rules) {
                decoded.append(Decoded(recordIndex: summaries.count, ownID: isDerived ? nil : id))
            }
        } catch {
            problems += error.diagnostics
        }
        summaries.append(RecordSummary(key: key, line: record.location.line, span: span))
    }

    init(
        file: TaskFile, rules: TaskRules, summaries: [RecordSummary], decoded: [Decoded],
        assigned: [DerivedIDs.Assigned?], origin: RecordOrigin
    ) {
        self.file = file
        self.rules = rules
        records = summaries
        self.origin = origin
        let tasks = decoded.map { task in
            let derived = task.ownID == nil ? assigned[task.recordIndex] : nil
            return TaskEntry(
                ownID: derived == nil ? task.ownID ?? String(summaries[task.recordIndex].line) : nil,
                derived: derived?.number ?? 0, ambiguous: derived?.ambiguous ?? false, recordIndex: task.recordIndex)
        }
        self.tasks = tasks
        derivedHashes = tasks.compactMap { $0.isDerived ? $0.derived : nil }
    }
}
