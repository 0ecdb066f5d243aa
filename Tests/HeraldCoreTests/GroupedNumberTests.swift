import HeraldCore
import Testing

@Test func countsAreGroupedByThousands() {
    #expect(0.groupedByThousands == "0")
    #expect(999.groupedByThousands == "999")
    #expect(1000.groupedByThousands == "1,000")
    #expect(10_004.groupedByThousands == "10,004")
    #expect(1_234_567.groupedByThousands == "1,234,567")
    #expect((-12_345).groupedByThousands == "-12,345")
    #expect(Int.min.groupedByThousands == "-9,223,372,036,854,775,808")
}
