import ChatCore
import Foundation
import LocalStore
import ViewModels

/// One user, as the app builds it: a backend (`LocalCommunity` on the working copy of the store
/// with the viewer's saved session, or a `MatrixService`) and the real view models
/// (`SessionModel` → `Community`) on it.
@MainActor
final class BenchSession {
    let service: any ChatService
    let session: SessionModel

    /// Opens the store as the viewer (session resumed from `sessionFile`; nothing is fetched yet).
    convenience init(storeURL: URL, sessionFile: URL, startChannel: String? = nil) throws {
        self.init(service: try LocalCommunity(storeURL: storeURL, sessionFile: sessionFile), startChannel: startChannel)
    }

    init(service: any ChatService, startChannel: String? = nil) {
        self.service = service
        // The region comes from a fixed source: no environment or config file is read.
        let resolver = RegionResolver(sources: [{ _ in "마포구" }], timeout: .seconds(1))
        session = SessionModel(service: service, strings: Strings(.english), regionResolver: resolver, startChannel: startChannel)
    }

    /// Logs the viewer in once and saves the session file every later instance resumes.
    static func saveSession(storeURL: URL, sessionFile: URL) async throws {
        let service = try LocalCommunity(storeURL: storeURL, sessionFile: sessionFile)
        _ = try await service.logIn(identifier: BenchStore.viewerEmail, password: BenchStore.viewerPassword)
    }

    /// The community once the session started in it.
    func community() throws -> Community {
        guard let community = session.community else { throw BenchError.failed("the session did not reach the community") }
        return community
    }

    /// The channel list's rows, once loaded.
    func rows() throws -> [ChannelRow] {
        try community().channels.rows.value ?? []
    }

    /// Opens the channel named `name` from the list, through the gate, as the app does.
    func open(_ name: String) async throws -> ChatModel {
        guard let row = try rows().first(where: { $0.name == name }) else { throw BenchError.failed("no channel \(name)") }
        switch try await community().channels.open(row) {
        case .opened(let chat): return chat
        case .refused(let why), .failed(let why): throw BenchError.failed("opening \(name): \(why)")
        }
    }
}

extension ChannelRow {
    /// True once the row's unread count arrived (or failed).
    var badgeIsIn: Bool { badge != .loading }
}
