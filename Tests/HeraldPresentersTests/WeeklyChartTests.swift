import HeraldModels
import HeraldMustache
import HeraldPresenters
import Testing

private func bars(_ view: TemplateValue) -> [TemplateValue] {
    view["bars"]?.list ?? []
}

@Test func twelveWeeksEndingWithThisOne() throws {
    // Today is Friday 2026-11-20 (ISO week 47, which starts Monday Nov 16), so the twelve weeks
    // start on Monday 2026-08-31 (ISO week 36).
    let text = DayText(today: try day("2026-11-20"))
    let completions = try [
        "2026-08-30",  // Sunday before the window: not counted
        "2026-08-31", "2026-09-02", "2026-09-05", "2026-09-06",  // week 36, Monday to Sunday: 4
        "2026-11-15",  // Sunday of week 46: 1
        "2026-11-16", "2026-11-20",  // week 47: 2
        "2026-11-23"  // next week: not counted
    ].map(day)
    let view = WeeklyChart().view(completions: completions, text: text)
    let chart = bars(view)
    #expect(chart.count == 12)
    #expect(chart.map { $0["count"]?.int ?? -1 } == [4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2])
    #expect(chart.first?["label"]?.string == "Week of Aug 31")
    #expect(chart.last?["label"]?.string == "Week of Nov 16")
    #expect(chart[10]["short_label"]?.string == "Nov 9")
    #expect(view["any"]?.bool == true)
    #expect(view["description"]?.string == "Tasks completed per week over the last 12 weeks: 7 in all.")
}

@Test func barHeightsAreProportionalToTheCounts() throws {
    let text = DayText(today: try day("2026-11-20"))
    let completions = try [
        "2026-08-31", "2026-09-01", "2026-09-02", "2026-09-03", "2026-11-09", "2026-11-16", "2026-11-17"
    ]
    .map(day)
    let view = WeeklyChart().view(completions: completions, text: text)
    let chart = bars(view)
    let heights = chart.map { $0["height"]?.int ?? -1 }
    let counts = chart.map { $0["count"]?.int ?? -1 }
    #expect(counts == [4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2])
    let tallest = try #require(heights.first)
    #expect(tallest > 0)
    // Every bar is its share of the tallest one, and an empty week has no bar at all.
    for (height, count) in zip(heights, counts) {
        #expect(height * 4 == tallest * count)
    }
    let baseline = try #require(view["baseline"]?.int)
    let width = try #require(view["width"]?.int)
    for bar in chart {
        let y = try #require(bar["y"]?.int), height = try #require(bar["height"]?.int)
        #expect(y + height == baseline)
        #expect(y >= 0)
    }
    // Bars stand side by side, left to right, inside the drawing.
    let spans = chart.map { ($0["x"]?.int ?? -1, ($0["x"]?.int ?? -1) + ($0["width"]?.int ?? 0)) }
    for (left, right) in zip(spans, spans.dropFirst()) {
        #expect(left.1 <= right.0)
    }
    #expect((spans.first?.0 ?? -1) >= 0)
    #expect((spans.last?.1 ?? .max) <= width)
}

@Test func weeksAreISOWeeksAcrossTheYearEnd() throws {
    // Wednesday 2027-01-06 is in ISO week 1 of 2027 (from Monday Jan 4); Sunday Jan 3 still
    // belongs to week 53 of 2026, which began on Monday 2026-12-28.
    let text = DayText(today: try day("2027-01-06"))
    let view = WeeklyChart().view(completions: try ["2026-12-28", "2027-01-03", "2027-01-04"].map(day), text: text)
    let chart = bars(view)
    #expect(chart.suffix(2).map { $0["count"]?.int } == [2, 1])
    #expect(chart.last?["label"]?.string == "Week of Jan 4")
    #expect(chart[10]["label"]?.string == "Week of Dec 28, 2026")
}

@Test func anEmptyChartSaysSo() throws {
    let text = DayText(today: try day("2026-11-20"))
    for completions in [[], [try day("2025-01-01")]] {
        let view = WeeklyChart().view(completions: completions, text: text)
        #expect(view["any"]?.bool == false)
        #expect(view["empty_text"]?.string == "No task was completed in the last 12 weeks.")
        #expect(bars(view).count == 12)
        #expect(bars(view).allSatisfy { $0["count"]?.int == 0 && $0["height"]?.int == 0 })
    }
}
