import ChatCore
import CommunityClient
import CommunityProtocol
import Foundation
import ViewModels
import XCTest

/// What a start costs in round trips to the service, counted by a proxy between the real client
/// and the real service: every round trip is a few thread wake-ups on each side, which on a busy
/// machine is most of the time to the first frame.
final class StartRoundTripsTests: XCTestCase {
    func testResumingOnANewConnectionAsksOnce() async throws {
        let harness = try ServiceHarness()
        _ = try await harness.member("alice")
        let proxy = try RecordingProxy(at: harness.directory.file("proxy.sock").path, to: harness.socketPath)
        let client = ServiceCommunity(socketPath: proxy.path, sessionFile: harness.directory.file("sessions/alice.json"), keepsOutbox: false)
        defer { client.disconnect() }

        guard case .member(let account) = await client.restoreSession() else { return XCTFail("alice's session was not resumed") }
        XCTAssertEqual(account.nickname, "alice")
        XCTAssertEqual(restores(proxy), 1)

        // On a connection already open the session file is read and resumed again: it may have
        // changed since (another process logged in or out).
        guard case .member = await client.restoreSession() else { return XCTFail("alice's session was not resumed again") }
        XCTAssertEqual(restores(proxy), 2)
    }

    func testASessionChangedSinceTheConnectionOpenedIsResumedAfresh() async throws {
        let harness = try ServiceHarness()
        _ = try await harness.member("bob")
        let proxy = try RecordingProxy(at: harness.directory.file("proxy.sock").path, to: harness.socketPath)
        let client = ServiceCommunity(socketPath: proxy.path, sessionFile: harness.directory.file("sessions/guest.json"), keepsOutbox: false)
        defer { client.disconnect() }

        // The connection opens (and resumes no one) for the sign-in; the answer kept from that
        // opening is not the session any more.
        _ = try await client.logIn(identifier: "bob@example.com", password: "bob-password")
        guard case .member(let account) = await client.restoreSession() else { return XCTFail("bob's new session was not resumed") }
        XCTAssertEqual(account.nickname, "bob")
        XCTAssertEqual(restores(proxy), 2)
    }

    func testSubscribingOnANewConnectionAsksOnce() async throws {
        let harness = try ServiceHarness()
        _ = try await harness.member("carol")
        let proxy = try RecordingProxy(at: harness.directory.file("proxy.sock").path, to: harness.socketPath)
        let client = ServiceCommunity(socketPath: proxy.path, sessionFile: harness.directory.file("sessions/carol.json"), keepsOutbox: false)
        defer { client.disconnect() }

        let listener = client.listenOnMain { _ in }
        defer { listener.cancel() }
        _ = await client.restoreSession()
        try await waitFor { client.receivesLiveEvents }
        // Whatever else runs after it, the subscription is asked for once on this connection.
        _ = await client.viewer()
        XCTAssertEqual(proxy.requests.filter { $0 == .subscribe }.count, 1)
    }

    private func restores(_ proxy: RecordingProxy) -> Int {
        proxy.requests.filter { if case .restore = $0 { true } else { false } }.count
    }

    private func waitFor(seconds: Double = 10, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { throw POSIXError(.ETIMEDOUT) }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
    }
}

/// The interactive start as `tteok --channel lobby` makes it: the real session model over the
/// real client, to the chat showing its newest message beside the channel list.
@MainActor
final class InteractiveStartRequestsTests: XCTestCase {
    func testAStartWithAChannelAsksForEachThingOnce() async throws {
        let harness = try ServiceHarness()
        let alice = try await harness.member("alice")
        let lobby = try await alice.channel(named: "lobby")
        _ = try await alice.send("the newest", to: lobby.id)
        alice.disconnect()
        let proxy = try RecordingProxy(at: harness.directory.file("proxy.sock").path, to: harness.socketPath, answerDelay: 50_000)
        let client = ServiceCommunity(socketPath: proxy.path, sessionFile: harness.directory.file("sessions/alice.json"), keepsOutbox: true)
        defer { client.disconnect() }
        let session = SessionModel(service: client, strings: Strings(.english), regionResolver: RegionResolver(sources: []), startChannel: "lobby")
        let listener = client.listenOnMain { _ in }
        defer { listener.cancel() }

        await session.start()
        guard case .chat(let chat)? = session.community?.navigator.top else { return XCTFail("the lobby is not open") }
        XCTAssertEqual(chat.messages.value?.last?.message.content, .text("the newest"))
        let requests = proxy.requests, roundStarts = proxy.roundStarts
        print("start requests:", zip(requests, roundStarts).map { ($1 ? "| " : "") + String(describing: $0).prefix(40) })
        XCTAssertEqual(requests.filter { if case .restore = $0 { true } else { false } }.count, 1, "\(requests)")
        // The chat shows once its read marker is set: the round trips until then are the wait.
        guard let marked = requests.firstIndex(where: { if case .markRead = $0 { true } else { false } }) else {
            return XCTFail("the lobby's read marker was not set: \(requests)")
        }
        let rounds = roundStarts[...marked].filter { $0 }.count
        let trace = zip(requests, roundStarts).map { "\($1 ? "| " : "")\($0)" }
        // The subscription goes with the restore; the channel is looked up while the list's page
        // is read; the chat's page, posting rule and unread count go out together. Each group is
        // one round trip: only its first request found nothing in flight.
        for group in [["restore", "subscribe"], ["channelNamed", "channelPage"], ["latestMessages", "permission", "unreadCount("]] {
            let members = requests.indices.filter { index in index <= marked && group.contains { String(describing: requests[index]).hasPrefix($0) } }
            XCTAssertEqual(members.filter { roundStarts[$0] }.count, 1, "\(group) were not asked together: \(trace)")
        }
        // The restore with the subscription, the list's page with the channel, the page's
        // counts, the chat's three questions, the read marker: 5 (9 when each question waited
        // for the one before), or 4 when the page's counts go out while the channel is still
        // being looked up (the member's community is entered with the account the restore read,
        // without reading the viewer again).
        XCTAssertLessThanOrEqual(rounds, 5, "\(trace)")
    }
}
