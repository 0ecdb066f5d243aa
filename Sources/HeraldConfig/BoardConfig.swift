import HeraldCore

/// The board's own keys of the `tasks:` section: work-in-progress limits, swimlanes and the
/// calendar feed.
public struct BoardConfig: Sendable {
    /// A column's most tasks at once, and where herald.yml says so (for the build's warning).
    public struct Limit: Sendable {
        public var column: String
        public var limit: Int
        public var location: SourceLocation
    }

    /// In the order of the columns they limit.
    public var limits: [Limit] = []
    /// The task field the board's rows are made by; nil for no swimlanes.
    public var swimlanes: String?
    /// Whether `/tasks/calendar.ics` (and one feed per project) is written.
    public var calendar = false

    public init() {}

    /// The fields a board can be split into lanes by.
    public static let laneFields = ["assignee", "project", "priority"]
    static let keys = ["limits", "swimlanes", "calendar"]

    static func read(_ reader: inout ConfigReader, in section: DataMap, columns: [String]) -> BoardConfig {
        var board = BoardConfig()
        if let map = reader.map("limits", in: section) {
            for (column, node) in map.entries {
                guard columns.contains(column) else {
                    let hint = Suggestion.nearest(to: column, in: columns).map { " (did you mean '\($0)'?)" } ?? ""
                    reader.error(
                        "'limits' names '\(column)', which is not a column (columns: "
                            + "\(columns.joined(separator: ", ")))\(hint)", atKey: column, in: map)
                    continue
                }
                guard case .int(let limit) = node.value, (1...100_000).contains(limit) else {
                    reader.error(
                        "the limit of '\(column)' must be a whole number from 1 to 100000, "
                            + "found \(node.value.quotedForMessage)", at: node)
                    continue
                }
                board.limits.append(Limit(column: column, limit: limit, location: node.location(in: reader.file)))
            }
            board.limits.sort { (columns.firstIndex(of: $0.column) ?? 0) < (columns.firstIndex(of: $1.column) ?? 0) }
        }
        if let (field, node) = reader.text("swimlanes", in: section) {
            if laneFields.contains(field) {
                board.swimlanes = field
            } else {
                let hint = Suggestion.nearest(to: field, in: laneFields).map { " (did you mean '\($0)'?)" } ?? ""
                reader.error(
                    "'swimlanes' must be one of \(laneFields.joined(separator: ", ")), found '\(field)'\(hint)",
                    at: node)
            }
        }
        board.calendar = reader.bool("calendar", in: section) ?? false
        return board
    }
}
