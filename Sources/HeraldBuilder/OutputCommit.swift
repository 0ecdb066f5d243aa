import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import HeraldCore

extension OutputWriter {
    /// Moves every staged file into place, removes what the previous build wrote and this one did
    /// not, and saves the manifest when it changed. Each file appears whole (rename), never half
    /// written; and the commit as a whole either happens or not:
    ///
    /// 1. every destination is checked before the first move (a file where a folder must go, a
    ///    symbolic link on the way): a problem stops the commit with nothing moved;
    /// 2. the next manifest is written as a journal, so that a build killed while moving leaves
    ///    files the next build knows to be Herald's (it replaces or removes them);
    /// 3. files are moved, each replaced file first kept as a hard link, so that a move that still
    ///    fails is undone, every file back as it was.
    /// `quick`, a hash and a time (`QuickCheck`), is saved beside the manifest with `inputs`. The
    /// pages' fingerprints are kept for the next build (`fingerprintPages(under:)`) only with
    /// `inputs`: a build that leaves none (it had warnings) leaves its pages to be rendered again.
    public func commit(inputs: UInt64? = nil, quick: (hash: UInt64, since: Int64)? = nil) throws(DiagnosticError)
        -> Summary
    {
        do throws(DiagnosticError) {
            return try commitStaged(
                inputs: inputs,
                quick: inputs.flatMap { inputs in
                    quick.map { QuickCheck(inputs: inputs, hash: $0.hash, since: $0.since) }
                })
        } catch {
            // Nothing was moved, or every move was undone: the staged files are of no more use.
            try? FileManager.default.removeItem(atPath: stagingPath)
            throw error
        }
    }

    private func commitStaged(inputs: UInt64?, quick: QuickCheck?) throws(DiagnosticError) -> Summary {
        var current = progress.withLock { $0 }
        current.manifest.order = previous.order
        current.manifest.inputs = inputs
        if inputs == nil { current.manifest.pages = nil }
        let (wholeRoots, singles) = moves(of: current.staged)
        let missingFolders = try checkDestinations(of: singles.map(\.path))
        let changed =
            !current.staged.isEmpty || previousStamp == nil || current.manifest.entries != previous.entries
            || inputs != previous.inputs || current.manifest.pages != previous.pages || interrupted
        let manifestBytes = changed ? try writeJournal(for: current.manifest) : nil
        let shares = try move(wholeRoots: wholeRoots, missingFolders: missingFolders, singles: singles)
        // A journal the same as the manifest names no file of the last build's that this one
        // leaves out: none to look for.
        let removed = removeFiles(
            !changed || manifestBytes != nil ? [] : previous.entries.keys.filter { current.manifest.entries[$0] == nil }
        )
        // A build that changed nothing leaves the manifest alone too, so a sync of the folder has
        // nothing to upload; its time still vouches for every file, none of which was written.
        if changed { try saveManifest(manifestBytes ?? current.manifest.serialized(), quick: quick) }
        // The replaced files kept for an undo go on every core, then the rest of the staging folder.
        _ = Parallel.map(Array(0..<shares), chunk: 1) { share in
            try? FileManager.default.removeItem(atPath: stagingPath + "/.backups-\(share)")
        }
        try? FileManager.default.removeItem(atPath: stagingPath)
        return Summary(
            written: current.staged.count, unchanged: current.unchanged, removed: removed, bytes: current.bytes,
            reused: current.reused)
    }

    /// The top-level folders that move in whole, and the files that move one by one. A top-level
    /// folder the output does not have yet moves in one rename: a first build of many pages moves
    /// a handful of folders, not every file. Only a folder staged whole as a tree (none of its
    /// files staged flat) can.
    private func moves(of staged: [(path: OutputPath, flat: Int?)])
        -> (wholeRoots: [Substring], singles: [(path: OutputPath, flat: Int?)])
    {
        // Files of one top folder mostly follow one another, so a set is asked only when the
        // folder changes, rather than every path's folder hashed.
        let firstFolders = staged.map(\.path.topFolder)
        var roots: Set<Substring> = []
        var flatRoots: Set<Substring> = []
        var last: (root: Substring?, flat: Bool)?
        for (file, root) in zip(staged, firstFolders)
        where last.map({ $0.root != root || $0.flat != (file.flat != nil) }) ?? true {
            last = (root, file.flat != nil)
            guard let root else { continue }
            roots.insert(root)
            if file.flat != nil { flatRoots.insert(root) }
        }
        let wholeRoots = Set(
            roots.sorted().filter { !flatRoots.contains($0) && OutputFiles.kind(at: folderPath + "/" + $0) == nil })
        var lastAnswer: (root: Substring, whole: Bool)?
        let singles = zip(staged, firstFolders).filter { _, root in
            guard let root else { return true }
            if let lastAnswer, lastAnswer.root == root { return !lastAnswer.whole }
            lastAnswer = (root, wholeRoots.contains(root))
            return !wholeRoots.contains(root)
        }.map(\.0)
        return (wholeRoots.sorted(), singles)
    }

