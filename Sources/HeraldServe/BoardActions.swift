import Foundation
import HeraldConfig
import HeraldCore
import HeraldEditor
import HeraldModels
import Hummingbird
import Synchronization

/// The served board's actions: `POST /_herald/tasks` with a JSON action, applied to the task
/// file by the same `TaskEditor` as `herald tasks`, then the site rebuilt before the answer.
/// The request has passed the `RequestGuard` before it gets here.
struct BoardActions: Sendable {
    let site: URL
    let rebuilder: Rebuilder
    /// The removals the page may still undo, by the name its answer gave them.
    let removals = Removals()

    /// The largest action body read; an action is a few words.
    static let maxBody = 64 * 1024

    /// What the page sends: `{"action":"move","id":"4f2a","status":"doing"}` (with
    /// `"priority":"B"` for a drop into another priority's lane, `""` for the lane of none), for
    /// an edit `{"action":"edit","id":"4f2a","text":"New title","due":"2026-12-01"}` (`"due":""`
    /// clears it), and to undo a removal `{"action":"restore","undo":"…"}` with the name the
    /// removal's answer gave.
    struct Action: Decodable {
        var action: String
        var id: String?
        var status: String?
        var text: String?
        var due: String?
        var priority: String?
        var undo: String?
    }

    /// What the page gets back: `{"ok":true,"id":"4f2a"}` (with `"next":"9c1d"` when completing
    /// a repeating task added its next occurrence; a removal's with `"undo"`, the name to put it
    /// back by) or `{"ok":false,"error":"…"}`.
    struct Reply: Encodable {
        var ok: Bool
        var id: String?
        var next: String?
        /// What the change did not do but did not stop for, said on the page.
        var warning: String?
        var error: String?
        var undo: String?
    }

    /// The board's columns, and why its task file cannot be edited if it cannot (the editor's
    /// own message); nil when the site has no board.
    static func state(site: URL, config: SiteConfig) -> BoardState? {
        guard let tasks = config.tasks else { return nil }
        var reason: String?
        do throws(DiagnosticError) {
            try TaskEditor(site: site, config: tasks, now: Date()).checkEditable()
        } catch {
            reason = error.diagnostics.first?.message
        }
        let lanes = tasks.board.swimlanes.map { field in
            // The editor writes a priority; an assignee or a project it cannot, so a drop into
            // their lane moves the card to the column only, and the page says so.
            BoardState.Lanes(field: field, writes: field == "priority")
        }
        return BoardState(columns: tasks.rules.columns, readOnlyReason: reason, lanes: lanes)
    }

    func respond(to request: Request) async -> Response {
        var request = request
        guard let body = try? await request.collectBody(upTo: Self.maxBody) else {
            return Self.reply(
                .contentTooLarge, Reply(ok: false, error: "the request is larger than \(Self.maxBody) bytes"))
        }
        guard let action = try? JSONDecoder().decode(Action.self, from: Data(body.readableBytesView)) else {
            return Self.reply(
                .badRequest,
                Reply(
                    ok: false, error: "the request is not a JSON action such as {\"action\":\"done\",\"id\":\"4f2a\"}"))
        }
        let change: TaskChange
        switch Self.change(for: action, removals: removals) {
        case .success(let value): change = value
        case .failure(let problem): return Self.reply(.badRequest, Reply(ok: false, error: problem.message))
        }
        let site = self.site
        let outcome = await withCheckedContinuation { continuation in
            // The editor blocks on the folder lock and the file: not on a thread tasks run on.
            DispatchQueue.global().async { continuation.resume(returning: Self.apply(change, site: site)) }
        }
        switch outcome {
        case .success(let done):
            if case .restore = change, let name = action.undo { removals.forget(name) }
            let undo = done.removal.map { removals.keep($0) }
            // The editor wrote a file the watcher may not have reported yet: look at every file.
            await rebuilder.rebuildCheckingEveryFile()
            return Self.reply(
                .ok,
                Reply(
                    ok: true, id: done.task.id, next: done.next?.id,
                    warning: done.warnings.first?.message, undo: undo))
        case .failure(let problem):
            return Self.reply(.unprocessableContent, Reply(ok: false, error: problem.message))
        }
    }

