import HeraldConfig
import HeraldCore
import HeraldModels
import HeraldPresenters

/// The board's keys of herald.yml as the build uses them: a warning for each column over its
/// work-in-progress limit, and the layout the board's presenter draws.
enum BoardSettings {
    /// One warning per column holding more tasks than its limit, at the limit in herald.yml.
    static func warnings(tasks: [Task], limits: [BoardConfig.Limit]) -> [Diagnostic] {
        limits.compactMap { limit in
            let count = tasks.reduce(0) { $0 + ($1.status == limit.column ? 1 : 0) }
            guard count > limit.limit else { return nil }
            return .warning(at: limit.location, "column '\(limit.column)' holds \(count) tasks, over its limit of \(limit.limit)")
        }
    }

    static func layout(_ board: BoardConfig?) -> TaskBoardPresenter.Layout {
        guard let board else { return TaskBoardPresenter.Layout() }
        return TaskBoardPresenter.Layout(limits: Dictionary(board.limits.map { ($0.column, $0.limit) }, uniquingKeysWith: { $1 }),
                                         swimlanes: board.swimlanes.flatMap(TaskBoardPresenter.LaneField.init(rawValue:)),
                                         calendar: board.calendar)
    }
}