    /// Writes the journal: every file Herald may own once this commit stops anywhere, the new
    /// ones and the old (which include what an earlier interrupted commit left), so no orphan is
    /// forgotten. Returns its bytes when they are the new manifest's too: a first build, or one
    /// that removes nothing.
    private func writeJournal(for manifest: Manifest) throws(DiagnosticError) -> [UInt8]? {
        var journal = manifest
        journal.order = previous.order
        for (path, entry) in previous.entries where journal.entries[path] == nil { journal.entries[path] = entry }
        let bytes = journal.serialized()
        try OutputFiles.replace(
            state.path(Manifest.journalName), with: bytes, durable: true, what: "the commit journal")
        return journal.entries.count == manifest.entries.count ? bytes : nil
    }

    /// Moves the whole folders, makes the missing ones and moves the other files, on two cores
    /// when there are many: a rename waits on the file system, and another can run meanwhile.
    /// A move that fails undoes every one made. Returns how many shares moved files.
    private func move(
        wholeRoots: [Substring], missingFolders: [String],
        singles: [(path: OutputPath, flat: Int?)]
    ) throws(DiagnosticError) -> Int {
        var undo = CommitUndo(folder: folderPath, staging: stagingPath)
        let shares = singles.count >= Self.parallelMovesFrom ? 2 : 1
        var movers: [CommitUndo] = []
        do throws(DiagnosticError) {
            for root in wholeRoots { try undo.moveFolder(String(root)) }
            for folder in missingFolders { try undo.makeFolder(folder) }
            let outcomes = Parallel.map(Array(0..<shares), chunk: 1) { share -> (CommitUndo, DiagnosticError?) in
                var mover = CommitUndo(folder: folderPath, staging: stagingPath, backups: ".backups-\(share)")
                do throws(DiagnosticError) {
                    for index in stride(from: share, to: singles.count, by: shares) {
                        try mover.moveFile(singles[index].path, from: singles[index].flat.map(OutputWriter.flatName))
                    }
                    return (mover, nil)
                } catch {
                    return (mover, error)
                }
            }
            movers = outcomes.map(\.0)
            if let failure = outcomes.compactMap(\.1).first { throw failure }
        } catch {
            for index in movers.indices { movers[index].rollBack() }
            undo.rollBack()
            // Back as before: an earlier interrupted commit's files still want the journal.
            if !interrupted { unlink(state.path(Manifest.journalName)) }
            throw error
        }
        return shares
    }

    /// Saves the manifest in place of the journal, then the quick check beside it: after the
    /// manifest, so that one of an earlier build never stands beside a new one.
    private func saveManifest(_ bytes: [UInt8], quick: QuickCheck?) throws(DiagnosticError) {
        try OutputFiles.replace(state.path(Manifest.fileName), with: bytes, what: "the build manifest")
        unlink(state.path(Manifest.journalName))
        let quickPath = state.path(QuickCheck.fileName)
        if let quick, (try? OutputFiles.replace(quickPath, with: quick.serialized, what: "the quick check")) != nil {
            return
        }
        unlink(quickPath)
    }

    /// Files to move from which the moves are shared between two cores.
    static let parallelMovesFrom = 256

    /// Checks that every file can be moved to its place: each folder on its way is a folder (not a
    /// file, not a symbolic link, through which a write would land outside the output) or
    /// missing, and the file's own place holds no folder. Returns the missing folders, parents first.
    private func checkDestinations(of paths: [OutputPath]) throws(DiagnosticError) -> [String] {
        var known: [String: mode_t?] = [:]
        var missing: [String] = []
        var problems: [Diagnostic] = []
        for path in paths {
            var prefix = ""
            for part in path.directory.split(separator: "/") {
                prefix += prefix.isEmpty ? String(part) : "/" + part
                if known[prefix] == nil {
                    let kind = OutputFiles.kind(at: folderPath + "/" + prefix)
                    known[prefix] = .some(kind)
                    if kind == nil { missing.append(prefix) }
                }
                switch known[prefix] ?? nil {
                case S_IFLNK?:
                    problems.append(
                        .error(
                            at: SourceLocation(file: path.value),
                            "cannot write this page: '\(folderPath)/\(prefix)' is a symbolic link, and Herald never writes "
                                + "through one (remove the link); nothing was written"))
                case let kind? where kind != S_IFDIR:
                    problems.append(
                        .error(
                            at: SourceLocation(file: path.value),
                            "cannot write this page: '\(folderPath)/\(prefix)' is a file where a folder must go; nothing was written"
                        ))
                default:
                    continue
                }
                break
            }
            if OutputFiles.kind(at: folderPath + "/" + path.value) == S_IFDIR {
                problems.append(
                    .error(
                        at: SourceLocation(file: path.value),
                        "cannot write this page: '\(folderPath)/\(path.value)' is a folder; nothing was written"))
            }
        }
        guard problems.isEmpty else { throw DiagnosticError(Array(Set(problems)).sorted(by: Diagnostic.fileOrder)) }
        return missing
    }

