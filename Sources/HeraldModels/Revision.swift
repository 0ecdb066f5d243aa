import Synchronization

/// Numbers each decoding of a record in this process (see `Hero.revision`).
public enum Revision {
    private static let last = Atomic<Int>(0)

    /// A number no decoding in this process had before.
    public static func next() -> Int {
        last.add(1, ordering: .relaxed).newValue
    }
}
