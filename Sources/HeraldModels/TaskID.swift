/// IDs for tasks whose source has none (todo.txt lines, Markdown checklist items): a hash of the
/// task's title, shown as its shortest unique prefix of at least four hex digits, like a git
/// short hash. The title leaves out what `done`, `reopen` and `edit --due` change, so completing,
/// reprioritising or rescheduling a task, or adding and removing others, keeps its ID.
public enum TaskID {
    /// The shortest an abbreviated ID gets.
    public static let minimumLength = 4

    /// The full ID of the `occurrence`-th task (from 1) with this title in its file; repeats of
    /// a title hash differently so that every task has its own ID.
    public static func derived(fromTitle title: String, occurrence: Int) -> String {
        var bytes = Array(title.utf8)
        if occurrence > 1 { bytes += [0] + Array(String(occurrence).utf8) }
        return hash(bytes)
    }

    /// The full ID of a task whose title other tasks of its file share: the title and what else
    /// the task holds (`identity`, its fields but its line), so that removing one of the tasks
    /// never hands its ID to another. Tasks alike in every field also need their `occurrence`;
    /// such IDs still move, and the editor refuses them.
    public static func derived(fromTitle title: String, identity: [UInt8], occurrence: Int) -> String {
        // A byte a title never holds (text is checked free of NULs), then one a count never starts
        // with, so that no ID of the other kind is ever the same input.
        var bytes = Array(title.utf8) + [0, 1] + identity
        if occurrence > 1 { bytes += [0] + Array(String(occurrence).utf8) }
        return hash(bytes)
    }

    private static func hash(_ bytes: [UInt8]) -> String {
        // 64-bit FNV-1a, then SplitMix64's finalizer: FNV alone barely changes the leading digits
        // for titles that differ in their last letter, and the leading digits are the ID people see.
        // Both are fixed by their definitions, so IDs stay the same from one Herald version to the next.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
        hash ^= hash >> 31
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Each ID cut to the shortest prefix (at least `minimumLength`) that no other ID shares.
    public static func abbreviations(of ids: [String]) -> [String] {
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
}

extension Task {
    /// Tasks with IDs derived from their titles get their abbreviations; others keep their own.
    public static func abbreviatingDerivedIDs(_ tasks: inout [Task]) {
        let derived = tasks.indices.filter { tasks[$0].idIsDerived }
        guard !derived.isEmpty else { return }
        let short = TaskID.abbreviations(of: derived.map { tasks[$0].id })
        for (index, id) in zip(derived, short) { tasks[index].id = id }
    }
}
