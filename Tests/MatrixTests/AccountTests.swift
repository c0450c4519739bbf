import ChatCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import XCTest
@testable import Matrix

/// Sign-up, log-in, sessions and the member's profile through `MatrixService`.
final class AccountTests: XCTestCase {
    func testSignUpLogInWrongPasswordAndProfileFields() async throws {
        let fixture = try MatrixFixture()
        let name = SynapseServer.randomName("su")
        let signUp = fixture.service("a")
        let account = try await signUp.signUp(SignUpRequest(identifier: name, password: "pw-1", nickname: "민지", region: "마포구", acceptTerms: true))
        XCTAssertEqual(account.id, UserID("@\(name):localhost"))
        XCTAssertEqual(account.nickname, "민지")
        XCTAssertEqual(account.region, "마포구")
        XCTAssertEqual(account.acceptedTermsVersion, CommunityTerms.currentVersion)

        let other = fixture.service("b")
        let loggedIn = try await other.logIn(identifier: "@\(name):localhost", password: "pw-1")
        XCTAssertEqual(loggedIn, account, "nickname (display name), region and terms come from the server")
        await assertThrows(.wrongPassword) { _ = try await fixture.service("c").logIn(identifier: name, password: "nope") }
        await assertThrows(.accountExists(name)) {
            _ = try await fixture.service("d").signUp(SignUpRequest(identifier: name, password: "x"))
        }
        await assertThrows(.unsupported("This Matrix homeserver signs up by user name, not email: use --username NAME.")) {
            _ = try await fixture.service("e").signUp(SignUpRequest(identifier: "a@example.com", password: "x"))
        }
        await fixture.close()
    }

    /// `tteok login` signs in and ends: its service asks no sync (one it started was dropped at
    /// exit while the server still worked out its first window, ~200 ms on an account in 1,000
    /// rooms), and the account it prints is complete all the same. The client's sign-in syncs.
    func testASignInThatEndsAsksNoSync() async throws {
        let fixture = try MatrixFixture()
        let name = SynapseServer.randomName("ns")
        let quiet = StartRecordingTransport()
        let signedUp = try await fixture.service("q", transport: quiet, syncsOnSignIn: false)
            .signUp(SignUpRequest(identifier: name, password: "pw-1", nickname: "하늘", region: "마포구", acceptTerms: true))
        XCTAssertEqual(signedUp.nickname, "하늘")
        XCTAssertEqual(signedUp.acceptedTermsVersion, CommunityTerms.currentVersion)
        let loggedIn = try await fixture.service("r", transport: quiet, syncsOnSignIn: false).logIn(identifier: name, password: "pw-1")
        XCTAssertEqual(loggedIn, signedUp, "nickname, region and terms read without a sync")

        let syncing = StartRecordingTransport()
        _ = try await fixture.service("s", transport: syncing).logIn(identifier: name, password: "pw-1")
        let synced = await eventually(seconds: 20) { syncing.asked.contains { $0.contains("/sync") } }
        XCTAssertTrue(synced, "the client's sign-in syncs: \(syncing.asked)")
        // The quiet services began before it and had all the time it took: neither asked.
        XCTAssertFalse(quiet.asked.contains { $0.contains("/sync") }, "\(quiet.asked)")
        await fixture.close()
    }