    /// Removes files the previous build wrote, never through a symbolic link on the way (a link
    /// put in the output later must not make the removal land outside it), and the folders they
    /// leave empty. Returns how many were removed.
    private func removeFiles(_ paths: [String]) -> Int {
        var removed = 0
        var linkFree: [String: Bool] = [:]
        func isLinkFree(_ directory: Substring) -> Bool {
            guard !directory.isEmpty else { return true }
            if let known = linkFree[String(directory)] { return known }
            let parent = directory.lastIndex(of: "/").map { directory[..<$0] } ?? ""
            let free = isLinkFree(parent) && OutputFiles.kind(at: folderPath + "/" + directory) == S_IFDIR
            linkFree[String(directory)] = free
            return free
        }
        for path in paths.sorted() {
            let directory = path.lastIndex(of: "/").map { path[..<$0] } ?? ""
            guard isLinkFree(directory), unlink(folderPath + "/" + path) == 0 else { continue }
            removed += 1
            var parts = path.split(separator: "/").dropLast()
            // rmdir only succeeds on an empty folder, so a folder holding anyone's files stays.
            while !parts.isEmpty, rmdir(folderPath + "/" + parts.joined(separator: "/")) == 0 {
                parts = parts.dropLast()
            }
        }
        return removed
    }
}

/// The moves of one commit, remembered so that a failing move can undo all before it.
struct CommitUndo {
    private enum Step {
        case movedFolder(String)
        case madeFolder(String)
        case createdFile(String)
        case replacedFile(String, backup: String)
    }

    let folder: String
    let staging: String
    /// The folder in staging where replaced files are kept, made on first use.
    let backupFolder: String
    private var steps: [Step] = []
    private var backups = 0

    init(folder: String, staging: String, backups: String = ".backups") {
        self.folder = folder
        self.staging = staging
        backupFolder = staging + "/" + backups
    }

    /// Moves a whole staged top-level folder the output does not have.
    mutating func moveFolder(_ root: String) throws(DiagnosticError) {
        guard rename(staging + "/" + root, folder + "/" + root) == 0 else {
            throw OutputFiles.failure(
                nil, "cannot move the new folder '\(root)' into place: \(OutputFiles.lastError())")
        }
        steps.append(.movedFolder(root))
    }

    mutating func makeFolder(_ relative: String) throws(DiagnosticError) {
        guard mkdir(folder + "/" + relative, 0o755) == 0 else {
            throw OutputFiles.failure(nil, "cannot create folder '\(folder)/\(relative)': \(OutputFiles.lastError())")
        }
        steps.append(.madeFolder(relative))
    }

    /// Moves one staged file to its place, from `source` in staging (by default its own path
    /// there); a file it replaces is kept as a hard link in staging.
    mutating func moveFile(_ path: OutputPath, from source: String? = nil) throws(DiagnosticError) {
        let destination = folder + "/" + path.value
        var backup: String?
        if OutputFiles.kind(at: destination) != nil {
            if backups == 0 { try OutputFiles.createFolder(backupFolder, for: path) }
            let name = backupFolder + "/\(backups)"
            backups += 1
            guard link(destination, name) == 0 else {
                throw OutputFiles.failure(
                    path, "cannot keep the old file while replacing it: \(OutputFiles.lastError())")
            }
            backup = name
        }
        guard rename(staging + "/" + (source ?? path.value), destination) == 0 else {
            let reason = OutputFiles.lastError()
            if let backup { unlink(backup) }
            throw OutputFiles.failure(path, "cannot move the new file into place: \(reason)")
        }
        steps.append(backup.map { .replacedFile(path.value, backup: $0) } ?? .createdFile(path.value))
    }

    /// Undoes every step, last first: replaced files come back, new ones and new folders go.
    mutating func rollBack() {
        for step in steps.reversed() {
            switch step {
            case .movedFolder(let root): rename(folder + "/" + root, staging + "/" + root)
            case .madeFolder(let relative): rmdir(folder + "/" + relative)
            case .createdFile(let path): unlink(folder + "/" + path)
            case .replacedFile(let path, let backup): rename(backup, folder + "/" + path)
            }
        }
        steps = []
    }
}
