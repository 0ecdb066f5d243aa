/// IDs for tasks whose source has none (todo.txt lines, Markdown checklist items): a hash of the
/// task's title, shown as its shortest unique prefix of at least four hex digits, like a git
/// short hash. The title leaves out what `done`, `reopen` and `edit --due` change, so completing,
/// reprioritising or rescheduling a task, or adding and removing others, keeps its ID. Tasks that
/// share a title hash all their fields too (`DerivedIDKey` in the loaders), so that removing one
/// never hands its ID to another.
public enum TaskID {
    /// The shortest an abbreviated ID gets.
    public static let minimumLength = 4

    /// The full ID of the `occurrence`-th task (from 1) with this title in its file; repeats of
    /// a title hash differently so that every task has its own ID.
    public static func derived(fromTitle title: String, occurrence: Int) -> String {
        var hasher = Hasher()
        hasher.add(utf8: title)
        return hasher.id(occurrence: occurrence)
    }

    /// The hash an ID is made of, fed a piece at a time: a large file's tasks keep only its
    /// state, never the bytes they were hashed from.
    ///
    /// 64-bit FNV-1a, then SplitMix64's finalizer: FNV alone barely changes the leading digits
    /// for titles that differ in their last letter, and the leading digits are the ID people see.
    /// Both are fixed by their definitions, so IDs stay the same from one Herald version to the next.
    public struct Hasher: Hashable, Sendable {
        public private(set) var state: UInt64 = 0xCBF2_9CE4_8422_2325

        public init() {}

        public mutating func add(_ bytes: [UInt8]) {
            for byte in bytes { state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }

        /// Adds the UTF-8 of `text`. Not generic over sequences: other modules would call a
        /// generic one unspecialised, a byte at a time through an iterator.
        public mutating func add(utf8 text: String) {
            var hash = state
            let done = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
                return true
            }
            if done == nil {
                for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            }
            state = hash
        }

        /// Between a title and the rest of a task: a byte a title never holds (text is checked
        /// free of NULs), then one a count never starts with, so that no ID of the other kind is
        /// ever the same input.
        public mutating func addIdentitySeparator() {
            add([0, 1])
        }

        /// The ID of the `occurrence`-th task (from 1) with what was hashed so far.
        public func id(occurrence: Int) -> String {
            TaskID.text(of: number(occurrence: occurrence))
        }

        /// The number `id(occurrence:)` writes out: a large file's tasks keep their IDs as
        /// numbers, and only the few an edit shows become text.
        public func number(occurrence: Int) -> UInt64 {
            var copy = self
            if occurrence > 1 { copy.add([0] + Array(String(occurrence).utf8)) }
            var hash = copy.state
            hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
            hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
            hash ^= hash >> 31
            return hash
        }
    }

    /// A derived ID's number as its text: 16 lowercase hex digits.
    public static func text(of number: UInt64) -> String {
        let hex = String(number, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// What a person typed to name a derived ID: its first hex digits, in either case.
    public struct Prefix: Sendable {
        private let value: UInt64
        private let digits: Int

        /// Nil unless `text` is 1 to 16 hex digits.
        public init?(_ text: String) {
            let lowered = text.lowercased()
            guard (1...16).contains(lowered.utf8.count),
                lowered.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }),
                let value = UInt64(lowered, radix: 16)
            else { return nil }
            self.value = value
            digits = lowered.utf8.count
        }

        /// True when the ID numbered `number` starts with these digits.
        public func matches(_ number: UInt64) -> Bool {
            number >> (64 - 4 * UInt64(digits)) == value
        }
    }

    /// Each ID cut to the shortest prefix (at least `minimumLength`) that no other ID shares.
    public static func abbreviations(of ids: [String]) -> [String] {
        if let numbers = hashes(ids) { return abbreviations(of: numbers) }
        let sorted = ids.enumerated().sorted { $0.element < $1.element }
        var lengths = [Int](repeating: minimumLength, count: ids.count)
        for (position, entry) in sorted.enumerated() {
            for neighbour in [position - 1, position + 1] where sorted.indices.contains(neighbour) {
                let shared = zip(entry.element, sorted[neighbour].element).prefix { $0 == $1 }.count
                lengths[entry.offset] = max(lengths[entry.offset], min(shared + 1, entry.element.count))
            }
        }
        return zip(ids, lengths).map { String($0.prefix($1)) }
    }

    /// The IDs as numbers when every one is a full derived ID (16 lowercase hex digits), whose
    /// order and shared leading digits are those of the text: found by comparing numbers, not by
    /// walking strings.
    public static func hashes(_ ids: [String]) -> [UInt64]? {
        var numbers: [UInt64] = []
        numbers.reserveCapacity(ids.count)
        for id in ids {
            guard id.utf8.count == 16, id.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }),
                let number = UInt64(id, radix: 16)
            else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    /// `abbreviations(of:)` for IDs given as their numbers.
    public static func abbreviations(of hashes: [UInt64]) -> [String] {
        let order = hashes.indices.sorted { hashes[$0] < hashes[$1] }
        var lengths = [Int](repeating: minimumLength, count: hashes.count)
        for (position, index) in order.enumerated() {
            for neighbour in [position - 1, position + 1] where order.indices.contains(neighbour) {
                lengths[index] = max(lengths[index], length(hashes[index], apartFrom: hashes[order[neighbour]]))
            }
        }
        return zip(hashes, lengths).map { String(text(of: $0).prefix($1)) }
    }

    /// The abbreviation of one derived ID, `hash` its number, among the numbers of every ID of
    /// its file (its own once among them): for an edit, which needs one or two IDs of many.
    public static func abbreviation(of hash: UInt64, among hashes: [UInt64]) -> String {
        var length = minimumLength
        var passedItself = false
        for other in hashes {
            if other == hash, !passedItself {
                passedItself = true
                continue
            }
            length = max(length, Self.length(hash, apartFrom: other))
        }
        return String(text(of: hash).prefix(length))
    }

    /// How many leading hex digits tell `hash` from `other`, at most all 16.
    private static func length(_ hash: UInt64, apartFrom other: UInt64) -> Int {
        let difference = hash ^ other
        let shared = difference == 0 ? 16 : difference.leadingZeroBitCount / 4
        return min(shared + 1, 16)
    }
}

extension TaskItem {
    /// Tasks with IDs derived from their titles get their abbreviations; others keep their own.
    public static func abbreviatingDerivedIDs(_ tasks: inout [TaskItem]) {
        let derived = tasks.indices.filter { tasks[$0].idIsDerived }
        guard !derived.isEmpty else { return }
        let short = TaskID.abbreviations(of: derived.map { tasks[$0].id })
        for (index, id) in zip(derived, short) { tasks[index].id = id }
    }
}
