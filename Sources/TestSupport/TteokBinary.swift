import Foundation

/// The built `tteok` executable that end-to-end tests drive as a user would.
public enum TteokBinary {
    /// Why the binary cannot be used; its description tells the reader what to run.
    public struct Missing: Error, CustomStringConvertible {
        public let path: String
        public var description: String {
            "the tteok binary is missing at \(path): run `swift build` first (scripts/test-all.sh does), or set TTEOK_BIN"
        }
    }

    /// The binary's libraries could not be listed.
    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
    }

    /// `$TTEOK_BIN`, else `<package root>/.build/debug/tteok`; throws `Missing` when not executable.
    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        let path = environment["TTEOK_BIN"].flatMap { $0.isEmpty ? nil : $0 }
            ?? PackageRoot.url.appendingPathComponent(".build/debug/tteok").path
        guard FileManager.default.isExecutableFile(atPath: path) else { throw Missing(path: path) }
        return URL(fileURLWithPath: path)
    }

    /// The `(NEEDED)` lines `readelf -d` lists for the binary: the libraries loaded at every start.
    /// Throws when readelf fails or lists nothing (not even the C library).
    public static func neededLibraries() throws -> [String] {
        let dynamic = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/readelf"), ["-d", try url().path],
                                         environment: ProcessInfo.processInfo.environment, timeout: 60)
        let needed = dynamic.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.map(String.init)
        guard dynamic.status == 0, needed.contains(where: { $0.contains("libc.so") || $0.contains("libswiftCore") }) else {
            throw Unreadable(description: "readelf listed no libraries: \(dynamic)")
        }
        return needed
    }
}
