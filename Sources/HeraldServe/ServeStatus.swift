import Synchronization

/// What the served pages show beside the site itself, as of the last rebuild: the errors of a
/// failed one, and what the board's actions may do.
final class ServeStatus: Sendable {
    private let state = Mutex(State())

    struct State: Sendable {
        /// The compiler-style lines of the last rebuild when it failed; nil when it succeeded.
        var errors: [String]?
        /// The board's columns and whether its task file can be edited; nil without a board.
        var board: BoardState?
    }

    var current: State { state.withLock { $0 } }

    func update(_ change: (inout State) -> Void) {
        state.withLock { change(&$0) }
    }
}

/// The task board as the served pages' actions see it.
struct BoardState: Sendable, Equatable {
    var columns: [String]
    /// Why the actions are disabled (the editor's own message, say for tasks from a URL); nil
    /// when the task file can be edited.
    var readOnlyReason: String?
    /// The board's swimlanes, when it has them.
    var lanes: Lanes?

    /// The field the lanes are made by, and whether the editor writes it, so that a card
    /// dropped into another lane takes that lane's value.
    struct Lanes: Sendable, Equatable, Encodable {
        var field: String
        var writes: Bool
    }
}
