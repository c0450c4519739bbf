import ChatCore
import CommunityClient
import FoundationEssentials

/// Where the user's private service for one community file listens, and how it is started.
///
/// The socket is `$XDG_RUNTIME_DIR/tteok/<hash of the file's path>.sock`, else (no runtime
/// directory, or a path too long for a socket) the same name under the state directory's
/// `run/`; both folders are 0700 and ours (checked before use, see `PrivateSocket`).
struct PrivateService: Hashable, Sendable {
    /// The socket's path.
    let socketPath: String
    /// The folder holding it (made 0700 before the service is started).
    let directory: String
    /// The service's environment: this process's (the idle time and the XDG folders included).
    let environment: [String: String]

    /// Longest path a Unix socket address holds.
    static let longestSocketPath = 107

    init(store: URL, paths: Paths, environment: [String: String]) throws(ChatError) {
        let name = SessionLocation.hash(store.resolvingSymlinksInPath().path) + ".sock"
        var folders: [String] = []
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), FileManager.default.fileExists(atPath: runtime) {
            folders.append(PathText.appending(runtime, "tteok"))
        }
        folders.append(paths.stateDirectory.appendingPathComponent("run").path)
        guard let folder = folders.first(where: { PathText.appending($0, name).utf8.count <= Self.longestSocketPath }) else {
            throw .storage("the private service's socket path would be longer than \(Self.longestSocketPath) bytes under \(folders.last ?? "")")
        }
        directory = folder
        socketPath = PathText.appending(folder, name)
        self.environment = environment
    }

    /// `tteok serve --private` for `store`, run by this very binary.
    func starter(for store: URL) throws(ChatError) -> PrivateServiceStarter {
        try PrivateSocket.prepareDirectory(directory)
        let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return PrivateServiceStarter(socketPath: socketPath, command: [binary, "serve", "--private", "--store", store.path, "--socket", socketPath],
                                     environment: environment)
    }
}
