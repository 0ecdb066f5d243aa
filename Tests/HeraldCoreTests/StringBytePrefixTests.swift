import HeraldCore
import Testing

@Test func aBytePrefixIsMatchedAsTheFileSystemSpellsIt() {
    #expect("/site/Content/heroes/a.md".startsWithBytes(of: "/site/"))
    #expect("/site/".startsWithBytes(of: "/site/"))
    #expect(!"/sit".startsWithBytes(of: "/site/"))
    #expect(!"/other/site/a.md".startsWithBytes(of: "/site/"))
    // Canonically equal, yet other bytes: the file system names them apart.
    #expect("/caf\u{E9}/a.md".hasPrefix("/cafe\u{301}/"))
    #expect(!"/caf\u{E9}/a.md".startsWithBytes(of: "/cafe\u{301}/"))
    #expect("anything".startsWithBytes(of: ""))
}
