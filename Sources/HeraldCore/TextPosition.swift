/// Turns byte offsets into 1-based line and column numbers while a reader moves forward through
/// UTF-8 text. Columns count Unicode scalars, as libyaml does, so all formats agree on positions.
public struct TextPosition {
    public private(set) var line = 1
    private var lineStart = 0
    // The last offset asked for: asking in increasing order costs one pass over the line, so a
    // 200,000-character line with thousands of values stays linear.
    private var cachedOffset = 0
    private var cachedColumn = 1

    public init() {}

    /// Records that a new line starts at `offset` (just after a line break).
    public mutating func startLine(at offset: Int) {
        line += 1
        lineStart = offset
        cachedOffset = offset
        cachedColumn = 1
    }

    /// The column of `offset`, which must lie on the current line.
    public mutating func column(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if offset < cachedOffset {
            cachedOffset = lineStart
            cachedColumn = 1
        }
        var column = cachedColumn
        var index = cachedOffset
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        cachedOffset = offset
        cachedColumn = column
        return column
    }

    /// Line and column of any offset, counted from the start: for the rare error that is found
    /// somewhere other than where the reader stands.
    public static func locate(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var position = TextPosition()
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") { position.startLine(at: index + 1) }
            index += 1
        }
        return (position.line, position.column(at: end, in: bytes))
    }
}
