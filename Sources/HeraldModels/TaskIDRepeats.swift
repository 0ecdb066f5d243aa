import HeraldCore

extension TaskID {
    /// A warning at each task whose source gives it the ID of an earlier task (two answers of a
    /// paged API that overlap, two files of a glob), naming both: their cards would share an
    /// anchor, and `herald tasks` could not tell them apart. Subtasks are counted too. Derived IDs
    /// are unique by construction and not checked.
    public static func repeats(in tasks: [TaskItem]) -> [Diagnostic] {
        var first: [String: SourceLocation] = [:]
        var found: [Diagnostic] = []
        func visit(_ task: TaskItem) {
            if !task.idIsDerived {
                if let earlier = first[task.id] {
                    found.append(
                        .warning(
                            at: task.location,
                            "task '\(task.title)' has the ID '\(task.id)' of the task at \(earlier): "
                                + "their cards share it and `herald tasks` cannot tell them apart"))
                } else {
                    first[task.id] = task.location
                }
            }
            task.subtasks.forEach(visit)
        }
        tasks.forEach(visit)
        return found
    }
}
