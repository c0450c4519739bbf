import FoundationEssentials
import Glibc

/// A small JSON file readable only by its owner (0600 in a 0700 directory): sessions and tokens.
public struct SecretFile<Value: Codable & Sendable>: Sendable {
    public let url: URL

    public init(url: URL) { self.url = url }

    /// The stored value, or nil when there is none or it cannot be read.
    public func load() -> Value? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(Value.self, from: data)
    }

    /// Writes atomically; the file never exists with wider permissions.
    public func save(_ value: Value) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let data = try JSONEncoder().encode(value)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw ChatError.storage("cannot write \(temporary.path)")
        }
        if rename(temporary.path, url.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw ChatError.storage("cannot save \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
