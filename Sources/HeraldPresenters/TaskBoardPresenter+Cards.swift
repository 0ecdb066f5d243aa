import HeraldModels
import HeraldMustache

/// A task's card: what the board, the task pages and the report show of one task.
extension TaskBoardPresenter {
    func card(_ task: TaskItem, index: Int, links: Linker) -> TemplateValue {
        var view: TemplateMap = [
            "id": .string(Self.anchor(task.id)),
            "task_id": .string(task.id),
            "title": .string(task.title),
            "href": .string(links.href("tasks/", fragment: "task-\(Self.anchor(task.id))")),
            "notes_html": notesHTML[index].isEmpty ? nil : .html(notesHTML[index]),
            "completed": .bool(task.completed),
            "priority": task.priority.map { .string($0) } ?? nil,
            "priority_class": .string(task.priority?.lowercased() ?? "none"),
            "due": due(of: task),
            "done": done(of: task),
            // The task's own page elsewhere (an issue's html_url): its title links there.
            "url": task.url.map { url in
                .string(url.contains("://") || url.hasPrefix("mailto:") ? url : links.href(url))
            } ?? nil,
            "filter": filterData(task),
            "assignee": task.assignee.map { .string($0) } ?? nil,
            // Named only where the tasks come from more than one note.
            "note": showsNotes ? task.note.map { .string($0) } ?? nil : nil,
            "has_subtasks": .bool(!task.subtasks.isEmpty),
            "subtasks": .list(subtaskViews(task.subtasks)),
            "assignees": .list(task.assignees.map { .string($0) }),
            "assignees_text": task.assignees.isEmpty ? nil : .string(task.assignees.joined(separator: ", ")),
            "recurrence": task.recurrence.map { .string("Repeats \($0.description)") } ?? nil,
            "threshold": task.isUpcoming(at: context.now, in: context.timeZone)
                ? task.threshold.map { .string("From \(context.dayText.short($0))") } ?? nil : nil,
            "scheduled": task.scheduled.map { .string("Scheduled \(context.dayText.short($0))") } ?? nil,
            "start": task.start.map { .string("Starts \(context.dayText.short($0))") } ?? nil,
            "cancelled": task.cancelled.map { .string("Cancelled \(context.dayText.short($0))") } ?? nil
        ]
        addChips(of: task, links: links, to: &view)
        factsView.add(task.facts, record: task.record, to: &view)
        factsView.addCard(task.facts, positions: cardFacts, to: &view)
        return .map(view)
    }

    /// A task's subtasks and theirs, in the note's order: a subtask's own subtasks are on the card
    /// too, marked nested, so that no item of a deep checklist is missing from the board.
    private func subtaskViews(_ subtasks: [TaskItem], nested: Bool = false) -> [TemplateValue] {
        subtasks.flatMap { subtask -> [TemplateValue] in
            let view: TemplateValue = [
                "name": .string(subtask.title), "completed": .bool(subtask.completed), "nested": .bool(nested)
            ]
            return [view] + subtaskViews(subtask.subtasks, nested: true)
        }
    }

    /// When an open task is due, and how soon; nil for a done task or one without a due date.
    private func due(of task: TaskItem) -> TemplateValue {
        let text = context.dayText
        guard !task.completed, let day = task.due, let days = task.daysUntilDue(from: context.now, in: context.timeZone)
        else { return nil }
        return [
            "text": .string(text.short(day)), "iso": .string(day.description),
            "relative": .string(text.due(inDays: days)), "class": .string(text.urgency(inDays: days))
        ]
    }

    /// A done card says when it was done, not when it was due.
    private func done(of task: TaskItem) -> TemplateValue {
        guard task.completed else { return nil }
        return [
            "text": .string(task.completedAt.map { "Done \(context.dayText.short($0))" } ?? "Done"),
            "iso": task.completedAt.map { .string($0.description) } ?? nil
        ]
    }

    /// The project, contexts and tags, each with the page of its tasks.
    private func addChips(of task: TaskItem, links: Linker, to view: inout TemplateMap) {
        // Typed: a nil assigned to a dictionary's subscript would remove the key, not set null.
        let project: TemplateValue =
            task.project.map { name in
                ["name": .string(name), "href": .string(links.href(projectRoutes[name] ?? "tasks/"))]
            } ?? nil
        view["project"] = project
        view["contexts"] = .list(
            task.contexts.map { name in
                ["name": .string(name), "href": .string(links.href(contextRoutes[name] ?? "tasks/"))]
            })
        view["has_tags"] = .bool(!task.tags.isEmpty)
        view["tags"] = .list(
            task.tags.map { tag in
                ["name": .string(tag), "href": .string(links.href(tagRoutes[tag] ?? "tasks/"))]
            })
    }
}
