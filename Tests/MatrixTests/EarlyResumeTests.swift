import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// The interactive client's early resume (`resumeEarly`), on Synapse: a cold start (a saved
/// session, no cache) returns once the window's request can go — the terminal is then set up
/// while the server answers, not beside libcurl's load — and not before; a start with its cache,
/// or with no session, returns at once, whatever the transport.
final class EarlyResumeTests: XCTestCase {
    private var fixture: MatrixFixture!

    override func setUpWithError() throws { fixture = try MatrixFixture() }
    override func tearDown() { fixture = nil }

    private static let window = "simplified_msc3575/sync"

    /// A member whose session is saved under `name`, its service ended (as when tteok quits);
    /// `caughtUp`: after the start's last step, so the cache has a position to go on from.
    private func savedSession(_ name: String, caughtUp: Bool = false) async throws -> String {
        let (service, _) = try await fixture.member(name)
        if caughtUp { await service.catchUp() }
        let userID = try XCTUnwrap(service.active?.userID)
        _ = service.end()
        return userID
    }

    /// `service.resumeEarly` under way, and whether it has returned yet.
    private func resumingEarly(_ service: MatrixService) -> (Task<Bool, Never>, Mutex<Bool>) {
        let returned = Mutex(false)
        let early = Task {
            let fromServer = await service.resumeEarly(waitingAtMost: 60)
            returned.withLock { $0 = true }
            return fromServer
        }
        return (early, returned)
    }

    func testAColdStartReturnsOnceTheWindowCanGoNotBefore() async throws {
        let userID = try await savedSession("cold")
        MatrixCache.remove(directory: fixture.directory.file("cold/cache"), homeserver: fixture.server, userID: userID)
        let transport = ReadinessHeldTransport()
        let restarted = fixture.service("cold", transport: transport)
        let (early, returned) = resumingEarly(restarted)
        let waiting = await eventually(seconds: 30) { transport.readyAsked }
        XCTAssertTrue(waiting, "the cold start's window waited for the transport to be ready")
        XCTAssertFalse(returned.withLock { $0 }, "resumeEarly returned while the window could not go yet")
        // The new cache and key store wait for the window too (they took CPU from libcurl's load).
        XCTAssertFalse(MatrixCache.exists(directory: fixture.directory.file("cold/cache"), homeserver: fixture.server, userID: userID),
                       "the cache opened before the window could go")
        transport.makeReady()
        let fromServer = await early.value
        XCTAssertTrue(fromServer, "a cold start's first screen is the window's answer (its frames are held longer)")
        let cached = await eventually(seconds: 30) {
            MatrixCache.exists(directory: self.fixture.directory.file("cold/cache"), homeserver: self.fixture.server, userID: userID)
        }
        XCTAssertTrue(cached, "the cache opened once the window went")
        let asked = await eventually(seconds: 30) { transport.paths.contains { $0.hasSuffix(Self.window) } }
        XCTAssertTrue(asked, "the window was asked for: \(transport.paths)")
        guard case .member = await restarted.restoreSession() else { return XCTFail("session not restored") }
        await fixture.close()
    }

    func testAStartWithItsCacheReturnsAtOnce() async throws {
        _ = try await savedSession("warm", caughtUp: true)
        let transport = ReadinessHeldTransport()
        let restarted = fixture.service("warm", transport: transport)
        let (early, returned) = resumingEarly(restarted)
        let quick = await eventually(seconds: 30) { returned.withLock { $0 } }
        XCTAssertTrue(quick, "a start from its cache waited for the transport")
        XCTAssertFalse(transport.readyAsked, "no window asked with a cache to start from")
        transport.makeReady()
        let fromServer = await early.value
        XCTAssertFalse(fromServer, "a start from its cache draws from it")
        guard case .member = await restarted.restoreSession() else { return XCTFail("session not restored") }
        XCTAssertFalse(transport.paths.contains { $0.hasSuffix(Self.window) }, "no window with a cache: \(transport.paths)")
        await fixture.close()
    }

    func testAStartWithNoSessionReturnsAtOnceAndAsksNothing() async throws {
        let transport = ReadinessHeldTransport()
        let nobody = fixture.service("nobody", transport: transport)
        let early = Task { await nobody.resumeEarly(waitingAtMost: 60) }
        let quick = await eventually(seconds: 30) { await nobody.viewer() == .guest && transport.paths.isEmpty }
        XCTAssertTrue(quick)
        transport.makeReady()
        let fromServer = await early.value
        XCTAssertFalse(fromServer, "no saved session: the welcome screen is local")
        XCTAssertEqual(transport.paths, [], "nothing asked without a saved session")
        XCTAssertFalse(transport.readyAsked)
        await fixture.close()
    }

    /// `sendFirstRequestNow` hands a cold start's window to the transport before it returns,
    /// from the caller's thread (no task: while libcurl loads no thread can be made), and the
    /// resume that follows takes that window up rather than asking again.
    func testAColdStartsWindowIsWithTheTransportBeforeSendFirstRequestNowReturns() async throws {
        let (member, _) = try await fixture.member("now")
        let (_, room) = try await fixture.openedRoom("early", for: member)
        let userID = try XCTUnwrap(member.active?.userID)
        _ = member.end()
        MatrixCache.remove(directory: fixture.directory.file("now/cache"), homeserver: fixture.server, userID: userID)
        let transport = StartRecordingTransport()
        let restarted = fixture.service("now", transport: transport)
        XCTAssertTrue(restarted.sendFirstRequestNow(), "a saved session with nothing cached starts with the window")
        XCTAssertEqual(transport.started.filter { $0.hasSuffix(Self.window) }.count, 1,
                       "the window was with the transport when the call returned: \(transport.started)")
        guard case .member = await restarted.restoreSession() else { return XCTFail("session not restored") }
        await restarted.catchUp()
        let synced = try await restarted.channels()
        XCTAssertTrue(synced.contains { $0.id == room }, "the joined room came with the early window: \(synced.map(\.id))")
        XCTAssertEqual(transport.asked.filter { $0.contains(Self.window + "?") && !$0.contains("pos=") }.count, 1,
                       "the resume took the early window up, not a second one: \(transport.asked)")
        await fixture.close()
    }

