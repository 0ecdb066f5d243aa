import HeraldModels
import HeraldMustache

/// The geometry of the burn-up chart: tasks created and tasks completed, counted up week by week
/// from the tasks' own dates, drawn at build time as two lines, with the same numbers as text
/// and as a table. Tasks without the dates are counted and said, never guessed at.
public struct BurnUpChart: Sendable {
    public static let width = 640
    public static let height = 220
    // The plot area: 40 on the left for the counts, 8 on the right, 16 above, 28 below for labels.
    private static let left = 40, right = width - 8, top = 16, baseline = height - 28
    /// The longest span drawn; older dates count into the first week's totals.
    public static let mostWeeks = 52

    public init() {}

    public func view(_ tasks: [TaskItem], text: DayText) -> TemplateValue {
        let created = tasks.compactMap(\.created)
        let completed = tasks.compactMap { $0.completed ? $0.completedAt : nil }
        let lastMonday = text.today.monday
        let earliest = (created + completed).min()?.monday ?? lastMonday
        let weeks = min(Self.mostWeeks, max(1, earliest.days(until: lastMonday) / 7 + 1))
        let firstMonday = lastMonday.adding(days: -7 * (weeks - 1))
        let createdTotals = Self.totals(created, from: firstMonday, weeks: weeks)
        let doneTotals = Self.totals(completed, from: firstMonday, weeks: weeks)
        let highest = max(1, createdTotals.last ?? 0, doneTotals.last ?? 0)
        let step = weeks > 1 ? Double(Self.right - Self.left) / Double(weeks - 1) : 0
        func points(_ totals: [Int]) -> String {
            totals.enumerated().map { week, total in
                let x = Double(Self.left) + step * Double(week)
                let y = Self.baseline - total * (Self.baseline - Self.top) / highest
                return "\(Int(x.rounded())),\(y)"
            }.joined(separator: " ")
        }
        let undatedCreated = tasks.count - created.count
        let undatedDone = tasks.filter(\.completed).count - completed.count
        var notes: [TemplateValue] = []
        if undatedCreated > 0 {
            notes.append(
                .string(Plural.count(undatedCreated, one: "task has", many: "tasks have") + " no creation date."))
        }
        if undatedDone > 0 {
            notes.append(
                .string(
                    Plural.count(undatedDone, one: "done task has", many: "done tasks have") + " no completion date."))
        }
        let end = lastMonday.adding(days: 6)
        return [
            "title": "Burn-up: created and done",
            "any": .bool(!(created.isEmpty && completed.isEmpty)),
            "empty_text": "No task has a creation or completion date yet.",
            "description": .string(
                "By \(text.short(min(end, text.today))), \(Plural.count(createdTotals.last ?? 0, one: "task", many: "tasks")) "
                    + "created and \(doneTotals.last ?? 0) done, over \(Plural.count(weeks, one: "week", many: "weeks"))."
            ),
            "width": .int(Self.width), "height": .int(Self.height),
            "left": .int(Self.left), "right": .int(Self.right), "top": .int(Self.top), "baseline": .int(Self.baseline),
            "highest": .int(highest), "label_x": .int(Self.left - 6), "label_y": .int(Self.baseline + 18),
            "created_points": .string(points(createdTotals)), "done_points": .string(points(doneTotals)),
            "first_label": .string(text.short(firstMonday)), "last_label": .string(text.short(lastMonday)),
            "notes": .list(notes), "any_notes": .bool(!notes.isEmpty),
            "rows": .list(
                (0..<weeks).reversed().map { week in
                    [
                        "week": .string(text.short(firstMonday.adding(days: 7 * week))),
                        "created": .int(createdTotals[week]), "done": .int(doneTotals[week])
                    ]
                })
        ]
    }

    /// For each week from `firstMonday`, how many of `days` fall on or before its Sunday.
    private static func totals(_ days: [Day], from firstMonday: Day, weeks: Int) -> [Int] {
        var perWeek = [Int](repeating: 0, count: weeks)
        var before = 0
        for day in days {
            let offset = firstMonday.days(until: day)
            if offset < 0 {
                before += 1
            } else if offset / 7 < weeks {
                perWeek[offset / 7] += 1
            }
        }
        var running = before
        return perWeek.map {
            running += $0; return running
        }
    }
}
