import ChatCore
import CommunityClient
import CommunityProtocol
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real `tteok serve` on the working copy of the 1M store, as a child of the benchmark
/// (a shared service: `--store … --socket …`), with the viewer's session made through it and a
/// second member who posts. Stopped with SIGTERM when the rows are done.
@MainActor
final class BenchService {
    static let posterEmail = "poster@example.com"
    /// A throwaway account in a throwaway file: the password is not a secret.
    static let posterPassword = "bench poster password"

    let process = Process()
    let socketPath: String
    /// The viewer's session file for this service (the token it handed out).
    let viewerSession: URL
    private let folder: URL

    /// Starts the service once the store's lock is free (a service of an earlier row or run may
    /// still be letting go of the file) and waits (with a deadline) until it answers on its
    /// socket; a service that does not start is reported with what it said.
    init(_ context: BenchContext) throws {
        folder = context.options.dataDirectory.appendingPathComponent("service", isDirectory: true).standardizedFileURL
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        socketPath = folder.appendingPathComponent("s.sock").path
        viewerSession = folder.appendingPathComponent("viewer.json")
        let store = context.storeURL.path
        try Self.waitUntilFree(store)
        let log = folder.appendingPathComponent("serve.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil, attributes: [.posixPermissions: 0o600])
        process.executableURL = URL(fileURLWithPath: context.options.tteokExecutable)
        process.arguments = ["serve", "--store", store, "--socket", socketPath]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        let deadline = MonotonicClock.nanoseconds() + 30_000_000_000
        while (try? PrivateSocket.answers(socketPath)) != true {
            guard process.isRunning, MonotonicClock.nanoseconds() < deadline else {
                stop()
                let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                throw BenchError.failed("tteok serve did not start on \(socketPath): \(said.suffix(500))")
            }
            usleep(10_000)
        }
    }

    /// Waits up to 10 s until no process holds `store`'s lock.
    private static func waitUntilFree(_ store: String) throws {
        let deadline = MonotonicClock.nanoseconds() + 10_000_000_000
        while !StoreLock.isFree(store: store) {
            guard MonotonicClock.nanoseconds() < deadline else {
                throw BenchError.failed("\(store) is still served by another process after 10 s (\(StoreLock.path(forStore: store)) held)")
            }
            usleep(5_000)
        }
    }

    var pid: Int32 { process.processIdentifier }

    /// A client of this service with `sessionFile` (the interactive client's kind: with an outbox).
    func client(sessionFile: URL) -> ServiceCommunity {
        ServiceCommunity(socketPath: socketPath, sessionFile: sessionFile, keepsOutbox: true)
    }

    /// Signs the viewer in through the service, so every later client resumes that session.
    func logInViewer() async throws {
        let client = client(sessionFile: viewerSession)
        defer { client.disconnect() }
        _ = try await client.logIn(identifier: BenchStore.viewerEmail, password: BenchStore.viewerPassword)
    }

    /// The second member, signed up (or in) through the service, posting into the big channel.
    func poster() async throws -> (client: ServiceCommunity, channel: ChannelID) {
        let client = client(sessionFile: folder.appendingPathComponent("poster.json"))
        do {
            _ = try await client.logIn(identifier: Self.posterEmail, password: Self.posterPassword)
        } catch {
            _ = try await client.signUp(SignUpRequest(identifier: Self.posterEmail, password: Self.posterPassword,
                                                      nickname: "포스터", region: "마포구", acceptTerms: true))
        }
        return (client, try await client.channel(named: BenchStore.bigChannelName).id)
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
