import Foundation
import GRDB

/// Writes a SQLite file with the seed schema of a task database, as a user's app would have it.
enum SeedDatabase {
    struct Row {
        var title: String
        var subtitle: String?
        var imageURL: String?
        var isCompleted: Int
        var createdAt: String?
    }

    static func create(at url: URL, rows: [Row]) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let database = try DatabaseQueue(path: url.path)
        try database.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE tasks(id INTEGER PRIMARY KEY, title TEXT, subtitle TEXT, image_url TEXT,
                                       is_completed INTEGER, created_at TEXT)
                    """)
            for row in rows {
                try db.execute(
                    sql: """
                        INSERT INTO tasks(title, subtitle, image_url, is_completed, created_at) VALUES (?, ?, ?, ?, ?)
                        """, arguments: [row.title, row.subtitle, row.imageURL, row.isCompleted, row.createdAt])
            }
        }
        try database.close()
    }
}
