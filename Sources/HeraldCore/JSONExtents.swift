/// Where each array and object of a JSON text stands, byte for byte, as the parser read it: so
/// that an editor can replace or remove exactly one value, member or element, with no reader of
/// its own to keep in step with the parser's.
public struct JSONExtents: Sendable {
    /// One `"key": value` member of an object.
    public struct Member: Sendable {
        public var key: String
        public var keyStart: Int
        /// Just after the key's closing quote.
        public var keyEnd: Int
        public var valueStart: Int
        public var valueEnd: Int

        /// The member from its key's opening quote to the end of its value.
        public var span: Range<Int> { keyStart..<valueEnd }
    }

    /// An object's members and the offset of its `}`.
    public struct ObjectExtent: Sendable {
        public var members: [Member]
        public var close: Int
    }

    /// An array's elements and the offset of its `]`.
    public struct ArrayExtent: Sendable {
        public var elements: [Range<Int>]
        public var close: Int
    }

    private var objects: [Int: ObjectExtent] = [:]
    private var arrays: [Int: ArrayExtent] = [:]

    public init() {}

    /// The object whose `{` is at `open`; nil when no object starts there.
    public func object(at open: Int) -> ObjectExtent? { objects[open] }

    /// The array whose `[` is at `open`; nil when no array starts there.
    public func array(at open: Int) -> ArrayExtent? { arrays[open] }

    mutating func add(_ object: ObjectExtent, at open: Int) { objects[open] = object }
    mutating func add(_ array: ArrayExtent, at open: Int) { arrays[open] = array }
}
