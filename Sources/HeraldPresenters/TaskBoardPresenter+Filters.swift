import HeraldModels
import HeraldMustache

extension TaskBoardPresenter {
    /// The choices of the board's filter bar: every tag, project and assignee, and the due
    /// windows. The bar is shown by the board's script; without it every card stays.
    var filterView: TemplateValue {
        func options(_ names: [String]) -> TemplateValue {
            .list(names.map { ["value": .string($0), "label": .string($0)] })
        }
        let assignees = Set(tasks.flatMap(\.assignees)).sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        return [
            "tags": options(tags.map(\.name)), "any_tags": .bool(!tags.isEmpty),
            "projects": options(projects.map(\.name)), "any_projects": .bool(!projects.isEmpty),
            "assignees": options(assignees), "any_assignees": .bool(!assignees.isEmpty),
            "due": .list(
                [("overdue", "Overdue"), ("week", "Due this week"), ("none", "No due date")].map { value, label in
                    ["value": .string(value), "label": .string(label)]
                })
        ]
    }

    /// What the filter bar matches a card by, as the card's data attributes: lists one name a
    /// line (a name may hold spaces), and the card's due window from today.
    func filterData(_ task: TaskItem) -> TemplateValue {
        var window = "none"
        if let days = task.daysUntilDue(from: context.now, in: context.timeZone) {
            window = task.completed ? "done" : days < 0 ? "overdue" : days < 7 ? "week" : "later"
        }
        return [
            "tags": .string(task.tags.joined(separator: "\n")), "project": .string(task.project ?? ""),
            "assignees": .string(task.assignees.joined(separator: "\n")), "due": .string(window)
        ]
    }
}