    /// A one-line reason an action was refused.
    struct Problem: Error {
        var message: String
    }

    private static func change(for action: Action, removals: Removals) -> Result<TaskChange, Problem> {
        func id() -> Result<String, Problem> {
            guard let id = action.id, id.hasVisibleText else {
                return .failure(Problem(message: "'\(action.action)' needs the task's \"id\""))
            }
            return .success(id)
        }
        switch action.action {
        case "done": return id().map { .done(id: $0) }
        case "reopen": return id().map { .reopen(id: $0) }
        case "remove": return id().map { .remove(id: $0) }
        case "move":
            guard let status = action.status, status.hasVisibleText else {
                return .failure(Problem(message: "'move' needs a \"status\""))
            }
            if let priority = action.priority {
                return id().map {
                    .edit(id: $0, TaskEdits(priority: .some(priority.isEmpty ? nil : priority), status: status))
                }
            }
            return id().map { .move(id: $0, to: status) }
        case "restore":
            guard let name = action.undo, let removal = removals.removal(named: name) else {
                return .failure(
                    Problem(
                        message:
                            "there is no removal to undo by that name: it was undone already, or the server has restarted since"
                    ))
            }
            return .success(.restore(removal))
        case "add":
            guard let text = action.text else { return .failure(Problem(message: "'add' needs the task's \"text\"")) }
            let status = action.status.flatMap { $0.hasVisibleText ? $0 : nil }
            return .success(.add(NewTask(text: text, status: status)))
        case "edit":
            var edits = TaskEdits(title: action.text)
            if let due = action.due {
                guard due.isEmpty || Day(iso: due) != nil else {
                    return .failure(
                        Problem(message: "'\(due)' is not a date: the due date is YYYY-MM-DD, or empty to clear it"))
                }
                edits.due = .some(due.isEmpty ? nil : Day(iso: due))
            }
            guard edits.title != nil || edits.due != nil else {
                return .failure(Problem(message: "'edit' needs a new \"text\" or \"due\""))
            }
            return id().map { .edit(id: $0, edits) }
        default:
            return .failure(
                Problem(
                    message:
                        "unknown action '\(action.action)'; the actions are add, done, reopen, move, edit, remove and restore"
                ))
        }
    }

    /// Applies the change with the config as it is on disk now.
    private static func apply(_ change: TaskChange, site: URL) -> Result<TaskEditor.Outcome, Problem> {
        do throws(DiagnosticError) {
            let (config, _) = try SiteConfig.load(site: site)
            guard let tasks = config.tasks else {
                return .failure(
                    Problem(message: "herald.yml: error: the site has no tasks: section, so there are no tasks to edit")
                )
            }
            var editor = TaskEditor(site: site, config: tasks, now: Date())
            editor.keepsRemovals = true
            return .success(try editor.apply(change))
        } catch {
            let lines = error.diagnostics.map(\.description)
            let more = lines.count > 1 ? " (and \(lines.count - 1) more)" : ""
            return .failure(Problem(message: (lines.first ?? "the change failed") + more))
        }
    }

    static func reply(_ status: HTTPResponse.Status, _ reply: Reply) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        return Response(
            status: status, headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: ScriptSafeJSON.encode(reply))))
    }
}

/// The last few removals, kept in this server's memory under random names that only their
/// answers told: a page undoes a removal by its name, and never sends bytes to put in the file.
final class Removals: Sendable {
    /// A removal is undoable for seconds; a few cover removals made one after another.
    static let kept = 16
    private let entries = Mutex<[(name: String, removal: Removal)]>([])

    func keep(_ removal: Removal) -> String {
        let name = RequestGuard.makeToken()
        entries.withLock { entries in
            entries.append((name, removal))
            if entries.count > Self.kept { entries.removeFirst(entries.count - Self.kept) }
        }
        return name
    }

    func removal(named name: String) -> Removal? {
        entries.withLock { entries in entries.last { $0.name == name }?.removal }
    }

    func forget(_ name: String) {
        entries.withLock { entries in entries.removeAll { $0.name == name } }
    }
}
