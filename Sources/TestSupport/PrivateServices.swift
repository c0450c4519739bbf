import CommunityProtocol
import Foundation
import Glibc

/// The private services (`tteok serve --private`) that tests' clients started. Each ends by
/// itself (idle for `idleSeconds` in tests, or its file removed); this ends at once those
/// serving a file under a test's directory, so none outlives the test that made it.
public enum PrivateServices {
    /// The idle time tests give private services (`TTEOK_SERVICE_IDLE_SECONDS`).
    public static let idleSeconds = "1"

    /// Process ids of the private services whose command line names a path under `directory`.
    public static func running(under directory: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard words.count > 3, words[1] == "serve", words.contains("--private"),
                  words.contains(where: { $0.hasPrefix(directory + "/") }) else { return nil }
            return pid
        }
    }

    /// Sends SIGTERM to each private service under `directory` (the service removes its socket)
    /// and waits, up to 10 s, until each has let go of its files. An ending process's command
    /// line reads empty before its descriptors (and so its lock on the file) are closed; only
    /// a gone or zombie process holds nothing, so that is what is waited for.
    public static func stop(under directory: String) {
        let pids = running(under: directory)
        pids.forEach { kill($0, SIGTERM) }
        let deadline = Date().addingTimeInterval(10)
        while pids.contains(where: holdsFiles), Date() < deadline { usleep(5_000) }
    }

    private static func holdsFiles(_ pid: pid_t) -> Bool {
        guard let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
              let close = stat.lastIndex(of: UInt8(ascii: ")")), close + 2 < stat.endIndex else { return false }
        return stat[close + 2] != UInt8(ascii: "Z")
    }

    /// Whether no service holds the lock beside `store` (`STORE.lock`) any more: what `tteok
    /// serve` needs to take it. A private service that was already ending on its own (idle)
    /// when `stop` looked is not seen by it, but may hold the lock a moment longer.
    public static func released(store: String) -> Bool {
        StoreLock.isFree(store: store)
    }
}
