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

    /// `$TTEOK_BIN`, else `<package root>/.build/debug/tteok`; throws `Missing` when not executable.
    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        let path = environment["TTEOK_BIN"].flatMap { $0.isEmpty ? nil : $0 }
            ?? PackageRoot.url.appendingPathComponent(".build/debug/tteok").path
        guard FileManager.default.isExecutableFile(atPath: path) else { throw Missing(path: path) }
        return URL(fileURLWithPath: path)
    }
}
