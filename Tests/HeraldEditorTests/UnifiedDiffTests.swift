@testable import HeraldEditor
import Testing

@Test func aDiffShowsOnlyTheChangedLinesWithThreeLinesOfContext() {
    let old = (1...20).map { "line \($0)\n" }.joined()
    var lines = (1...20).map { "line \($0)\n" }
    lines[4] = "line five\n"
    lines.insert("new line\n", at: 16)
    let diff = UnifiedDiff.make(old: Array(old.utf8), new: Array(lines.joined().utf8), path: "f.txt")
    #expect(
        diff == """
            --- a/f.txt
            +++ b/f.txt
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8
            @@ -14,6 +14,7 @@
             line 14
             line 15
             line 16
            +new line
             line 17
             line 18
             line 19

            """)
}

@Test func aDiffMarksALastLineWithoutNewlineAndAnEmptyFile() {
    #expect(
        UnifiedDiff.make(old: Array("a\nb".utf8), new: Array("a\nb\nc".utf8), path: "f") == """
            --- a/f
            +++ b/f
            @@ -1,2 +1,3 @@
             a
            -b
            \\ No newline at end of file
            +b
            +c
            \\ No newline at end of file

            """)
    #expect(UnifiedDiff.make(old: [], new: Array("x\n".utf8), path: "f") == "--- a/f\n+++ b/f\n@@ -0,0 +1,1 @@\n+x\n")
    #expect(UnifiedDiff.make(old: Array("same".utf8), new: Array("same".utf8), path: "f") == "")
}
