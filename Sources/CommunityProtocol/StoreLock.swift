import FoundationEssentials
import Glibc

/// The lock beside a community file (`FILE.lock`) that the process serving it holds for as long
/// as it runs (`ServingLock` in CommunityServer takes it). Named here so that whoever starts a
/// service can first wait for the last one to let go of the file.
public enum StoreLock {
    public static func path(forStore store: String) -> String { store + ".lock" }

    /// Whether no process holds the lock beside `store` now: what `tteok serve` needs to take it.
    /// An ending process's command line reads empty before its descriptors (and so this lock) are
    /// closed, so a process gone from a look at `/proc` may still hold it a moment: wait for this.
    public static func isFree(store: String) -> Bool {
        let descriptor = open(path(forStore: store), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }
}
