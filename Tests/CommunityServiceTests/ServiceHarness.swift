import ChatCore
import CommunityClient
import CommunityProtocol
import CommunityServer
import Foundation
import Glibc
import TestSupport
import XCTest

/// A real service on a real file and socket in this process, and clients for it.
final class ServiceHarness: @unchecked Sendable {
    let directory: TemporaryDirectory
    let service: CommunityService
    var socketPath: String { directory.file("s.sock").path }
    var storeURL: URL { directory.file("community.sqlite") }

    /// No real user has this uid: the service's owner, who moderates by being the owner, is not
    /// the test process, so its clients are members unless `moderators` names them.
    static let absentOwner = UInt32.max - 1

    /// `ownerIsTestProcess`: every client of this process connects as the service's owner.
    init(moderators: [String] = [], ownerIsTestProcess: Bool = false) throws {
        directory = try TemporaryDirectory(prefix: "service")
        let socket = directory.file("s.sock").path
        service = try CommunityService(storeURL: directory.file("community.sqlite"), socketPath: socket, sharing: .privateToOwner, moderators: moderators,
                                       ownerUID: ownerIsTestProcess ? getuid() : Self.absentOwner)
        let thread = Thread { [service] in service.run() }
        thread.start()
    }

    deinit { service.stop() }

    /// A client with its own session file.
    func client(_ name: String, outbox: Bool = false) -> ServiceCommunity {
        ServiceCommunity(socketPath: socketPath, sessionFile: directory.file("sessions/\(name).json"), keepsOutbox: outbox)
    }

    /// A client signed up as `name@example.com`, who may post in 마포구.
    func member(_ name: String, outbox: Bool = false) async throws -> ServiceCommunity {
        let client = client(name, outbox: outbox)
        _ = try await client.signUp(SignUpRequest(identifier: "\(name)@example.com", password: "\(name)-password", nickname: name,
                                                  region: "마포구", acceptTerms: true))
        return client
    }

    /// A raw connection for sending bytes no real client would.
    func rawConnection() throws -> FrameStream {
        guard let descriptor = UnixSocket.connect(socketPath) else { throw POSIXError(.ECONNREFUSED) }
        return FrameStream(descriptor: descriptor)
    }
}

/// A plain client connection to a Unix socket, for tests that speak no protocol on it.
enum UnixSocket {
    /// The connected descriptor, or nil when nothing answers at `path`.
    static func connect(_ path: String) -> Int32? {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8.prefix($0.count - 1)) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// True when something listens at `path`.
    static func answers(_ path: String) -> Bool {
        guard let descriptor = connect(path) else { return false }
        close(descriptor)
        return true
    }
}
