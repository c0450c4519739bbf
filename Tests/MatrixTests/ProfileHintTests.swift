import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// The profile kept beside the session (`MatrixService.rememberProfile`), on Synapse: a start
/// whose cache was deleted answers who the member is from it while the server answers the window
/// (the community screen is set up meanwhile); the answer corrects a stale one; it is owner-only,
/// goes with a log-out, and an unreadable one only costs the wait.
final class ProfileHintTests: XCTestCase {
    private var fixture: MatrixFixture!

    override func setUpWithError() throws { fixture = try MatrixFixture() }
    override func tearDown() { fixture = nil }

    /// A member in a room whose session is saved under `name`, its cache deleted (as before a
    /// cold start): the kept profile stays.
    private func coldSession(_ name: String) async throws -> SynapseUser {
        let (member, user) = try await fixture.member(name)
        _ = try await fixture.openedRoom(name, for: member)
        _ = member.end()
        MatrixCache.remove(directory: fixture.directory.file("\(name)/cache"), homeserver: fixture.server, userID: user.userID)
        return user
    }

    func testAColdStartKnowsTheMemberFromTheKeptProfileBeforeTheWindowIsAnswered() async throws {
        let user = try await coldSession("hinted")
        let transport = WindowHeldTransport()
        let restarted = fixture.service("hinted", transport: transport)
        XCTAssertTrue(restarted.sendFirstRequestNow())
        guard case .member(let account) = await restarted.restoreSession() else { return XCTFail("session not restored") }
        XCTAssertFalse(transport.windowAnswered, "the window's answer is still held")
        XCTAssertEqual(account.nickname, user.localpart, "the nickname kept from the last run")
        XCTAssertEqual(account.acceptedTermsVersion, CommunityTerms.currentVersion, "consent kept from the last run: no terms again")
        XCTAssertFalse(transport.log.contains { $0.contains("/profile/") || $0.contains("net.tteok.profile") },
                       "the member was asked of the server, not taken from what was kept: \(transport.log)")
        transport.release()
        let listed = await eventually(seconds: 30) { ((try? await restarted.channels()) ?? []).isEmpty == false }
        XCTAssertTrue(listed, "the window's rooms are listed once it is answered")
        await fixture.close()
    }

    /// A script (no early window) goes on only once the window's answer is cached, kept profile
    /// or not: its next step may post, and a post cached before the window's messages was
    /// listed after them (`tteok post` right after a cold `tteok login`).
    func testAScriptsColdStartGoesOnOnlyOnceTheWindowIsCached() async throws {
        let user = try await coldSession("script")
        let transport = WindowHeldTransport(releasedAfter: 0.5)
        let restarted = fixture.service("script", transport: transport)
        XCTAssertNotNil(restarted.profileHint(for: user.userID).load(), "a profile is kept from the last run")
        guard case .member(let account) = await restarted.restoreSession() else { return XCTFail("session not restored") }
        XCTAssertEqual(account.nickname, user.localpart)
        XCTAssertTrue(transport.windowAnswered, "the resume went on before the window was answered")
        XCTAssertEqual(restarted.active?.sync.firstAnswer.isOpen, true, "the resume went on before the window was cached")
        await fixture.close()
    }

    func testAStaleKeptProfileIsCorrectedOnceTheServerAnswers() async throws {
        let user = try await coldSession("stale")
        let restarted = fixture.service("stale", transport: WindowHeldTransport(releasedAfter: 0.5))
        try restarted.profileHint(for: user.userID).save(OwnProfile(displayName: "an old name", profile: TteokProfileContent(accepted_terms_version: CommunityTerms.currentVersion)))
        let recorder = EventRecorder(restarted)
        XCTAssertTrue(restarted.sendFirstRequestNow())
        guard case .member(let hinted) = await restarted.restoreSession() else { return XCTFail("session not restored") }
        XCTAssertEqual(hinted.nickname, "an old name", "the first screen is the kept profile's")
        let corrected = await recorder.first(within: 30) { event in
            if case .viewerChanged(.member(let account)) = event { return account.nickname == user.localpart }
            return false
        }
        XCTAssertNotNil(corrected, "the server's nickname was published: \(recorder.all)")
        let followed = await eventually(seconds: 30) { restarted.profileHint(for: user.userID).load()?.displayName == user.localpart }
        XCTAssertTrue(followed, "the kept profile follows the server")
        await fixture.close()
    }

