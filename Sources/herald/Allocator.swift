import CJemalloc

/// What the command asks of the process's allocator.
enum Allocator {
    /// Hands every page jemalloc holds free back to the system. jemalloc keeps free pages for ten
    /// seconds in case they are asked for again; a build frees what loading needed just before it
    /// renders, and pages kept meanwhile would count both in its peak memory.
    @Sendable static func handBackFreePages() {
        // 4096 (`MALLCTL_ARENAS_ALL`): every arena.
        _ = mallctl("arena.4096.purge", nil, nil, nil, 0)
    }
}
