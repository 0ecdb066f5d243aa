import HeraldModels
import HeraldMustache

/// How long tasks took from created to completed: the median and the middle half's spread, and
/// a histogram drawn at build time, from done tasks that have both dates.
public struct CycleTimes: Sendable {
    public static let width = 640
    public static let height = 200
    private static let left = 8, right = width - 8, top = 24, baseline = height - 28
    /// The histogram's buckets: a label and the most days a task in it took.
    private static let buckets: [(label: String, upTo: Int)] = [
        ("Same day", 0), ("1 day", 1), ("2–3 days", 3), ("4–7 days", 7), ("1–2 weeks", 14), ("2–4 weeks", 30),
        ("Longer", Int.max)
    ]

    public init() {}

    public func view(_ tasks: [TaskItem]) -> TemplateValue {
        let done = tasks.filter(\.completed)
        let days = done.compactMap { task -> Int? in
            guard let created = task.created, let completed = task.completedAt else { return nil }
            let days = created.days(until: completed)
            return days >= 0 ? days : nil
        }.sorted()
        let missing = done.count - days.count
        var counts = [Int](repeating: 0, count: Self.buckets.count)
        for value in days { counts[Self.buckets.firstIndex { value <= $0.upTo } ?? Self.buckets.count - 1] += 1 }
        let highest = max(1, counts.max() ?? 1)
        let slot = (Self.right - Self.left) / Self.buckets.count
        let barWidth = slot * 7 / 10
        let bars: [TemplateValue] = zip(Self.buckets, counts).enumerated().map { index, pair in
            let height = pair.1 * (Self.baseline - Self.top) / highest
            let x = Self.left + index * slot + (slot - barWidth) / 2
            return [
                "label": .string(pair.0.label), "count": .int(pair.1), "x": .int(x), "y": .int(Self.baseline - height),
                "width": .int(barWidth), "height": .int(height), "center": .int(x + barWidth / 2),
                "value_y": .int(Self.baseline - height - 4), "label_y": .int(Self.baseline + 16)
            ]
        }
        let summary =
            days.isEmpty
            ? ""
            : "Median \(Self.days(Self.quantile(days, 2, of: 4))) from created to done; "
                + "the middle half took \(Self.quantile(days, 1, of: 4))–\(Self.days(Self.quantile(days, 3, of: 4))), "
                + "over \(Plural.count(days.count, one: "task", many: "tasks"))."
        return [
            "title": "Cycle time: created to done",
            "any": .bool(!days.isEmpty),
            "empty_text": "No done task has both a creation and a completion date yet.",
            "description": .string(summary),
            "note": missing > 0
                ? .string(
                    Plural.count(missing, one: "done task lacks", many: "done tasks lack")
                        + " a creation or completion date and is not counted.") : nil,
            "count": .int(days.count),
            "median": days.isEmpty ? nil : .int(Self.quantile(days, 2, of: 4)),
            "width": .int(Self.width), "height": .int(Self.height),
            "left": .int(Self.left), "right": .int(Self.right), "baseline": .int(Self.baseline),
            "bars": .list(bars)
        ]
    }

    /// The `part`/`of` quantile of sorted `values` by the nearest rank.
    static func quantile(_ values: [Int], _ part: Int, of whole: Int) -> Int {
        let rank = max(1, (values.count * part + whole - 1) / whole)
        return values[min(values.count, rank) - 1]
    }

    private static func days(_ count: Int) -> String {
        Plural.count(count, one: "day", many: "days")
    }
}
