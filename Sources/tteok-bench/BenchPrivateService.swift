import CommunityClient
import CommunityProtocol
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The user's private service for the working copy of the store, as `tteok` alone starts it:
/// `tteok serve --private` spawned by the client's own `PrivateServiceStarter` when nothing
/// answers on the socket. The benchmark ends it itself (SIGTERM) between runs rather than
/// waiting out its idle time.
struct BenchPrivateService {
    let socketPath: String
    let storePath: String
    let tteok: String
    /// The viewer's session file for this service.
    let viewerSession: URL

    init(_ context: BenchContext) throws {
        let folder = context.options.dataDirectory.appendingPathComponent("private", isDirectory: true).standardizedFileURL
        try? FileManager.default.removeItem(at: folder)
        try PrivateSocket.prepareDirectory(folder.path)
        socketPath = folder.appendingPathComponent("p.sock").path
        viewerSession = folder.appendingPathComponent("viewer.json")
        storePath = context.storeURL.standardizedFileURL.path
        tteok = context.options.tteokExecutable
    }

    /// The starter `tteok` makes for the file (the same command line and environment).
    var starter: PrivateServiceStarter {
        PrivateServiceStarter(socketPath: socketPath, command: [tteok, "serve", "--private", "--store", storePath, "--socket", socketPath],
                              environment: ProcessInfo.processInfo.environment)
    }

    /// A client as `tteok` makes one for the file: it starts the service when none answers.
    func client() -> ServiceCommunity {
        ServiceCommunity(socketPath: socketPath, sessionFile: viewerSession, keepsOutbox: true, starter: starter)
    }

    /// Signs the viewer in through the private service (starting it).
    func logInViewer() async throws {
        let client = client()
        defer { client.disconnect() }
        _ = try await client.logIn(identifier: BenchStore.viewerEmail, password: BenchStore.viewerPassword)
    }

    /// Ends every private service of the store (a lingering one from `tteok login` too) and
    /// waits until they are gone and the socket answers no more.
    func stop() async throws {
        try await Self.stopAll(serving: storePath)
        guard (try? PrivateSocket.answers(socketPath)) != true else { throw BenchError.failed("a service still answers on \(socketPath)") }
    }

    /// SIGTERM to each `tteok serve --private` whose command line names `store`; waits until they
    /// are gone and the file's lock is free. (An ending process's command line reads empty before
    /// it lets go of the lock: waiting for the processes alone let the next service be refused.)
    static func stopAll(serving store: String) async throws {
        let running = pids(serving: store)
        running.forEach { kill($0, SIGTERM) }
        let deadline = MonotonicClock.nanoseconds() + 10_000_000_000
        while !pids(serving: store).isEmpty || !StoreLock.isFree(store: store) {
            guard MonotonicClock.nanoseconds() < deadline else {
                throw BenchError.failed("\(store) is still served after 10 s (\(StoreLock.path(forStore: store)) held; private services: \(pids(serving: store)))")
            }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
    }

    /// Process ids of the private services serving `store`.
    static func pids(serving store: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            // A zombie (ended, not yet reaped by the starter's thread) has an empty command line.
            guard words.count > 3, words[1] == "serve", words.contains("--private"), words.contains(store) else { return nil }
            return pid
        }
    }
}
