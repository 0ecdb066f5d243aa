import Foundation
import HeraldCore
import HeraldEditor
import HeraldModels
import Testing

// Completing a repeating task adds its next occurrence where the format's own tools put it:
// todo.txt at the end of the file (Simpletask), a checklist item on the line above (the Obsidian
// Tasks plugin). The whole file is compared, so no other byte may move.

@Test func aRepeatingTodoTxtTaskDoneAddsItsNextOccurrenceAtTheEnd() throws {
    let text =
        "(A) 2026-11-01 Water the plants +Home @garden due:2026-11-20 t:2026-11-18 rec:1w status:doing id:w1 pot:3\n"
        + "Call Mom\n"
    let site = try EditSite(path: "Content/todo.txt", bytes: utf8(text))
    let outcome = try site.apply(.done(id: "w1"))
    expectBytes(
        try site.bytes,
        utf8(
            "x 2026-11-23 2026-11-01 Water the plants +Home @garden due:2026-11-20 t:2026-11-18 rec:1w id:w1 pot:3 pri:A\n"
                + "Call Mom\n"
                // A week from the day it was done; the threshold keeps its two days before the due date.
                + "(A) 2026-11-23 Water the plants +Home @garden due:2026-11-30 t:2026-11-28 rec:1w pot:3\n"))
    #expect(outcome.task.id == "w1")
    #expect(outcome.task.completed)
    let next = try #require(outcome.next)
    #expect(next.due == Day(iso: "2026-11-30") && next.threshold == Day(iso: "2026-11-28"))
    #expect(next.status == "todo" && next.priority == "A" && next.project == "Home" && next.contexts == ["garden"])
    #expect(next.idIsDerived)
    #expect(try site.tasks().map(\.id).contains(next.id))
}

@Test func aStrictRecurrenceCountsFromTheDueDateAndAnUndatedTaskGetsADueDate() throws {
    let text = "Pay rent due:2026-01-31 rec:+1m\nStretch rec:2d\nStart the report t:2026-11-20 rec:+1w\n"
    let site = try EditSite(path: "Content/todo.txt", bytes: utf8(text))
    let ids = idsByTitle(try site.tasks())
    try site.apply(.done(id: try #require(ids["Pay rent"])), now: "2026-02-03T10:00:00Z")
    try site.apply(.done(id: try #require(ids["Stretch"])), now: "2026-02-03T10:00:00Z")
    try site.apply(.done(id: try #require(ids["Start the report"])), now: "2026-02-03T10:00:00Z")
    expectBytes(
        try site.bytes,
        utf8(
            "x 2026-02-03 Pay rent due:2026-01-31 rec:+1m\nx 2026-02-03 Stretch rec:2d\nx 2026-02-03 Start the report t:2026-11-20 rec:+1w\n"
                + "Pay rent due:2026-02-28 rec:+1m\nStretch rec:2d due:2026-02-05\nStart the report t:2026-11-27 rec:+1w\n"
        ))
}

@Test func aNextOccurrencePastTheCalendarIsAnErrorAndNothingIsWritten() throws {
    let site = try EditSite(path: "Content/todo.txt", bytes: utf8("Renew the lease due:9999-06-01 rec:+1y\n"))
    let id = try #require(try site.tasks().first?.id)
    let message = try site.failure(.done(id: id))
    #expect(
        message
            == "Content/todo.txt:1: error: the next occurrence of 'Renew the lease' (every year, from the due date) "
            + "would fall after 9999-12-31; nothing was written")
}

@Test func aRepeatingChecklistItemDoneGetsItsNextOccurrenceOnTheLineAbove() throws {
    let note = """
        # Home

        - [ ] Take out the trash 🔁 every week ➕ 2026-11-01 ⏳ 2026-11-20 📅 2026-11-22 🆔 trash ^t1
        - [ ] Water the ferns 🔁 every 2 days when done
          - [ ] Fill the can
        - [ ] Back up the laptop [repeat:: every month]  [due:: 2026-10-31]

        """
    let site = try EditSite(path: "Content/home.md", bytes: utf8(note))
    let ids = idsByTitle(try site.tasks())
    let trash = try site.apply(.done(id: "trash"))
    #expect(trash.next?.due == Day(iso: "2026-11-29"))
    try site.apply(.done(id: try #require(ids["Water the ferns"])))
    try site.apply(.done(id: try #require(ids["Back up the laptop"])))
    expectBytes(
        try site.bytes,
        utf8(
            """
            # Home

            - [ ] Take out the trash 🔁 every week ➕ 2026-11-23 ⏳ 2026-11-27 📅 2026-11-29
            - [x] Take out the trash 🔁 every week ➕ 2026-11-01 ⏳ 2026-11-20 📅 2026-11-22 🆔 trash ✅ 2026-11-23 ^t1
            - [ ] Water the ferns 🔁 every 2 days when done 📅 2026-11-25
            - [x] Water the ferns 🔁 every 2 days when done ✅ 2026-11-23
              - [ ] Fill the can
            - [ ] Back up the laptop [repeat:: every month]  [due:: 2026-11-30]
            - [x] Back up the laptop [repeat:: every month]  [due:: 2026-10-31]  [completion:: 2026-11-23]

            """))
    let tasks = try site.tasks()
    #expect(tasks.map(\.completed) == [false, true, false, true, false, true])
    #expect(tasks[1].subtasks.isEmpty && tasks[3].subtasks.map(\.title) == ["Fill the can"])
}

@Test func aRecurrenceHeraldCannotFollowIsAWarningNotAStop() throws {
    let site = try EditSite(
        path: "Content/home.md", bytes: utf8("- [ ] Take out the trash 🔁 every week on Sunday 📅 2026-11-22\n"))
    let outcome = try site.apply(.done(id: try #require(try site.tasks().first?.id)))
    #expect(outcome.next == nil)
    #expect(try site.bytes == utf8("- [x] Take out the trash 🔁 every week on Sunday 📅 2026-11-22 ✅ 2026-11-23\n"))
    #expect(
        outcome.warnings.map(\.description) == [
            "Content/home.md:1: warning: 'Take out the trash' repeats 'every week on Sunday', "
                + "which Herald cannot work out (a number and d, w, m, y or b, as in 1w or +3d, or 'every 2 weeks'), so no next occurrence was added"
        ])
    // A record of fields keeps its recurrence, but herald tasks adds no record for it.
    let json = try EditSite(
        path: "Content/tasks.json",
        bytes: utf8("[{\"id\": 1, \"title\": \"Stretch\", \"done\": false, \"recurrence\": \"1d\"}]\n"))
    let record = try json.apply(.done(id: "1"))
    #expect(record.next == nil)
    #expect(record.warnings.first?.message.contains("only in todo.txt and Markdown checklists") == true)
}

@Test func aDryRunShowsTheNextOccurrenceInTheDiff() throws {
    let site = try EditSite(path: "Content/todo.txt", bytes: utf8("Stretch due:2026-11-23 rec:1d\n"))
    let outcome = try site.editor().apply(.done(id: try #require(try site.tasks().first?.id)), dryRun: true)
    #expect(
        outcome.diff.contains(
            "-Stretch due:2026-11-23 rec:1d\n+x 2026-11-23 Stretch due:2026-11-23 rec:1d\n+Stretch due:2026-11-24 rec:1d\n"
        ))
    #expect(try site.bytes == utf8("Stretch due:2026-11-23 rec:1d\n"))
}
