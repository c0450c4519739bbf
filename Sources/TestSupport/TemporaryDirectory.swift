import Foundation

/// A fresh directory under the system temporary directory, removed when released.
/// Tests create real files in it (SQLite stores, session files, homes).
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    /// Creates `…/tteok-<prefix>-<random>` with mode 0700.
    public init(prefix: String = "test") throws {
        let name = "tteok-\(prefix)-\(UUID().uuidString.prefix(8))"
        url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    deinit {
        // A client run in a test may have started a private service for a file in here.
        PrivateServices.stop(under: url.path)
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the directory (not created).
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    public var path: String { url.path }
}
