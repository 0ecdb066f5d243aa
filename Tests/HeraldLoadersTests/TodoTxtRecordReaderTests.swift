import HeraldCore
import HeraldLoaders
import HeraldTestSupport
import Testing

private func tasks(_ name: String) throws -> [Int: Record] {
    let records = try RealData.load("tasks-todotxt/\(name)")
    return Dictionary(uniqueKeysWithValues: records.map { ($0.location.line, $0) })
}

@Test func todoTxtFilesSkipBlankLinesAndCommentsOnlyWhenAsked() throws {
    // The format has no comments: a `#` line is a task unless the site says `comments: "#"`.
    #expect(try RealData.load("tasks-todotxt/task_todo.txt").count == 66)
    #expect(try RealData.load("tasks-todotxt/sort_todo.txt").count == 59)
    #expect(try RealData.load("tasks-todotxt/tasklist_todo.txt").count == 65)
    #expect(try RealData.load("tasks-todotxt/task_todo.txt", comments: "#").count == 54)
    #expect(try RealData.load("tasks-todotxt/sort_todo.txt", comments: "#").count == 50)
    #expect(try RealData.load("tasks-todotxt/tasklist_todo.txt", comments: "#").count == 63)
    let todo = try RealData.load("tasks-todotxt/todo.txt")
    #expect(todo.count == 8)
    #expect(todo.map { $0["priority"]?.string } == ["A", "A", "B", "C", nil, nil, nil, nil])
    #expect(todo.map { $0["completed"]?.bool } == [false, false, false, false, false, false, false, true])
    #expect(todo[0]["title"]?.string == "Call Mom")
    #expect(todo[0]["projects"]?.strings == ["Family"])
    #expect(todo[0]["contexts"]?.strings == ["Phone"])
    // Comment lines still count: the first task of sort_todo.txt is on line 2.
    #expect(
        try RealData.load("tasks-todotxt/sort_todo.txt", comments: "#").first?.location
            == SourceLocation(file: "tasks-todotxt/sort_todo.txt", line: 2, column: 1))
    #expect(
        try RealData.load("tasks-todotxt/sort_todo.txt").first?["title"]?.string == "# Sort Priority test case - 0+6")
}

@Test func todoTxtLineByLine() throws {
    let file = try tasks("task_todo.txt")

    let milk = try #require(file[2])
    #expect(milk["created"]?.string == "2013-02-22")
    #expect(milk["title"]?.string == "Pick up milk")
    #expect(milk["contexts"]?.strings == ["GroceryStore"])
    #expect(milk["completed"]?.bool == false)
    #expect(milk["priority"] == nil)
    #expect(milk["line"]?.int == 2)

    let download = try #require(file[3])
    #expect(download["completed"]?.bool == true)
    #expect(download["completed_at"] == nil)
    #expect(download["title"]?.string == "Download Todo.txt mobile app")

    let outline = try #require(file[4])
    #expect(outline["priority"]?.string == "B")
    #expect(outline["priority"]?.column == 1)
    #expect(outline["created"]?.string == "2013-12-01")
    #expect(outline["created"]?.column == 5)
    // Keys the board does not know are no fields: they stay in the title, and under `pairs`.
    #expect(outline["pairs.private"]?.string == "false")
    #expect(outline["pairs.Level"]?.string == "5")
    #expect(outline["private"] == nil)
    #expect(outline["due"]?.string == "2014-02-17")
    #expect(outline["due"]?.column == 73)
    #expect(outline["title"]?.string == "private:false Outline chapter 5 Level:5")
    #expect(outline["text"]?.string == "private:false Outline chapter 5 +Novel @Computer Level:5 due:2014-02-17")
    #expect(outline["projects"]?.strings == ["Novel"])
    #expect(outline["contexts"]?.strings == ["Computer"])
    #expect(
        outline.fields.map?.keys == [
            "title", "text", "completed", "created", "priority", "projects", "contexts",
            "due", "pairs", "line"
        ])

    let testCases = try #require(file[5])  // x 2014-01-02 (B) 2013-12-30 Create golang library test cases
    #expect(testCases["completed"]?.bool == true)
    #expect(testCases["completed_at"]?.string == "2014-01-02")
    #expect(testCases["priority"]?.string == "B")
    #expect(testCases["created"]?.string == "2013-12-30")
    #expect(testCases["title"]?.string == "Create golang library test cases")
    #expect(testCases["projects"]?.strings == ["go-todotxt"])

    let more = try #require(file[6])  // x 2014-01-03 2014-01-01 Create some more …
    #expect(more["completed_at"]?.string == "2014-01-03")
    #expect(more["created"]?.string == "2014-01-01")
    #expect(more["priority"] == nil)

    // The spec's order is x, priority, completion date, creation date: one date is the completion.
    let documentation = try #require(file[10])  // x (C) 2014-01-01 Create golang library documentation … due:2014-01-12
    #expect(documentation["priority"]?.string == "C")
    #expect(documentation["completed_at"]?.string == "2014-01-01")
    #expect(documentation["created"] == nil)
    #expect(documentation["due"]?.string == "2014-01-12")
    #expect(documentation["due"]?.column == 70)

    let garden = try #require(file[12])  // tags before the text
    #expect(garden["projects"]?.strings == ["Gardening", "Planning", "Improving"])
    #expect(garden["contexts"]?.strings == ["Home"])
    #expect(garden["projects"]?.list?.first?.column == 1)
    #expect(garden["title"]?.string == "Plan backyard herb garden +Planning +Improving")

    let tv = try #require(file[25])  // duplicated tags and a key:value with punctuation
    #expect(tv["contexts"]?.strings == ["Home", "Electricity", "Television", "Of_Super-Importance"])
    #expect(tv["pairs.Importance"]?.string == "Very!")
    #expect(tv["title"]?.string == "Turn off TV Importance:Very!")

    let research = try #require(file[26])
    #expect(research["projects"]?.strings == ["Novel"])
    #expect(research["due"]?.string == "2014-01-01")

    let xylophone = try #require(file[47])
    #expect(xylophone["completed"]?.bool == false)
    #expect(xylophone["title"]?.string == "xylophone lesson")

    let resolutions = try #require(file[48])
    #expect(resolutions["completed"]?.bool == false)
    #expect(resolutions["created"] == nil)
    #expect(resolutions["title"]?.string == "X 2012-01-01 Make resolutions")
}

