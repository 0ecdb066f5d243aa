import HeraldModels
import HeraldMustache

/// The geometry of the "completed per week" bar chart, computed here so the template only draws.
public struct WeeklyChart: Sendable {
    /// The drawing's size in SVG units; the stylesheet scales it to the page.
    public static let width = 640
    public static let height = 200
    // The plot area: a margin of 8 on each side, 24 above the tallest bar for its count, and 28
    // below the baseline for the week labels.
    private static let left = 8, right = width - 8, top = 24, baseline = height - 28
    /// A bar fills this share of its week's slot (in tenths), leaving a gap between weeks.
    private static let barTenths = 7
    /// Where a bar's count and a week's label sit, from the bar's top and from the baseline.
    private static let countAboveBar = 4, labelBelowBaseline = 16

    public let weeks: Int

    public init(weeks: Int = 12) {
        self.weeks = max(1, weeks)
    }

    /// Bars for the `weeks` weeks ending with today's, counting the days in `completions`.
    public func view(completions: [Day], text: DayText) -> TemplateValue {
        let thisMonday = text.today.monday
        let firstMonday = thisMonday.adding(days: -7 * (weeks - 1))
        var counts = [Int](repeating: 0, count: weeks)
        for day in completions {
            let index = firstMonday.days(until: day)
            if index >= 0, index / 7 < weeks { counts[index / 7] += 1 }
        }
        let total = counts.reduce(0, +)
        let highest = max(1, counts.max() ?? 1)
        let slot = (Self.right - Self.left) / weeks
        let barWidth = slot * Self.barTenths / 10
        let bars: [TemplateValue] = counts.enumerated().map { index, count in
            let monday = firstMonday.adding(days: 7 * index)
            let barHeight = count * (Self.baseline - Self.top) / highest
            let x = Self.left + index * slot + (slot - barWidth) / 2
            let y = Self.baseline - barHeight
            return [
                "label": .string("Week of \(text.short(monday))"), "short_label": .string(text.short(monday)),
                "count": .int(count), "x": .int(x), "y": .int(y), "width": .int(barWidth), "height": .int(barHeight),
                "center": .int(x + barWidth / 2), "value_y": .int(y - Self.countAboveBar),
                "label_y": .int(Self.baseline + Self.labelBelowBaseline)
            ]
        }
        return [
            "title": "Tasks completed per week",
            "any": .bool(total > 0),
            "empty_text": .string("No task was completed in the last \(weeks) weeks."),
            "description": .string("Tasks completed per week over the last \(weeks) weeks: \(total) in all."),
            "width": .int(Self.width), "height": .int(Self.height),
            "left": .int(Self.left), "right": .int(Self.right), "baseline": .int(Self.baseline),
            "bars": .list(bars)
        ]
    }
}
