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
    let directory: TemporaryDirectory
    let storeURL: URL
    /// The service the view models use.
    let service: LocalCommunity
    let strings = Strings(.english)
    private var others: [LocalCommunity] = []

    init() throws {
        directory = try TemporaryDirectory(prefix: "vm")
        storeURL = directory.file("community.sqlite")
        service = try LocalCommunity(storeURL: storeURL, sessionFile: directory.file("session-app.json"))
    }

    /// Another client of the same community, signed in as a new member who accepted the terms.
    func member(_ email: String, nickname: String, region: String? = nil) async throws -> LocalCommunity {
        let client = try LocalCommunity(storeURL: storeURL, sessionFile: directory.file("session-\(email).json"))
        _ = try await client.signUp(SignUpRequest(identifier: email, password: "pw-\(email)", nickname: nickname, region: region, acceptTerms: true))
        others.append(client)
        return client
    }

    /// Signs the app's own service up as a member who accepted the terms.
    @discardableResult
    func signUpApp(_ email: String, nickname: String, region: String? = nil) async throws -> Account {
        try await service.signUp(SignUpRequest(identifier: email, password: "pw-\(email)", nickname: nickname, region: region, acceptTerms: true))
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

/// Polls an async condition on the main actor until it holds or the deadline passes.
@MainActor
func eventually(seconds: Double = 10, _ condition: @MainActor () async -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return await condition()
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
