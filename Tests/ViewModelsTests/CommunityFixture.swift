import ChatCore
import Foundation
import LocalStore
import TestSupport
import XCTest
@testable import ViewModels

/// A real embedded community in a temporary directory, the app's service on it, and helpers to
/// act as other members through their own `LocalCommunity` on the same file.
@MainActor
final class CommunityFixture {
    let files: TestCommunity
    /// The service the view models use.
    let service: LocalCommunity
    let strings: Strings
    private var others: [LocalCommunity] = []

    init(language: Language = .english) throws {
        strings = Strings(language)
        files = try TestCommunity()
        service = try files.open(as: "app")
    }

    /// Another client of the same community, signed in as `name@example.com`, terms accepted.
    func member(_ name: String, nickname: String, region: String? = nil) async throws -> LocalCommunity {
        let client = try files.open(as: name)
        try await client.signUpMember(name, region: region, nickname: nickname)
        others.append(client)
        return client
    }

    /// Signs the app's own service up as `name@example.com`, terms accepted.
    @discardableResult
    func signUpApp(_ name: String, nickname: String, region: String? = nil) async throws -> Account {
        try await service.signUpMember(name, region: region, nickname: nickname)
    }

    func session(region: String? = nil, startChannel: String? = nil) -> SessionModel {
        let resolver = RegionResolver.standard(option: region, environment: [:]) { nil }
        return SessionModel(service: service, strings: strings, regionResolver: resolver, startChannel: startChannel)
    }

    /// A session already in the community (as whoever the service is signed in as).
    func community(region: String? = nil, startChannel: String? = nil) async throws -> (SessionModel, Community) {
        let session = session(region: region, startChannel: startChannel)
        if case .guest = await service.viewer() {
            await session.continueAsGuest()
        } else {
            await session.start()
        }
        let community = try XCTUnwrap(session.community, "the session did not reach the community")
        return (session, community)
    }

    func channel(_ name: String) async throws -> Channel {
        try await service.channel(named: name)
    }

    /// How many messages the channel holds, read from the store.
    func storedMessageCount(in name: String) async throws -> Int {
        let channel = try await channel(name)
        return try await service.latestMessages(in: channel.id, limit: 1000).messages.count
    }
}

extension GateOutcome {
    var chat: ChatModel? {
        if case .opened(let chat) = self { return chat }
        return nil
    }

    var refusal: String? {
        if case .refused(let message) = self { return message }
        return nil
    }
}

extension Page {
    var chat: ChatModel? {
        if case .chat(let chat) = self { return chat }
        return nil
    }
}

extension ChatModel {
    var texts: [String] { messages.value?.map(\.message.content.summary) ?? [] }
}

/// The chat a gate outcome opened; fails the test with the refusal otherwise. (A plain function,
/// so the outcome can be awaited in its argument, unlike XCTUnwrap's autoclosure.)
@MainActor
func opened(_ outcome: GateOutcome, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) throws -> ChatModel {
    switch outcome {
    case .opened(let chat): return chat
    case .refused(let why), .failed(let why):
        XCTFail("the chat did not open: \(why) \(message)", file: file, line: line)
        throw ChatNotOpened()
    }
}

struct ChatNotOpened: Error {}

/// XCTAssertTrue for values computed with `await` (XCTest's autoclosures cannot await).
func expect(_ condition: Bool, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(condition, message, file: file, line: line)
}