    /// A cold start with no profile kept takes its new cache's profile from the window (the
    /// account data's consent, the own member event's display name) and asks the profile's two questions only once that
    /// answer is in: beside the window they cost the server ~4 ms of the first screen's answer.
    func testAColdStartsProfileComesWithTheWindowNotBesideIt() async throws {
        let (member, user) = try await fixture.member("profile")
        _ = try await fixture.openedRoom("profile", for: member)
        let userID = try XCTUnwrap(member.active?.userID)
        _ = member.end()
        MatrixCache.remove(directory: fixture.directory.file("profile/cache"), homeserver: fixture.server, userID: userID)
        let transport = StartRecordingTransport()
        let restarted = fixture.service("profile", transport: transport)
        // No profile kept from the last run either (a session saved by an older tteok).
        restarted.profileHint(for: userID).remove()
        XCTAssertTrue(restarted.sendFirstRequestNow())
        guard case .member(let account) = await restarted.restoreSession() else { return XCTFail("session not restored") }
        XCTAssertEqual(account.acceptedTermsVersion, CommunityTerms.currentVersion, "consent came back with the window's account data")
        XCTAssertEqual(account.nickname, user.localpart, "the display name came with the own member event")
        let log = transport.log
        let answered = try XCTUnwrap(log.firstIndex { $0.hasPrefix("answered ") && $0.contains(Self.window + "?") }, "\(log)")
        let profile = log.firstIndex { $0.hasPrefix("start ") && $0.contains("/profile/") }
        XCTAssertLessThan(answered, profile ?? .max, "a profile question went beside the window: \(log)")
        await fixture.close()
    }

    func testSendFirstRequestNowSendsNothingWithACacheOrNoSession() async throws {
        _ = try await savedSession("cached", caughtUp: true)
        let transport = StartRecordingTransport()
        XCTAssertFalse(fixture.service("cached", transport: transport).sendFirstRequestNow(), "a cache to start from")
        XCTAssertFalse(fixture.service("nobody", transport: transport).sendFirstRequestNow(), "no saved session")
        XCTAssertEqual(transport.started, [], "nothing sent ahead of the screen")
        await fixture.close()
    }

    /// The real transport is ready once libcurl is loaded, and its first exchange after that
    /// starts without waiting for anything more.
    func testTheRealTransportIsReadyOnceLibcurlIsLoaded() async throws {
        let transport = CurlTransport()
        await withCheckedContinuation { (ready: CheckedContinuation<Void, Never>) in transport.whenReady { ready.resume() } }
        XCTAssertNotNil(CurlLibrary.shared, "libcurl is installed on the test machine")
        let answer = try await transport.exchange(HTTPRequest(url: fixture.server.appendingPathComponent("_matrix/client/versions")))
        XCTAssertEqual(answer.1.statusCode, 200)
    }
}

/// The real transport, but not ready (`whenReady` waits) until `makeReady()`: libcurl's load held
/// back, while the requests themselves go through and are recorded.
final class ReadinessHeldTransport: MatrixTransport {
    private let inner = CurlTransport()
    private let gate = OpenOnceGate()
    private let asked = Mutex(false)
    private let recorded = Mutex<[String]>([])

    /// Whether anything waited for the transport to be ready.
    var readyAsked: Bool { asked.withLock { $0 } }
    /// The paths asked, in order.
    var paths: [String] { recorded.withLock { $0 } }

    func makeReady() { gate.open() }

    func whenReady(_ body: @escaping @Sendable () -> Void) {
        asked.withLock { $0 = true }
        Task { [gate] in
            await gate.wait(seconds: 120)
            body()
        }
    }

    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        recorded.withLock { $0.append(request.url?.path ?? "") }
        return try await inner.exchange(request)
    }
}

/// The real transport, recording the requests started from the caller's thread (`start`) at the
/// moment they are, and in one ordered log every request's start and answer, with its query.
final class StartRecordingTransport: MatrixTransport {
    private let inner = CurlTransport()
    private let startedPaths = Mutex<[String]>([])
    private let events = Mutex<[String]>([])

    var started: [String] { startedPaths.withLock { $0 } }
    var log: [String] { events.withLock { $0 } }
    /// Every request asked (started or exchanged), in order.
    var asked: [String] { log.filter { $0.hasPrefix("start ") }.map { String($0.dropFirst(6)) } }

    private func name(_ request: HTTPRequest) -> String { (request.url?.path ?? "") + "?" + (request.url?.query ?? "") }

    func start(_ request: HTTPRequest) -> StartedExchange {
        startedPaths.withLock { $0.append(request.url?.path ?? "") }
        events.withLock { $0.append("start " + name(request)) }
        let answered = inner.start(request)
        let forwarded = StartedExchange()
        Task { [events, name = name(request)] in
            do {
                let answer = try await answered.answer()
                events.withLock { $0.append("answered " + name) }
                forwarded.finish(.success(answer))
            } catch {
                forwarded.finish(.failure(error))
            }
        }
        forwarded.whenCancelled { answered.cancel() }
        return forwarded
    }

    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        events.withLock { $0.append("start " + name(request)) }
        let answer = try await inner.exchange(request)
        events.withLock { $0.append("answered " + name(request)) }
        return answer
    }
}