@Test func todoTxtTrailingWhitespaceAndMidFileComments() throws {
    let file = try tasks("tasklist_todo.txt")
    #expect(file[2]?["title"]?.string == "Download Todo.txt mobile app")
    #expect(file[9]?["projects"]?.strings == ["Gardening", "Planning", "Improving"])
    #expect(file[55]?["title"]?.string == "# so whatever")
    #expect(file[62]?["title"]?.string == "# comments will be ignored")
    // A key:value before the text, and one between tags.
    #expect(file[64]?["title"]?.string == "Create golang library")
    #expect(file[64]?["due"]?.string == "2014-01-05")
    #expect(file[65]?["title"]?.string == "Create golang library documentation")
    #expect(file[65]?["due"]?.string == "2014-01-12")
}

@Test func todoTxtSpecExamples() throws {
    let text = """
        (A) Call Mom
        Really gotta call Mom (A) @phone @someday
        (b) Get back to the boss
        (B)->Submit TPS report
        (A) Call Mom 2011-03-02
        (A) x Find ticket prices
        Email SoAndSo at soandso@example.com
        Learn how to add 2+2
        Meet at 12:30 see https://example.org/a:b +Web
        x 2011-03-02 2011-03-01 Review Tim's pull request +TodoTxtTouch @github
        """
    let records = try read(TodoTxtRecordReader(), text, file: "todo.txt")
    #expect(records.map { $0["priority"]?.string } == ["A", nil, nil, nil, "A", "A", nil, nil, nil, nil])
    #expect(records[4]["created"] == nil)
    #expect(records[5]["completed"]?.bool == false)
    #expect(records[6]["contexts"]?.strings == [])
    #expect(records[7]["projects"]?.strings == [])
    #expect(records[8]["title"]?.string == "Meet at 12:30 see https://example.org/a:b")
    #expect(records[8].fields.map?.keys.contains("12") == false)
    #expect(records[9]["completed_at"]?.string == "2011-03-02")
    #expect(records[9]["created"]?.string == "2011-03-01")
    #expect(records[9]["contexts"]?.strings == ["github"])
}

@Test func todoTxtRepeatedKeyLastWins() throws {
    let record = try #require(
        try read(TodoTxtRecordReader(), "Pay rent due:2026-01-01 status:doing due:2026-02-01").first)
    #expect(record["due"]?.string == "2026-02-01")
    #expect(record["due"]?.column == 38)
    #expect(record["status"]?.string == "doing")
    #expect(record["title"]?.string == "Pay rent")
}

@Test func aLineWithLettersBeyondASCIIReadsAsItsASCIIKin() throws {
    // An ASCII line's texts come from its bytes, any other line's from its scalars: the same
    // fields, and columns counted in characters either way.
    let lines = [
        "(B) 2026-01-02 Grüße an Jürgen +Büro @tél note:über due:2026-03-04 +zwei",
        "(B) 2026-01-02 Gruse an Jurgen +Buro @tel note:uber due:2026-03-04 +zwei"
    ]
    let records = try lines.map { try #require(try read(TodoTxtRecordReader(), $0).first) }
    let accented = records[0]
    #expect(accented["title"]?.string == "Grüße an Jürgen note:über +zwei")
    #expect(accented["text"]?.string == String(lines[0].dropFirst(15)))
    #expect(accented["projects"]?.strings == ["Büro", "zwei"])
    #expect(accented["contexts"]?.strings == ["tél"])
    #expect(accented["pairs.note"]?.string == "über")
    for field in ["priority", "created", "due", "pairs.note"] {
        #expect(accented[field]?.column == records[1][field]?.column, "\(field)")
    }
    #expect(records[1]["title"]?.string == "Gruse an Jurgen note:uber +zwei")
    #expect(
        errors(TodoTxtRecordReader(), "Grüße due:2026-02-30", file: "t.txt").map(\.description) == [
            "t.txt:1:7: error: invalid due date '2026-02-30'"
        ])
}

