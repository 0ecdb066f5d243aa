import Foundation
import HeraldTestSupport
import Testing

// A task database in WAL mode, as many apps leave theirs: reading it must leave no side files in
// the site, `herald serve` must not take its own reads for edits, and a commit that is still only
// in the write-ahead log is an edit all the same, also from an app that keeps the database open.

/// Runs `script` with Python's sqlite3 module on the database at `path`.
private func sqlite(_ path: URL, _ script: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import os, sqlite3\ndb = sqlite3.connect(os.environ['DB'])\n" + script]
    process.environment = ProcessInfo.processInfo.environment.merging(["DB": path.path]) { $1 }
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
}

private func walSite() throws -> TemporarySite {
    let site = try TemporarySite([
        "herald.yml": "title: WAL\ntasks:\n  source: Content/tasks.sqlite\n  table: tasks\n  columns: [todo, done]\n"
    ])
    try FileManager.default.createDirectory(at: site.url("Content"), withIntermediateDirectories: true)
    try sqlite(
        site.url("Content/tasks.sqlite"),
        """
        db.execute('PRAGMA journal_mode=WAL')
        db.execute('CREATE TABLE tasks (id INTEGER PRIMARY KEY, title TEXT, status TEXT)')
        db.execute("INSERT INTO tasks (title, status) VALUES ('Walk the log', 'todo')")
        db.commit()
        db.close()
        """)
    return site
}

/// Content/'s files, sorted.
private func contentFiles(_ site: TemporarySite) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: site.url("Content").path).sorted()
}

@Test func buildingFromAWALDatabaseLeavesNoSideFiles() async throws {
    let site = try walSite()
    #expect(try contentFiles(site) == ["tasks.sqlite"])
    let built = try await site.herald(["build", "--now", "2026-11-21T10:00:00Z"])
    #expect(built.status == 0, "\(built.stderr)")
    #expect(try site.read("Output/tasks/index.html").contains("Walk the log"))
    #expect(try contentFiles(site) == ["tasks.sqlite"])

    // A commit still only in the log (no checkpoint yet) is read, and a rebuild sees it.
    try sqlite(
        site.url("Content/tasks.sqlite"),
        """
        db.execute('PRAGMA wal_autocheckpoint=0')
        db.execute("INSERT INTO tasks (title, status) VALUES ('Only in the log', 'todo')")
        db.commit()
        os._exit(0)
        """)
    #expect(try contentFiles(site).contains("tasks.sqlite-wal"))
    let again = try await site.herald(["build", "--now", "2026-11-21T10:00:00Z"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try site.read("Output/tasks/index.html").contains("Only in the log"))
}

@Test func serveDoesNotRebuildForItsOwnReadsOfAWALDatabase() async throws {
    let site = try walSite()
    let server = try await ServeProcess(in: site.folder)
    try await Task.sleep(for: .seconds(2))
    #expect(!server.stdout.contains("Rebuilt"), "\(server.stdout)")
    #expect(try contentFiles(site) == ["tasks.sqlite"])

    try sqlite(
        site.url("Content/tasks.sqlite"),
        """
        db.execute('PRAGMA wal_autocheckpoint=0')
        db.execute("INSERT INTO tasks (title, status) VALUES ('Seen while serving', 'todo')")
        db.commit()
        os._exit(0)
        """)
    _ = try await server.waitForOutput { $0.contains("Rebuilt") }
    let board = try await server.waitForPage("/tasks/", containing: "Seen while serving")
    #expect(board.contains("Walk the log"))
    // The commit's own changes to the log may come as more than one event, and on a busy machine
    // more than one rebuild; what must not happen is a rebuild for the server's own reads, which
    // would start another and never stop: once settled, none follows.
    try await Task.sleep(for: .seconds(1))
    let settled = server.stdout.components(separatedBy: "Rebuilt").count - 1
    try await Task.sleep(for: .seconds(2))
    #expect(server.stdout.components(separatedBy: "Rebuilt").count - 1 == settled, "\(server.stdout)")
}

@Test func serveSeesEveryCommitOfAnAppThatKeepsTheDatabaseOpen() async throws {
    let site = try walSite()
    let server = try await ServeProcess(in: site.folder)
    // An app holds its connection: its commits only ever write to the log, which it never closes.
    let app = Process()
    app.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    app.arguments = [
        "python3", "-c",
        """
        import os, sqlite3, sys
        db = sqlite3.connect(os.environ['DB'])
        for line in sys.stdin:
            db.execute("INSERT INTO tasks (title, status) VALUES (?, 'todo')", (line.strip(),))
            db.commit()
        """
    ]
    app.environment = ProcessInfo.processInfo.environment.merging(["DB": site.url("Content/tasks.sqlite").path]) {
        $1
    }
    let input = Pipe()
    app.standardInput = input
    try app.run()
    defer { if app.isRunning { app.terminate() } }

    for title in ["First while open", "Second while open"] {
        // Apart by more than the while the watcher keeps looking at a database just written: the
        // second commit is seen by its own write to the log.
        try await Task.sleep(for: .seconds(3))
        try input.fileHandleForWriting.write(contentsOf: Data((title + "\n").utf8))
        // Within less than the half minute after which the system writes the log's pages back,
        // which a watcher that missed the write would see.
        let board = try await server.waitForPage("/tasks/", containing: title, within: .seconds(15))
        #expect(board.contains("Walk the log"))
        #expect(app.isRunning, "the app closed the database: the change came from its exit, not its commit")
    }
    try input.fileHandleForWriting.close()
    app.waitUntilExit()
    #expect(app.terminationStatus == 0)
}
