import Foundation
import HeraldConfig
import HeraldCore
import HeraldModels
import HeraldPresenters

/// The board's keys of herald.yml as the build uses them: a warning for each column over its
/// work-in-progress limit, and the layout the board's presenter draws.
enum BoardSettings {
    /// One warning per column holding more tasks than its limit, at the limit in herald.yml. A
    /// column holds what its head on the board counts: not the tasks waiting for their threshold
    /// day (`t:`), which wait in the Upcoming list.
    static func warnings(
        tasks: [TaskItem], columns: [String], limits: [BoardConfig.Limit], now: Date,
        timeZone: TimeZone
    ) -> [Diagnostic] {
        let held = TaskBoardPresenter.placement(of: tasks, columns: columns, now: now, timeZone: timeZone).columns
        return limits.compactMap { limit in
            let count = columns.firstIndex(of: limit.column).map { held[$0].count } ?? 0
            guard count > limit.limit else { return nil }
            return .warning(
                at: limit.location, "column '\(limit.column)' holds \(count) tasks, over its limit of \(limit.limit)")
        }
    }

    static func layout(_ board: BoardConfig?) -> TaskBoardPresenter.Layout {
        guard let board else { return TaskBoardPresenter.Layout() }
        return TaskBoardPresenter.Layout(
            limits: Dictionary(board.limits.map { ($0.column, $0.limit) }, uniquingKeysWith: { $1 }),
            swimlanes: board.swimlanes.flatMap(TaskBoardPresenter.LaneField.init(rawValue:)),
            calendar: board.calendar)
    }
}