    func testAnUnreadableKeptProfileOnlyCostsTheWait() async throws {
        let user = try await coldSession("garbled")
        let restarted = fixture.service("garbled")
        let hint = restarted.profileHint(for: user.userID)
        try Data("{\"displayName\": 7, garbage".utf8).write(to: hint.url)
        XCTAssertTrue(restarted.sendFirstRequestNow())
        guard case .member(let account) = await restarted.restoreSession() else { return XCTFail("session not restored") }
        XCTAssertEqual(account.nickname, user.localpart, "the window's answer told the nickname")
        XCTAssertEqual(account.acceptedTermsVersion, CommunityTerms.currentVersion, "and the consent")
        let rewritten = await eventually(seconds: 30) { hint.load()?.displayName == user.localpart }
        XCTAssertTrue(rewritten, "the kept profile was written again from the server's")
        await fixture.close()
    }

    func testTheKeptProfileIsOwnerOnlyAndGoesWithALogOut() async throws {
        let (member, user) = try await fixture.member("leaving")
        let hint = member.profileHint(for: user.userID)
        XCTAssertEqual(hint.load()?.displayName, user.localpart, "the log-in kept the member's profile")
        XCTAssertEqual(try permissions(hint.url), 0o600)
        var folder = hint.url.deletingLastPathComponent()
        for _ in 0..<3 {
            XCTAssertEqual(try permissions(folder), 0o700, folder.path)
            folder = folder.deletingLastPathComponent()
        }
        try await member.logOut()
        XCTAssertFalse(FileManager.default.fileExists(atPath: hint.url.path), "a log-out leaves no profile behind")
        await fixture.close()
    }

    private func permissions(_ url: URL) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) & 0o777
    }
}

/// The real transport, with the answer of a cold start's window (a sliding-sync request with no
/// position yet) held until `release()` — or `releasedAfter` seconds — while everything else goes
/// through; every request's start is logged.
final class WindowHeldTransport: MatrixTransport {
    private let inner = CurlTransport()
    private let gate = OpenOnceGate()
    private let events = Mutex<[String]>([])
    private let answered = Mutex(false)
    private let holding: Double

    init(releasedAfter seconds: Double = 120) { holding = seconds }

    var log: [String] { events.withLock { $0 } }
    var windowAnswered: Bool { answered.withLock { $0 } }

    func release() { gate.open() }

    private func isWindow(_ request: HTTPRequest) -> Bool {
        let url = request.url
        return url?.path.hasSuffix("simplified_msc3575/sync") == true && url?.query?.contains("pos=") != true
    }

    func start(_ request: HTTPRequest) -> StartedExchange {
        events.withLock { $0.append("start " + (request.url?.absoluteString ?? "")) }
        let started = inner.start(request)
        guard isWindow(request) else { return started }
        let forwarded = StartedExchange()
        Task { [gate, answered, holding] in
            let result: Result<StartedExchange.Answer, Error>
            do { result = .success(try await started.answer()) } catch { result = .failure(error) }
            await gate.wait(seconds: holding)
            answered.withLock { $0 = true }
            forwarded.finish(result)
        }
        forwarded.whenCancelled { started.cancel() }
        return forwarded
    }

    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        try await start(request).answer()
    }

    func whenReady(_ body: @escaping @Sendable () -> Void) { inner.whenReady(body) }
}
