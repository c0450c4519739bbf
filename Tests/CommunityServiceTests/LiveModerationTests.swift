import ChatCore
import CommunityClient
import Foundation
import TestSupport
import XCTest

/// What a moderator does reaches every connected member at once, through a real `tteok serve`
/// process: the channel list (created, renamed, archived), the member's standing (muted, asked
/// for new terms, banned) and a moderator's deletion — with no restart and no polling.
/// (Before, only new messages and message changes were pushed: each wait below for a channel
/// or standing event ran out.)
final class LiveModerationTests: XCTestCase {
    func testChannelChangesArePushedToOtherMembers() async throws {
        let served = try ServedCommunity(moderators: ["mod@example.com"])
        defer { served.stop() }
        let moderator = try await served.member("mod"), bob = try await served.member("bob")
        let pushed = try await LiveEvents.listen(to: bob)
        defer { pushed.stop() }

        let created = try await moderator.createChannel(named: "번개모임", region: nil)
        let toldOfCreation = await eventually(seconds: 20) { pushed.channelsChanged >= 1 }
        XCTAssertTrue(toldOfCreation, "bob was not told a channel was created")
        let listed = try await bob.channels()
        XCTAssertTrue(listed.contains { $0.id == created.id })

        _ = try await moderator.renameChannel(created.id, to: "번개")
        let toldOfRename = await eventually(seconds: 20) { pushed.channelsChanged >= 2 }
        XCTAssertTrue(toldOfRename, "bob was not told of the rename")
        let renamed = try await bob.channel(named: created.id.raw)
        XCTAssertEqual(renamed.name, "번개")

        _ = try await moderator.setArchived(created.id, true)
        let toldOfArchive = await eventually(seconds: 20) { pushed.channelsChanged >= 3 }
        XCTAssertTrue(toldOfArchive, "bob was not told of the archive")
        let permission = await bob.permission(in: created.id)
        XCTAssertEqual(permission, .denied(.archivedChannel))
    }

    /// The moderator's own connection is told of each channel change once: the service's shared
    /// feed tells every subscriber, so the engine session that made the change tells nobody
    /// itself. (Before, the moderator's client was told twice and re-read its list twice.)
    func testTheModeratorsOwnConnectionIsToldOfEachChannelChangeOnce() async throws {
        try await withModeratorListening { moderator, pushed, lobby in
            let created = try await moderator.createChannel(named: "번개모임", region: nil)
            _ = try await moderator.renameChannel(created.id, to: "번개")
            _ = try await moderator.setArchived(created.id, true)
            // A message after the changes: once it is pushed, every change before it was pushed too.
            let marker = try await moderator.send("after the changes", to: lobby)
            let markerPushed = await eventually(seconds: 20) { pushed.added(marker.id) }
            XCTAssertTrue(markerPushed, "the marker message was never pushed")
            XCTAssertEqual(pushed.channelsChanged, 3, "one push per change to the moderator's own connection")
        }
    }

    /// New terms reach the moderator who published them once: the shared feed tells every member
    /// asked to agree again, so the engine session that published them tells nobody itself.
    /// (Before, the moderator's connection was told twice, and its client re-read everything twice.)
    func testTheModeratorsOwnConnectionIsToldOfNewTermsOnce() async throws {
        try await withModeratorListening { moderator, pushed, lobby in
            _ = try await moderator.publishTerms("Be kind. No spam.")
            // Markers on both of the connection's ways: the session's own events (a read marker's
            // count) and the shared feed's (a channel created). Once both arrived, so did the terms'.
            try await moderator.markRead(lobby)
            _ = try await moderator.createChannel(named: "번개모임", region: nil)
            let markersPushed = await eventually(seconds: 20) { pushed.countsChanged(lobby) && pushed.channelsChanged == 1 }
            XCTAssertTrue(markersPushed, "the markers were never pushed: \(pushed.all)")
            let told = pushed.all.filter { if case .viewerChanged = $0 { true } else { false } }
            XCTAssertEqual(told.count, 1, "one push of the new terms to the moderator's own connection: \(told)")
            XCTAssertEqual(pushed.lastAccount?.termsChanged, true)
        }
    }

    /// One member's new standing is pushed to that member alone. (Before, the first mute after
    /// the others subscribed told each of them who they are, unchanged, and every client re-read
    /// its permission and redrew.)
    func testAMuteIsPushedOnlyToTheMemberMuted() async throws {
        let served = try ServedCommunity(moderators: ["mod@example.com"])
        defer { served.stop() }
        let moderator = try await served.member("mod"), bob = try await served.member("bob"), carol = try await served.member("carol")
        let toBob = try await LiveEvents.listen(to: bob), toCarol = try await LiveEvents.listen(to: carol)
        defer { toBob.stop(); toCarol.stop() }
        _ = try await moderator.impose(.mute, on: "bob", reason: "flooding", until: nil)
        let muted = await eventually(seconds: 20) { toBob.lastAccount?.mute?.reason == "flooding" }
        XCTAssertTrue(muted, "bob was not told of the mute")
        // A message after the mute: once carol has it, whatever the mute pushed to her is there too.
        let marker = try await moderator.send("after the mute", to: try await moderator.channel(named: "마포구").id)
        let markerPushed = await eventually(seconds: 20) { toCarol.added(marker.id) }
        XCTAssertTrue(markerPushed, "the marker message was never pushed")
        XCTAssertNil(toCarol.lastViewer, "carol's standing did not change: \(toCarol.all)")
    }