@Test func todoTxtInvalidDatesAreAllReported() {
    let text = """
        (A) Call Mom due:2014-02-32
        # fine
        2013-02-30 Pick up milk
        x 2014-13-01 Done thing due:2015-02-29
        Ship it due:tomorrow
        (B) 2012-02-29 leap day is fine due:2000-02-29
        Rename priority:high
        x 2014-01-01
        Plan t:2026-13-01 rec:1q pri:high
        """
    let diagnostics = errors(TodoTxtRecordReader(), text, file: "Content/tasks.todo.txt")
    #expect(
        diagnostics.map(\.description) == [
            "Content/tasks.todo.txt:1:14: error: invalid due date '2014-02-32'",
            "Content/tasks.todo.txt:3:1: error: invalid creation date '2013-02-30'",
            "Content/tasks.todo.txt:4:3: error: invalid completion date '2014-13-01'",
            "Content/tasks.todo.txt:4:25: error: invalid due date '2015-02-29'",
            "Content/tasks.todo.txt:5:9: error: invalid due date 'tomorrow'",
            "Content/tasks.todo.txt:8:13: error: the task has no description",
            "Content/tasks.todo.txt:9:6: error: invalid threshold date '2026-13-01' (t: takes YYYY-MM-DD)",
            "Content/tasks.todo.txt:9:19: error: invalid recurrence '1q' (rec: takes a number and d, w, m, y or b, as in 1w or +3d)",
            "Content/tasks.todo.txt:9:26: error: invalid priority 'high' (pri: takes a letter from A to Z)"
        ])
}

@Test func todoTxtCRLFAndEmpty() throws {
    let records = try read(TodoTxtRecordReader(), "(A) One +P\r\n\r\nx Two\r\n")
    #expect(records.map { $0["title"]?.string } == ["One", "Two"])
    #expect(records.map(\.location.line) == [1, 3])
    #expect(try read(TodoTxtRecordReader(), "").isEmpty)
    #expect(try read(TodoTxtRecordReader(comments: "#"), "# only a comment\n\n").isEmpty)
    #expect(
        try read(TodoTxtRecordReader(comments: "//"), "// a comment\n# a task\n").map { $0["title"]?.string } == [
            "# a task"
        ])
}

@Test func todoTxtReadsOnlyTheKeysTheBoardKnows() throws {
    let text = """
        #1 priority: call Bob
        Fix line:42 of main.c +code @desk
        Read text:book title:Dune
        Water plants rec:1w t:2026-12-01 h:1 due:2026-12-03 id:plants status:doing
        x 2026-11-20 Pay rent pri:B
        """
    let records = try read(TodoTxtRecordReader(), text)
    #expect(
        records.map { $0["title"]?.string }
            == [
                "#1 priority: call Bob", "Fix line:42 of main.c", "Read text:book title:Dune", "Water plants",
                "Pay rent"
            ])
    #expect(records[1]["pairs.line"]?.string == "42")
    #expect(records[1]["projects"]?.strings == ["code"])
    #expect(records[1]["contexts"]?.strings == ["desk"])
    #expect(records[2]["pairs.title"]?.string == "Dune")
    #expect(records[3]["recurrence"]?.string == "1w")
    #expect(records[3]["threshold"]?.string == "2026-12-01")
    #expect(records[3]["hidden"]?.bool == true)
    #expect(records[3]["id"]?.string == "plants")
    #expect(records[3]["status"]?.string == "doing")
    #expect(records[4]["priority"]?.string == "B")
}

/// A large file read a piece at a time gives each line's record, range and number as one pass does.
@Test(arguments: [1, 2, 7])
func piecesOfALargeFileReadAsTheWholeFile(count: Int) throws {
    var text = ""
    for number in 1...9_000 {
        text += number % 1_000 == 0 ? "\n" : "(B) 2026-11-01 Task number \(number) of a long enough line +work @desk\n"
    }
    let bytes = Array(text.utf8)
    let reader = TodoTxtRecordReader()
    var whole: [(Int, Range<Int>)] = []
    try reader.forEachRecord(inText: bytes, file: "todo.txt") { record, span in
        whole.append((record.location.line, span))
    }
    var pieced: [(Int, Range<Int>)] = []
    let pieces = TodoTxtRecordReader.pieces(of: bytes[...], count: count)
    #expect(count == 1 ? pieces.count == 1 : pieces.count >= count)
    for piece in pieces {
        let problems = reader.forEachRecord(inLines: piece.lines, firstLine: piece.firstLine, file: "todo.txt") {
            record, span in
            pieced.append((record.location.line, span))
        }
        #expect(problems.isEmpty)
    }
    #expect(whole.count == 8_991)
    #expect(pieced.map(\.0) == whole.map(\.0))
    #expect(pieced.map(\.1) == whole.map(\.1))
}
