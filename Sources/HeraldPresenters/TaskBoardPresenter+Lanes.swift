import HeraldModels
import HeraldMustache

extension TaskBoardPresenter {
    /// The board's rows, one per value of the lane field (its tasks' assignee, project or
    /// priority), in name order with the tasks that have none last; each row has every column.
    func laneViews(by field: LaneField, links: Linker) -> [TemplateValue] {
        // The columns' own members, so that a task waiting for its threshold day is in no lane,
        // as it is in no column, and the lanes add up to the column heads.
        var members: [String?: [Int]] = [:]
        for index in columnMembers.joined() {
            members[Self.lane(of: tasks[index], by: field), default: []].append(index)
        }
        let names = members.keys.compactMap { $0 }.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        let lanes = names.map { Optional($0) } + (members[nil] == nil ? [] : [nil])
        return lanes.map { lane in
            let title = lane.map { Self.laneTitle($0, by: field) } ?? "No \(field.rawValue)"
            return [
                "id": .string(Self.anchor("lane-" + (lane ?? "none"))),
                "title": .string(title),
                // The field's value the lane stands for, null for the lane of tasks without one.
                "value": lane.map { .string($0) } ?? .null,
                "count": .int(members[lane]?.count ?? 0),
                "columns": .list(
                    zip(columns, columnMembers).enumerated().map { position, pair in
                        let (column, ordered) = pair
                        let isLast = position == columns.count - 1
                        let cards = ordered.filter { Self.lane(of: tasks[$0], by: field) == lane }
                        // As on the board without lanes, the done column shows its newest tasks only.
                        let shown = isLast ? Array(cards.prefix(Self.doneShown)) : cards
                        return [
                            "id": .string(Self.anchor(column)),
                            "title": .string(Self.title(ofColumn: column)),
                            "lane": .string(title),
                            "count": .int(cards.count),
                            "any": .bool(!cards.isEmpty),
                            "more": shown.count < cards.count
                                ? [
                                    "text": .string("All \(cards.count) tasks"),
                                    "href": .string(links.href("tasks/done/"))
                                ] : nil,
                            "cards": .list(shown.map { card(tasks[$0], index: $0, links: links) })
                        ]
                    })
            ]
        }
    }

    private static func lane(of task: TaskItem, by field: LaneField) -> String? {
        switch field {
        // A task of several people is in its first one's lane: a card is on the board once.
        case .assignee: task.assignees.first
        case .project: task.project
        case .priority: task.priority
        }
    }

    private static func laneTitle(_ name: String, by field: LaneField) -> String {
        switch field {
        case .assignee: "@\(name)"
        case .project: "+\(name)"
        case .priority: "Priority \(name)"
        }
    }
}
