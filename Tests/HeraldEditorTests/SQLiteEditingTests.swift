import Foundation
import GRDB
import HeraldCore
import HeraldEditor
import HeraldModels
import Testing

/// A database with the seed schema of a task app.
private func seed(_ site: EditSite) throws {
    let database = try DatabaseQueue(path: site.site.url(site.path).path)
    try database.write { db in
        try db.execute(
            sql: """
                CREATE TABLE tasks(id INTEGER PRIMARY KEY, title TEXT, subtitle TEXT, image_url TEXT,
                                   is_completed INTEGER, created_at TEXT)
                """)
        try db.execute(
            sql: """
                INSERT INTO tasks(title, subtitle, image_url, is_completed, created_at) VALUES
                ('Buy milk', 'two litres', NULL, 0, '2026-11-01'),
                ('Fix the bike', NULL, 'https://example.org/bike.png', 1, '2026-10-12')
                """)
    }
    try database.close()
}

private func rows(_ site: EditSite) throws -> [[String]] {
    let database = try DatabaseQueue(path: site.site.url(site.path).path)
    return try database.read { db in
        try Row.fetchAll(db, sql: "SELECT * FROM tasks ORDER BY id").map { row in row.databaseValues.map(\.description)
        }
    }
}

@Test func sqliteRoundTripRestoresEveryRow() throws {
    let site = try EditSite(path: "Content/tasks.sqlite", bytes: [], extra: "  table: tasks\n")
    try site.site.remove(site.path)
    try seed(site)
    let original = try rows(site)

    let added = try site.apply(.add(NewTask(text: "Water plants")))
    #expect(added.task.id == "3")
    #expect(try rows(site).last == ["3", "\"Water plants\"", "NULL", "NULL", "0", "\"2026-11-23\""])
    try site.apply(.done(id: "3"))
    #expect(try rows(site).last?[4] == "1")
    #expect(try site.tasks().last?.status == "done")
    try site.apply(.reopen(id: "3"))
    #expect(try rows(site).last?[4] == "0")
    try site.apply(.remove(id: "3"))
    // The rows are back; the file's bytes are not, as SQLite counts every write in its header.
    #expect(try rows(site) == original)
    #expect(
        try site.editor().apply(.done(id: "1"), dryRun: true).diff
            == "UPDATE \"tasks\" SET \"is_completed\" = 1 WHERE \"id\" = 1;\n")
    #expect(try rows(site) == original)
}

@Test func sqliteReadThroughAQueryIsNotEdited() throws {
    let site = try EditSite(path: "Content/tasks.sqlite", bytes: [], extra: "  query: SELECT * FROM tasks\n")
    try site.site.remove(site.path)
    try seed(site)
    let failure = try site.failure(.done(id: "1"))
    #expect(failure.contains("query: cannot be edited"))
}

@Test func sqliteAddsAfterTheLargestIDWithoutOverflow() throws {
    let site = try EditSite(path: "Content/tasks.sqlite", bytes: [], extra: "  table: tasks\n")
    try site.site.remove(site.path)
    let database = try DatabaseQueue(path: site.site.url(site.path).path)
    try database.write { db in
        try db.execute(sql: "CREATE TABLE tasks(id INTEGER PRIMARY KEY, title TEXT, is_completed INTEGER)")
        try db.execute(sql: "INSERT INTO tasks VALUES (9223372036854775807, 'Big', 0), (1, 'One', 0)")
    }
    try database.close()
    let added = try site.apply(.add(NewTask(text: "Small")))
    #expect(added.task.id == "2")
    #expect(
        try rows(site).map { $0.prefix(2) } == [
            ["1", "\"One\""], ["2", "\"Small\""], ["9223372036854775807", "\"Big\""]
        ])
}
