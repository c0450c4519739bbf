import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix
import ViewModels

/// `MatrixFixture.openedChat` found no chat to open: the test fails there.
struct ChatNotOpened: Error {
    let room: String
}

/// Services against the test Synapse, each with its own session file and cache in a temp directory.
final class MatrixFixture: @unchecked Sendable {
    let server: URL
    let directory: TemporaryDirectory
    private var services: [MatrixService] = []

    init() throws {
        server = try SynapseServer.url()
        directory = try TemporaryDirectory(prefix: "matrix")
    }

    /// A service whose files live under `name` (the same name reuses session and cache: a restart).
    func service(_ name: String, transport: MatrixTransport = CurlTransport(), through proxy: URL? = nil,
                 syncsOnSignIn: Bool = true) -> MatrixService {
        let service = MatrixService(homeserver: proxy ?? server, sessionFile: directory.file("\(name)/session.json"),
                                    cacheDirectory: directory.file("\(name)/cache"), transport: transport, syncsOnSignIn: syncsOnSignIn)
        services.append(service)
        return service
    }

    /// A registered user logged in through a service, past the terms screen; the service talks
    /// to the server through `proxy` (a `FaultProxy`'s URL) when given.
    func member(_ name: String, transport: MatrixTransport = CurlTransport(), through proxy: URL? = nil) async throws -> (MatrixService, SynapseUser) {
        let user = try await SynapseUser.register(on: server)
        let service = service(name, transport: transport, through: proxy)
        _ = try await service.logIn(identifier: user.localpart, password: user.password)
        _ = try await service.acceptTerms(version: CommunityTerms.currentVersion)
        return (service, user)
    }

    /// Another device of `user` (a new login with its own files under `name`), caught up once.
    func newDevice(_ name: String, of user: SynapseUser) async throws -> MatrixService {
        let service = service(name)
        _ = try await service.logIn(identifier: user.localpart, password: user.password)
        _ = try await service.acceptTerms(version: CommunityTerms.currentVersion)
        await service.catchUp()
        return service
    }

    /// A public room created by a fresh account (its owner) and opened (joined) by `reader`.
    func openedRoom(_ prefix: String, for reader: MatrixService, powerLevels: [String: Any]? = nil) async throws -> (owner: SynapseUser, room: ChannelID) {
        let owner = try await SynapseUser.register(on: server)
        let room = ChannelID(try await owner.createRoom(name: "\(prefix) \(SynapseServer.randomName())", powerLevels: powerLevels))
        _ = try await reader.latestMessages(in: room, limit: 5)
        return (owner, room)
    }

    /// A new member `name` who reached the community through the real session model and opened
    /// `room` in the chat model, as the front end does (`sendsTyping`: the config's `typing`).
    @MainActor
    func openedChat(_ room: String, as name: String, transport: MatrixTransport = CurlTransport(),
                    sendsTyping: Bool = true) async throws -> ChatModel {
        let (service, _) = try await member(name, transport: transport)
        let session = SessionModel(service: service, strings: Strings(.english),
                                   regionResolver: RegionResolver(sources: [{ _ in nil }], timeout: .seconds(1)))
        session.sendsTyping = sendsTyping
        await session.start()
        let community = try XCTUnwrap(session.community, "\(name) reached the community")
        guard case .opened(let chat) = await community.join(room) else { throw ChatNotOpened(room: room) }
        return chat
    }

    /// Stops every sync loop the fixture started.
    func close() async {
        for service in services { _ = service.end() }
    }
}

/// Records a service's live events with their arrival time, for waiting with a deadline.
final class EventRecorder: @unchecked Sendable {
    private let events = Collected<(at: Date, event: ChatEvent)>()
    private var task: Task<Void, Never>?

    init(_ service: MatrixService) {
        let stream = service.events()
        task = Task { [events] in
            for await event in stream { events.append((Date(), event)) }
        }
    }

    deinit { task?.cancel() }

    var all: [ChatEvent] { events.values.map(\.event) }

    /// The first recorded event matching `predicate`, waiting up to `seconds` for it.
    func first(within seconds: Double = 10, where predicate: (ChatEvent) -> Bool) async -> (at: Date, event: ChatEvent)? {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if let hit = events.values.first(where: { predicate($0.event) }) { return hit }
            try? await Task.sleep(nanoseconds: 2_000_000)
        } while Date() < deadline
        return events.values.first { predicate($0.event) }
    }

    /// Waits for a message with `text` in `channel`; returns its arrival time.
    func message(_ text: String, in channel: ChannelID? = nil, within seconds: Double = 10) async -> Date? {
        await first(within: seconds) { event in
            guard case .messagesAdded(let room, let messages) = event, channel == nil || room == channel else { return false }
            return messages.contains { $0.content == .text(text) }
        }?.at
    }

    func cancel() { task?.cancel() }
}

extension MessagePage {
    /// What people said, oldest first (membership and room change lines left out).
    var texts: [String] { messages.said.map(\.content.summary) }
    /// The membership and room change lines, oldest first, as `sender: change`.
    var changes: [String] { messages.changes }
}

extension Sequence where Element == Message {
    /// What people said (membership and room change lines left out).
    var said: [Message] { filter { !$0.content.isRoomChange } }
    /// The membership and room change lines as `sender: change`, for tests that check them apart.
    var changes: [String] { filter(\.content.isRoomChange).map { "\($0.senderNickname): \($0.content.summary)" } }
}
