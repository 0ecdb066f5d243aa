import Foundation
import HeraldCore
import HeraldEditor
import HeraldModels
import Testing

private let todo = "(A) Call Mom\nCall Dad\nBuy milk\n"

@Test func unknownIDsAndUnknownColumnsAreErrors() throws {
    let site = try EditSite(path: "Content/todo.txt", bytes: Array(todo.utf8))
    #expect(try site.failure(.done(id: "zzzz")).contains("no task has the ID 'zzzz'"))
    let ids = try site.tasks().map(\.id)
    let failure = try site.failure(.move(id: ids[0], to: "later"))
    #expect(failure.contains("'later' is not a column of the board; the columns are todo, doing, done"))
}

@Test func anAmbiguousPrefixListsTheCandidates() throws {
    // Titles whose IDs share their first digit: found by trying, so the test does not depend on
    // which titles collide.
    var titles: [String] = []
    var first: [Character: [String]] = [:]
    var number = 0
    while titles.count < 2 {
        number += 1
        let title = "Task \(number)"
        let digit = TaskID.derived(fromTitle: title, occurrence: 1).first ?? "0"
        first[digit, default: []].append(title)
        if let pair = first[digit], pair.count == 2 { titles = pair }
    }
    let site = try EditSite(path: "Content/todo.txt", bytes: Array(titles.map { $0 + "\n" }.joined().utf8))
    let prefix = String(TaskID.derived(fromTitle: titles[0], occurrence: 1).prefix(1))
    let failure = try site.failure(.remove(id: prefix))
    #expect(failure.contains("is ambiguous"))
    #expect(failure.contains(titles[0]) && failure.contains(titles[1]))
}

@Test func aReadOnlyFileIsLeftAlone() throws {
    let site = try EditSite(path: "Content/todo.txt", bytes: Array(todo.utf8))
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: site.site.url(site.path).path)
    let id = try #require(try site.tasks().first).id
    #expect(try site.failure(.done(id: id)).contains("read-only"))
}

@Test func aRemoteSourceIsRefused() throws {
    let site = try TemporarySiteWithRemoteTasks()
    do {
        _ = try site.editor.apply(.done(id: "1"))
        Issue.record("expected an error")
    } catch {
        #expect(error.description.contains("only a local file"))
    }
}

@Test func aFileChangedMeanwhileIsNotOverwritten() throws {
    let site = try EditSite(path: "Content/todo.txt", bytes: Array(todo.utf8))
    let id = try #require(try site.tasks().first).id
    var editor = try site.editor()
    let url = site.site.url(site.path)
    editor.beforeWrite = { try? Data("Someone else's line\n".utf8).write(to: url) }
    do {
        _ = try editor.apply(.done(id: id))
        Issue.record("expected an error")
    } catch {
        #expect(error.description.contains("changed while this command ran"))
    }
    #expect(try site.bytes == Array("Someone else's line\n".utf8))
}

@Test func aFileRewrittenMomentsAfterItWasWrittenIsComparedByItsBytes() throws {
    // Written just now, then again by someone else with bytes of the same length and its time
    // put back, as two writes within one tick of the file system's clock would leave it: only
    // the bytes tell.
    let site = try EditSite(path: "Content/todo.txt", bytes: Array(todo.utf8))
    let id = try #require(try site.tasks().first).id
    var editor = try site.editor()
    let url = site.site.url(site.path)
    var status = stat()
    #expect(stat(url.path, &status) == 0)
    let written = status
    nonisolated(unsafe) var sameStatus = false
    let other = String(todo.map { $0 == "\n" ? "\n" : "z" })
    editor.beforeWrite = {
        let file = open(url.path, O_WRONLY | O_TRUNC)
        _ = Array(other.utf8).withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        close(file)
        let times = [written.st_atim, written.st_mtim]
        _ = utimensat(AT_FDCWD, url.path, times, 0)
        var now = stat()
        sameStatus =
            stat(url.path, &now) == 0 && now.st_ino == written.st_ino && now.st_size == written.st_size
            && now.st_mtim.tv_sec == written.st_mtim.tv_sec && now.st_mtim.tv_nsec == written.st_mtim.tv_nsec
    }
    do {
        _ = try editor.apply(.done(id: id))
        Issue.record("expected an error")
    } catch {
        #expect(error.description.contains("changed while this command ran"))
    }
    #expect(sameStatus, "the rewrite should leave the file's status as it was")
    #expect(try site.bytes == Array(other.utf8))
}

@Test func aWriteKeepsTheFileModeAndLeavesNoTemporaryFile() throws {
    let site = try EditSite(path: "Content/todo.txt", bytes: Array(todo.utf8))
    let path = site.site.url(site.path).path
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    try site.apply(.add(NewTask(text: "Another")))
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o640)
    #expect(try FileManager.default.contentsOfDirectory(atPath: site.site.url("Content").path) == ["todo.txt"])
}

@Test func aBadNewTaskIsAPositionedErrorAndNothingIsWritten() throws {
    let site = try EditSite(path: "Content/todo.txt", bytes: Array(todo.utf8))
    let failure = try site.failure(.add(NewTask(text: "Pay rent due:2026-02-30")))
    #expect(failure.hasPrefix("Content/todo.txt:4:"))
    #expect(failure.contains("invalid due date '2026-02-30'"))
}

/// A site whose tasks come from a URL.
private struct TemporarySiteWithRemoteTasks {
    let site: EditSite
    let editor: TaskEditor

    init() throws {
        site = try EditSite(path: "Content/unused.txt", bytes: [])
        try site.site.write("herald.yml", "title: T\ntasks:\n  source: https://example.org/tasks.json\n")
        editor = try site.editor()
    }
}

@Test func aNestedFieldMappingIsRefusedRatherThanWrittenElsewhere() throws {
    let json = "[{\"id\": 1, \"name\": \"A\", \"state\": {\"value\": \"todo\"}}]\n"
    let site = try EditSite(
        path: "Content/tasks.json", bytes: Array(json.utf8),
        extra: "  fields: {title: name, status: state.value}\n")
    #expect(try site.tasks().first?.status == "todo")
    #expect(try site.failure(.done(id: "1")).contains("nested key 'state.value'"))
}

@Test func aStatusMapWithNoWayBackIsCaughtBeforeWriting() throws {
    // Both source statuses go to "todo": moving to "doing" writes "doing", which the map does
    // not send anywhere else, so it reads back as "doing"; moving to "done" writes "done".
    let yaml = "- id: 1\n  title: A\n  status: open\n"
    let site = try EditSite(
        path: "Content/tasks.yml", bytes: Array(yaml.utf8),
        extra: "  status_map: {open: todo, doing: todo}\n")
    #expect(try site.failure(.move(id: "1", to: "doing")).contains("would be in 'todo', not 'doing'"))
}
