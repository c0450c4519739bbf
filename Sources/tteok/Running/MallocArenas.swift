import Glibc

/// How many heaps glibc's `malloc` keeps. By default it gives a thread its own arena whenever
/// another thread holds the lock it wanted, up to eight per core; the Swift concurrency pool and
/// SQLite's and libcurl's queues each end up with one, and each arena keeps the memory freed in it
/// instead of the others reusing it. On the account in 1,000 rooms, the client at rest (channel
/// list drawn, sync long-polling) held 12.9 MB of anonymous memory with the default, 9.7 MB with
/// two arenas and 7.7 MB with one. A chat client's threads mostly wait on the network and the
/// terminal, so one lock shared by all is not a point of contention worth the memory.
enum MallocArenas {
    /// `M_ARENA_MAX` of `<malloc.h>`.
    private static let arenaMaxParameter: Int32 = -8

    /// Must run before the process starts its second thread: arenas are made as threads need them.
    static func limitToOne() {
        Mallopt.set(arenaMaxParameter, to: 1)
    }
}