    /// A served community with a moderator whose live events are gathered, and its region channel.
    private func withModeratorListening(_ body: (ServiceCommunity, LiveEvents, ChannelID) async throws -> Void) async throws {
        let served = try ServedCommunity(moderators: ["mod@example.com"])
        defer { served.stop() }
        let moderator = try await served.member("mod")
        let pushed = try await LiveEvents.listen(to: moderator)
        defer { pushed.stop() }
        try await body(moderator, pushed, try await moderator.channel(named: "마포구").id)
    }

    func testAMembersStandingAndAModeratorsDeletionArePushedToThem() async throws {
        let served = try ServedCommunity(moderators: ["mod@example.com"])
        defer { served.stop() }
        let moderator = try await served.member("mod"), bob = try await served.member("bob")
        let pushed = try await LiveEvents.listen(to: bob)
        defer { pushed.stop() }
        let lobby = try await bob.channel(named: "마포구").id

        _ = try await moderator.impose(.mute, on: "bob", reason: "flooding", until: nil)
        let muted = await eventually(seconds: 20) { pushed.lastAccount?.mute?.reason == "flooding" }
        XCTAssertTrue(muted, "bob was not told of the mute: \(String(describing: pushed.lastViewer))")
        try await moderator.lift(.mute, from: "bob")
        let unmuted = await eventually(seconds: 20) { pushed.lastAccount.map { $0.mute == nil } ?? false }
        XCTAssertTrue(unmuted, "bob was not told the mute was lifted")

        let spam = try await bob.send("buy cheap pills", to: lobby)
        try await moderator.delete(spam.id, in: lobby)
        let deleted = await eventually(seconds: 20) { pushed.updated(spam.id)?.content == .deleted(byModerator: true) }
        XCTAssertTrue(deleted, "bob's client was not told a moderator deleted the message")

        _ = try await moderator.publishTerms("Be kind. No spam.")
        let asked = await eventually(seconds: 20) { pushed.lastAccount?.termsChanged == true }
        XCTAssertTrue(asked, "bob was not asked for the new terms")

        _ = try await moderator.impose(.ban, on: "bob", reason: "spam links", until: nil)
        let ended = await eventually(seconds: 20) { pushed.lastViewer == .guest }
        XCTAssertTrue(ended, "bob's session did not end with the ban")
        let refusal = await bob.sessionRefusal()
        XCTAssertEqual(refusal?.message, "A moderator banned this account: spam links.")
    }
}

/// A real `tteok serve` process on a fresh file, and in-process clients of it.
struct ServedCommunity {
    let directory: TemporaryDirectory
    let process: ServiceProcess

    init(moderators: [String]) throws {
        directory = try TemporaryDirectory(prefix: "served")
        process = try ServiceProcess(store: directory.file("community.sqlite").path, socket: directory.file("s.sock").path,
                                     moderators: moderators)
    }

    func client(_ name: String) -> ServiceCommunity {
        ServiceCommunity(socketPath: directory.file("s.sock").path, sessionFile: directory.file("sessions/\(name).json"), keepsOutbox: true)
    }

    /// A client signed up as `name@example.com` in 마포구, terms accepted.
    func member(_ name: String) async throws -> ServiceCommunity {
        let client = client(name)
        _ = try await client.signUp(SignUpRequest(identifier: "\(name)@example.com", password: "\(name)-password", nickname: name,
                                                  region: "마포구", acceptTerms: true))
        return client
    }

    func stop() { process.stop() }
}

/// What one client is pushed, gathered on another task.
final class LiveEvents: @unchecked Sendable {
    private let events = Collected<ChatEvent>()
    private var task: Task<Void, Never>?

    /// Subscribes `client` and waits until the service confirmed the subscription.
    static func listen(to client: ServiceCommunity) async throws -> LiveEvents {
        let listener = LiveEvents()
        let stream = client.events()
        listener.task = Task { [events = listener.events] in
            for await event in stream { events.append(event) }
        }
        let subscribed = await eventually(seconds: 20) { client.receivesLiveEvents }
        XCTAssertTrue(subscribed, "the client never subscribed")
        return listener
    }

    func stop() { task?.cancel() }

    /// Everything pushed so far, in order.
    var all: [ChatEvent] { events.values }

    var channelsChanged: Int { events.values.filter { $0 == .channelsChanged }.count }

    /// Whether a change of `channel`'s unread count was pushed.
    func countsChanged(_ channel: ChannelID) -> Bool {
        events.values.contains { if case .countsChanged(let ids) = $0 { ids.contains(channel) } else { false } }
    }

    var lastViewer: Viewer? {
        events.values.reversed().lazy.compactMap { if case .viewerChanged(let viewer) = $0 { viewer } else { nil } }.first
    }

    var lastAccount: Account? { lastViewer?.account }

    /// Whether message `id` was pushed as added.
    func added(_ id: MessageID) -> Bool {
        events.values.contains { if case .messagesAdded(_, let messages) = $0 { messages.contains { $0.id == id } } else { false } }
    }

    /// The last update pushed for message `id`.
    func updated(_ id: MessageID) -> Message? {
        events.values.reversed().lazy.compactMap { if case .messageUpdated(let message) = $0, message.id == id { message } else { nil } }.first
    }
}
