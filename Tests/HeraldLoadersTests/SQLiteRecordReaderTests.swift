import Foundation
import GRDB
import HeraldCore
import HeraldLoaders
import HeraldTestSupport
import Testing

/// A site with `tasks.sqlite` made by GRDB, in the schema of a typical to-do app.
private func siteWithDatabase() throws -> TemporarySite {
    let site = try TemporarySite()
    let database = try DatabaseQueue(path: site.url("tasks.sqlite").path)
    try database.write { db in
        try db.execute(
            sql: """
                CREATE TABLE tasks(id INTEGER PRIMARY KEY, title TEXT, subtitle TEXT, image_url TEXT,
                                   is_completed INTEGER, created_at TEXT);
                CREATE TABLE "odd ""name"(score REAL, photo BLOB);
                """)
        let rows: [[(any DatabaseValueConvertible)?]] = [
            [1, "Write the loaders", "JSON first", "https://example.org/1.png", 1, "2026-01-05"],
            [2, "Ship Herald", nil, nil, 0, "2026-02-01"],
            [3, "Café menu ✓", "non-ASCII", "", 0, "2026-03-10"]
        ]
        for row in rows {
            try db.execute(sql: "INSERT INTO tasks VALUES (?, ?, ?, ?, ?, ?)", arguments: StatementArguments(row))
        }
        try db.execute(sql: #"INSERT INTO "odd ""name" VALUES (2.5, x'00ff')"#)
    }
    try database.close()
    return site
}

@Test func sqliteTableLoads() throws {
    let site = try siteWithDatabase()
    let records = try site.load(SourceSpec(path: "tasks.sqlite", table: "tasks"))
    #expect(records.count == 3)
    #expect(records[0].fields.map?.keys == ["id", "title", "subtitle", "image_url", "is_completed", "created_at"])
    #expect(records[0]["id"]?.int == 1)
    #expect(records[0]["is_completed"]?.int == 1)
    #expect(records[0]["title"]?.string == "Write the loaders")
    #expect(records[1]["subtitle"]?.isNull == true)
    #expect(records[2]["title"]?.string == "Café menu ✓")
    #expect(records[2].location == SourceLocation(file: "tasks.sqlite", line: 3))
}

@Test func sqliteQueryLoads() throws {
    let site = try siteWithDatabase()
    let spec = SourceSpec(
        path: "tasks.sqlite",
        query: "SELECT id, title, is_completed = 1 AS done, id * 1.5 AS weight FROM tasks WHERE id > 1 ORDER BY id DESC"
    )
    let records = try site.load(spec)
    #expect(records.map { $0["id"]?.int } == [3, 2])
    #expect(records[0]["done"]?.int == 0)
    #expect(records[0]["weight"]?.double == 4.5)
    let quoted = try site.load(SourceSpec(path: "tasks.sqlite", query: #"SELECT score FROM "odd ""name""#))
    #expect(quoted.first?["score"]?.double == 2.5)
}

@Test func sqliteErrorsNameTheFile() throws {
    let site = try siteWithDatabase()
    let missing = site.errors(SourceSpec(path: "tasks.sqlite", table: "task"))
    #expect(
        missing.map(\.description) == [
            #"tasks.sqlite: error: no table 'task' in the database; did you mean 'tasks'? its tables are odd "name, tasks"#
        ])
    let noTable = site.errors(SourceSpec(path: "tasks.sqlite"))
    #expect(noTable.first?.message == #"a SQLite source needs table: or query:; its tables are odd "name, tasks"#)
    let badSQL = site.errors(SourceSpec(path: "tasks.sqlite", query: "SELEC * FROM tasks"))
    #expect(badSQL.first?.location.file == "tasks.sqlite")
    #expect(badSQL.first?.message.hasPrefix("cannot read the SQLite database: the query failed: ") == true)
    let blob = site.errors(SourceSpec(path: "tasks.sqlite", table: #"odd "name"#))
    #expect(
        blob.map(\.description) == [
            "tasks.sqlite:1: error: column 'photo' holds binary data (a BLOB), which a record cannot use; leave it out with a query:"
        ])
    // Read-only: a query that writes is refused and the table is unchanged.
    let write = site.errors(SourceSpec(path: "tasks.sqlite", query: "DELETE FROM tasks"))
    #expect(write.first?.message.contains("readonly") == true)
    #expect(try site.load(SourceSpec(path: "tasks.sqlite", table: "tasks")).count == 3)

    try site.write("fake.db", "this is not a database, just text\n")
    let notDatabase = site.errors(SourceSpec(path: "fake.db", table: "tasks"))
    #expect(notDatabase.first?.location.file == "fake.db")
    #expect(notDatabase.first?.message.contains("not a database") == true)
}

/// A database whose view never ends: a recursive CTE counting up for ever.
private func siteWithRunawayView() throws -> TemporarySite {
    let site = try TemporarySite()
    let database = try DatabaseQueue(path: site.url("runaway.sqlite").path)
    try database.write { db in
        try db.execute(
            sql: """
                CREATE VIEW forever AS
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i AS id, 'task' AS title FROM n;
                CREATE VIEW slow AS
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) AS total FROM n;
                """)
    }
    try database.close()
    return site
}

@Test func aRunawayQueryIsStoppedByItsTimeoutNamingTheTable() throws {
    let site = try siteWithRunawayView()
    let clock = ContinuousClock()
    let started = clock.now
    let found = site.errors(SourceSpec(path: "runaway.sqlite", table: "slow", timeout: .seconds(1)))
    #expect(clock.now - started < .seconds(10))
    #expect(
        found.map(\.description) == [
            "runaway.sqlite: error: reading table 'slow' took longer than 1 s, so it was stopped; raise the source's timeout: if it is meant to"
        ])
}

@Test func aQueryGivingEndlessRowsStopsAtTheRowLimit() throws {
    let site = try siteWithRunawayView()
    let reader = SQLiteRecordReader(table: "forever", maxRows: 1000)
    let file = SourceFile(url: site.url("runaway.sqlite"), path: "runaway.sqlite")
    #expect(
        diagnostics { () throws(DiagnosticError) in try reader.records(in: file) }.map(\.description)
            == ["runaway.sqlite: error: table 'forever' gives more than 1000 rows; stopped reading it"])
}

@Test func aWALDatabasesStampMovesWithEachCommitAndNotWithItsReads() throws {
    let site = try siteWithDatabase()
    let path = site.url("tasks.sqlite").path
    // An app that keeps its connection open, as a to-do app does: its commits stay in the log.
    let app = try DatabaseQueue(path: path)
    try app.writeWithoutTransaction { db in _ = try String.fetchOne(db, sql: "PRAGMA journal_mode=WAL") }
    var commits: [UInt64] = []
    var stamps: [FileStamp?] = []
    for title in ["Kept open", "Still open"] {
        try app.write { db in try db.execute(sql: "INSERT INTO tasks (title) VALUES (?)", arguments: [title]) }
        commits.append(SQLiteSideFile.committedState(of: path))
        stamps.append(FileStamp(path: path))
        let records = try site.load(SourceSpec(path: "tasks.sqlite", table: "tasks"))
        #expect(records.last?["title"]?.string == title)
        #expect(FileStamp(path: path) == stamps.last, "a read moved the stamp")
        #expect(SQLiteSideFile.committedState(of: path) == commits.last)
    }
    #expect(commits[0] != 0)
    #expect(commits[0] != commits[1])
    #expect(stamps[0] != stamps[1])
    try app.close()
}
