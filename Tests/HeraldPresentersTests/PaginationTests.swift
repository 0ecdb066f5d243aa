import HeraldMustache
import HeraldPresenters
import Testing

@Test func aThousandItemsByFortyEightMakeTwentyOnePages() {
    let pagination = Pagination(itemCount: 1000, perPage: 48, firstRoute: "heroes/")
    // 20 full pages hold 960 items; the remaining 40 need a 21st.
    #expect(pagination.pageCount == 21)
    #expect(pagination.route(ofPage: 1) == "heroes/")
    #expect(pagination.route(ofPage: 2) == "heroes/page/2/")
    #expect(pagination.route(ofPage: 21) == "heroes/page/21/")
    #expect(pagination.range(ofPage: 1) == 0..<48)
    #expect(pagination.range(ofPage: 2) == 48..<96)
    #expect(pagination.range(ofPage: 21) == 960..<1000)
    // The pages cover every item exactly once, in order.
    let covered = (1...pagination.pageCount).flatMap { Array(pagination.range(ofPage: $0)) }
    #expect(covered == Array(0..<1000))
}

@Test func thePagerLinksPreviousAndNext() {
    let pagination = Pagination(itemCount: 1000, perPage: 48, firstRoute: "heroes/")
    let first = pagination.view(page: 1, links: Linker(from: pagination.route(ofPage: 1)))
    #expect(first["many"]?.bool == true)
    #expect(first["previous"]?.isNull == true)
    #expect(first["next"]?["href"]?.string == "../heroes/page/2/index.html")
    // A window around the current page plus the first and last, with a gap marker between.
    func numbers(_ view: TemplateValue) -> [Int] {
        (view["pages"]?.list ?? []).map { (entry: TemplateValue) -> Int in
            entry["gap"]?.bool == true ? 0 : entry["number"]?.int ?? -1
        }
    }
    #expect(numbers(first) == [1, 2, 3, 0, 21])
    #expect(
        numbers(pagination.view(page: 10, links: Linker(from: "heroes/page/10/"))) == [1, 0, 8, 9, 10, 11, 12, 0, 21])
    #expect(first["pages"]?.list?.compactMap { $0["current"]?.bool == true ? $0["number"]?.int : nil } == [1])

    let second = pagination.view(page: 2, links: Linker(from: pagination.route(ofPage: 2)))
    #expect(second["previous"]?["href"]?.string == "../../../heroes/index.html")
    #expect(second["next"]?["href"]?.string == "../../../heroes/page/3/index.html")
    #expect(second["pages"]?.list?.first?["href"]?.string == "../../../heroes/index.html")

    let last = pagination.view(page: 21, links: Linker(from: pagination.route(ofPage: 21)))
    #expect(last["next"]?.isNull == true)
    #expect(last["previous"]?["href"]?.string == "../../../heroes/page/20/index.html")
    #expect(last["number"]?.int == 21)
    #expect(last["count"]?.int == 21)
    #expect(numbers(last) == [1, 0, 19, 20, 21])
}

@Test func fewOrNoItemsMakeOnePageWithoutAPager() {
    let empty = Pagination(itemCount: 0, perPage: 48, firstRoute: "heroes/")
    #expect(empty.pageCount == 1)
    #expect(empty.range(ofPage: 1).isEmpty)
    #expect(empty.view(page: 1, links: Linker(from: "heroes/"))["many"]?.bool == false)
    let exact = Pagination(itemCount: 96, perPage: 48, firstRoute: "heroes/")
    #expect(exact.pageCount == 2)
    #expect(exact.range(ofPage: 2) == 48..<96)
    // A page size below one would divide by zero; it counts as one.
    #expect(Pagination(itemCount: 3, perPage: 0, firstRoute: "heroes/").pageCount == 3)
}

@Test func hugePageSizesAndNumbersDoNotOverflow() {
    let pagination = Pagination(itemCount: 5, perPage: Int.max, firstRoute: "heroes/")
    #expect(pagination.pageCount == 1)
    #expect(pagination.range(ofPage: 1) == 0..<5)
    #expect(pagination.range(ofPage: Int.max) == 5..<5)
}