    func testSessionIsSavedPrivatelyRestoredAndLoggedOut() async throws {
        let fixture = try MatrixFixture()
        let (service, user) = try await fixture.member("m")
        let file = fixture.directory.file("m/session.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)

        let restarted = fixture.service("m")
        guard case .member(let account) = await restarted.restoreSession() else { return XCTFail("session not restored") }
        XCTAssertEqual(account.id.raw, user.userID)
        let session = try XCTUnwrap(SecretFile<MatrixSession>(url: file).load())
        XCTAssertFalse(session.description.contains(session.accessToken), "descriptions never print the token")

        try await restarted.logOut()
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
        let viewer = await restarted.viewer()
        XCTAssertEqual(viewer, .guest)
        let client = MatrixClient(homeserver: fixture.server, transport: CurlTransport(), accessToken: session.accessToken)
        await assertThrows(.denied(.notSignedIn)) { _ = try await client.joinedRooms() }
        _ = service
        await fixture.close()
    }

    /// Regression: a display name removed in another client stayed in tteok's cache, so the
    /// member kept a nickname they had dropped and the nickname gate never asked.
    func testADisplayNameRemovedElsewhereIsGoneAfterARestart() async throws {
        let fixture = try MatrixFixture()
        let (_, user) = try await fixture.member("m")
        try await user.setDisplayName("")
        let restarted = fixture.service("m")
        _ = await restarted.restoreSession()
        let cleared = await eventually(seconds: 10) { await restarted.viewer().account?.nickname == "" }
        let viewer = await restarted.viewer()
        XCTAssertTrue(cleared, "still \(viewer)")
        await fixture.close()
    }

    func testAGuestVisitKeepsTheMembersSavedSession() async throws {
        let fixture = try MatrixFixture()
        let (_, user) = try await fixture.member("m")

        // `tteok --homeserver URL --guest` on the same HOME, then the guest logs out.
        let visit = fixture.service("m")
        try await visit.continueAsGuest()
        let visitor = await visit.viewer()
        XCTAssertEqual(visitor, .guest)
        try await visit.logOut()

        let next = fixture.service("m")
        guard case .member(let account) = await next.restoreSession() else { return XCTFail("the member's session was lost") }
        XCTAssertEqual(account.id.raw, user.userID)
        await fixture.close()
    }
}

/// Asserts that `body` throws exactly `expected` (a `ChatError`, or a `MatrixError` mapping to it).
func assertThrows(_ expected: ChatError, file: StaticString = #filePath, line: UInt = #line, _ body: () async throws -> Void) async {
    do {
        try await body()
        XCTFail("expected \(expected)", file: file, line: line)
    } catch let error as ChatError {
        XCTAssertEqual(error, expected, file: file, line: line)
    } catch let error as MatrixError {
        XCTAssertEqual(error.chatError, expected, file: file, line: line)
    } catch {
        XCTFail("unexpected \(error)", file: file, line: line)
    }
}

/// One sync loop per session, ended by log-out; concurrent first reads start one guest.
final class SessionLifecycleTests: XCTestCase {
    func testOneSyncLoopPerSessionStoppedOnLogOut() async throws {
        let fixture = try MatrixFixture()
        let probe = SyncProbe()
        let first = try await SynapseUser.register(on: fixture.server)
        let second = try await SynapseUser.register(on: fixture.server)
        let service = fixture.service("s", transport: probe)
        _ = try await service.logIn(identifier: first.localpart, password: first.password)
        _ = await service.restoreSession()
        _ = try await service.logIn(identifier: second.localpart, password: second.password)
        _ = try await service.channels()
        let polling = await eventually(seconds: 10) { probe.inFlight == 1 }
        XCTAssertTrue(polling, "the session's loop is in its long-poll")
        XCTAssertEqual(probe.mostInFlight, 1, "never two sync loops at once")

        try await service.logOut()
        let stopped = await eventually(seconds: 5) { probe.inFlight == 0 }
        XCTAssertTrue(stopped, "log-out cancels the long-poll at once")
        let total = probe.started
        _ = try await SynapseUser.register(on: fixture.server)  // a round trip's worth of time
        XCTAssertEqual(probe.started, total, "no sync after log-out")
        await fixture.close()
    }

    func testConcurrentFirstReadsStartOneGuest() async throws {
        let fixture = try MatrixFixture()
        let transport = RecordingTransport()
        let service = fixture.service("g", transport: transport)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { _ = try await service.channels() } }
            try await group.waitForAll()
        }
        let registrations = transport.requests.filter { $0.url!.path.hasSuffix("/register") }.count
        XCTAssertEqual(registrations, 1)
        await fixture.close()
    }
}

/// Counts `/sync` requests in flight (and the most ever at once) over the real transport.
final class SyncProbe: MatrixTransport {
    private let inner = CurlTransport()
    private let counts = Mutex((inFlight: 0, most: 0, started: 0))

    var inFlight: Int { counts.withLock { $0.inFlight } }
    var mostInFlight: Int { counts.withLock { $0.most } }
    var started: Int { counts.withLock { $0.started } }

    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        guard request.url!.path.hasSuffix("/sync") else { return try await inner.exchange(request) }
        counts.withLock { value in
            value.inFlight += 1
            value.started += 1
            value.most = max(value.most, value.inFlight)
        }
        defer { counts.withLock { $0.inFlight -= 1 } }
        return try await inner.exchange(request)
    }
}
