import ChatCore
import FoundationEssentials

/// The seam where the executable picks a `ChatService`. Commands only see the protocol.
protocol BackendFactory: Sendable {
    /// Opens the community for `backend`, keeping its files where `files` says.
    func makeService(for backend: Backend, files: BackendFiles) throws -> any ChatService
}

/// Where a backend keeps the current user's files.
struct BackendFiles: Hashable, Sendable {
    /// The saved session of this user for this store or homeserver (0600, in a 0700 directory).
    let sessionFile: URL
    /// Where a backend may cache (Matrix keeps one SQLite cache per account below it).
    let cacheDirectory: URL
    /// True for the interactive client: posts a service cannot take now wait in an outbox;
    /// a script is told the service is offline instead.
    var interactive = false
    /// The private service that serves an embedded community file (`tteok`, `--store`).
    var privateService: PrivateService?
}
