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

    /// Sends SIGTERM to each private service under `directory` (the service removes its socket).
    public static func stop(under directory: String) {
        running(under: directory).forEach { kill($0, SIGTERM) }
    }
}
