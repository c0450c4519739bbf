import Foundation
import TestSupport
import XCTest

/// The Matrix outbox in the real interactive client, in tmux, behind a fault proxy (the
/// homeserver's address as tteok knows it): start-up with the homeserver out of reach draws the
/// cached rooms and history, says it is offline and queues what is typed; a `kill -9` with a full
/// outbox loses and doubles nothing once started again; a refused message is retried or discarded
/// with a key, and a discarded one leaves the chat at once.
final class OutboxTmuxEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var sessions: [TmuxSession] = []
    private var proxy: FaultProxy!
    private var server: URL!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "tmux-offline")
        server = try SynapseServer.url()
        proxy = try FaultProxy(upstream: server)
    }

    override func tearDown() {
        sessions.forEach { $0.close() }
        sessions = []
        proxy.stop()
        proxy = nil
        directory = nil
    }

    // MARK: Fixtures

    /// A member signed up through the proxy, a room made by another account (the reader), and
    /// the member's cache filled by a post and a read while the proxy still forwards.
    private func memberWithCachedRoom() async throws -> (mina: TteokUser, minaID: String, owner: SynapseUser, room: String, roomID: String) {
        let owner = try await SynapseUser.register(on: server)
        let room = SynapseServer.randomName("offline")
        let roomID = try await owner.createRoom(name: room, public: true)
        try await owner.send("history from the owner", to: roomID)
        let mina = try TteokUser(home: directory.file("home-mina"), backendArguments: ["--homeserver", proxy.url.absoluteString])
        let name = SynapseServer.randomName("mina")
        let signup = try mina.run(["signup", "--username", name, "--password-stdin", "--nickname", "Mina", "--accept-terms"],
                                  stdin: "correct horse battery\n")
        XCTAssertEqual(signup.status, 0, "\(signup)")
        // By id: a brand-new room may be missing from the directory for a moment; once joined, its name works.
        XCTAssertEqual(try mina.run(["post", roomID, "history from mina"]).status, 0)
        let read = try mina.run(["read", room])
        XCTAssertTrue(read.stdout.contains("history from the owner") && read.stdout.contains("history from mina"), "\(read)")
        let whoami = try mina.run(["whoami", "--json"])
        let account = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(whoami.stdout.utf8)) as? [String: Any], "\(whoami)")
        let minaID = try XCTUnwrap(account["id"] as? String, "\(whoami)")
        return (mina, minaID, owner, room, roomID)
    }

    /// The client in a terminal of its own; `exec`, so the pane's process is tteok itself.
    private func terminal(_ person: TteokUser, _ arguments: [String]) throws -> TmuxSession {
        let words = ([person.binary.path] + person.backendArguments + arguments).map { "'\($0)'" }.joined(separator: " ")
        let stderr = directory.file("stderr-\(sessions.count)").path
        let session = try TmuxSession(command: "exec \(words) 2>'\(stderr)'", width: 100, height: 32, environment: person.environment)
        sessions.append(session)
        return session
    }

    @discardableResult
    private func waitFor(_ seconds: Double = 20, in session: TmuxSession, _ what: String, file: StaticString = #filePath, line: UInt = #line,
                         _ condition: ([String]) -> Bool) -> [String] {
        var screen: [String] = []
        let shown = waitUntil(seconds: seconds) {
            screen = (try? session.capture()) ?? []
            return condition(screen)
        }
        XCTAssertTrue(shown, "never \(what):\n\(screen.joined(separator: "\n"))", file: file, line: line)
        return screen
    }

    // MARK: Tests

    func testStartingOfflineShowsTheCacheSaysOfflineAndQueuesUntilTheServerReturns() async throws {
        let (mina, minaID, owner, room, roomID) = try await memberWithCachedRoom()
        proxy.set(.drop)
        let client = try terminal(mina, ["--channel", room])
        let screen = waitFor(in: client, "drew the cached room, its history and the offline status") { screen in
            let text = screen.joined(separator: "\n")
            return text.contains("history from the owner") && text.contains("history from mina") && text.contains("reconnecting in")
        }
        XCTAssertTrue(screen.contains { $0.contains(room) }, "the cached channel is listed")

        try client.type("typed while offline")
        try client.keys("Enter")
        waitFor(in: client, "showed the message pending") { screen in
            guard let row = screen.lastIndex(where: { $0.contains("typed while offline") }) else { return false }
            return screen[row...].contains { $0.contains("sending…") }
        }
        let before = try await owner.storedTexts(in: roomID).map(\.body)
        XCTAssertFalse(before.contains("typed while offline"), "nothing reached the server while it was unreachable")

        proxy.heal()
        let healedAt = Date()
        waitFor(45, in: client, "sent the queued message once the server answered") { screen in
            screen.contains { $0.contains("typed while offline") } && !screen.contains { $0.contains("sending…") }
                && screen.contains { $0.contains("online") }
        }
        print(String(format: "offline start-up: the queued message was delivered %.1f s after the server became reachable",
                     Date().timeIntervalSince(healedAt)))
        let stored = try await owner.storedTexts(in: roomID).filter { $0.sender == minaID }.map(\.body)
        XCTAssertEqual(stored, ["history from mina", "typed while offline"], "once, after the history")
    }

    /// The proxy forwards every request but cuts every answer in half: the first queued message
    /// reaches the server with its answer lost (retried with the same transaction id on each
    /// pass), the other 99 wait in the outbox. `kill -9`, then a start with the server back.
    func testAKilledClientSendsItsHundredPendingMessagesOnceAfterARestart() async throws {
        let (mina, minaID, owner, room, roomID) = try await memberWithCachedRoom()
        let count = 100
        let texts = (1...count).map { String(format: "pending %03d", $0) }
        proxy.set(.cutHalf)
        let first = try terminal(mina, ["--channel", room])
        waitFor(in: first, "opened the chat") { $0.contains { $0.contains("history from mina") } }
        // One tmux call types them all: a string that names no key is typed as its characters.
        try first.run(["send-keys"] + texts.flatMap { [$0, "Enter"] })
        waitFor(60, in: first, "showed all \(count) typed messages pending") { screen in
            guard let row = screen.lastIndex(where: { $0.contains(texts[count - 1]) }) else { return false }
            return screen[row...].contains { $0.contains("sending…") }
        }
        let pid = try XCTUnwrap(pid_t(try first.format("#{pane_pid}")))
        XCTAssertEqual(kill(pid, SIGKILL), 0)
        XCTAssertTrue(waitUntil(seconds: 10) { (try? first.format("#{pane_dead}")) == "1" }, "tteok survived kill -9")
        let beforeRestart = try await owner.storedTexts(in: roomID).filter { $0.sender == minaID }.map(\.body)

        proxy.heal()
        let restartedAt = Date()
        let second = try terminal(mina, ["--channel", room])
        var stored: [String] = []
        let arrived = await eventually(seconds: 90) {
            stored = (try? await owner.storedTexts(in: roomID).filter { $0.sender == minaID }.map(\.body)) ?? []
            return Set(stored).isSuperset(of: texts)
        }
        let recovery = Date().timeIntervalSince(restartedAt)
        XCTAssertTrue(arrived, "only \(stored.count - 1) of \(count) arrived")
        // The client must be done before counting: nothing pending on screen, then quit.
        waitFor(in: second, "showed no message pending") { !$0.contains { $0.contains("sending…") } }
        try second.keys("C-c")
        XCTAssertTrue(waitUntil(seconds: 10) { (try? second.format("#{pane_dead}")) == "1" }, "the client did not quit")
        stored = try await owner.storedTexts(in: roomID).filter { $0.sender == minaID }.map(\.body)
        let sent = stored.filter { $0.hasPrefix("pending ") }
        print("""
            kill -9 with \(count) pending: \(beforeRestart.count - 1) on the server before the restart (answer lost); after it: \
            received \(sent.count), lost \(Set(texts).subtracting(sent).count), duplicated \(sent.count - Set(sent).count), \
            all there \(String(format: "%.1f", recovery)) s after the restart
            """)
        XCTAssertEqual(stored, ["history from mina"] + texts, "each once, in order")
    }

    /// The room's owner lets only moderators post while mina's client hears nothing of it (its
    /// `/sync` is cut): the client allows the post, the homeserver refuses it for good (403).
    func testARefusedMessageIsRetriedWithTAndLeavesTheChatAtOnceWithD() async throws {
        let (mina, _, owner, room, roomID) = try await memberWithCachedRoom()
        proxy.set(.drop, matching: "/sync")
        try await owner.setState("m.room.power_levels", ["events_default": 50], in: roomID)  // the creator keeps its power (room v12)
        let client = try terminal(mina, ["--channel", room])
        waitFor(in: client, "opened the chat") { $0.contains { $0.contains("history from mina") } }

        try refuseThenRetryAndDiscard("after the rules changed", in: client, stillShown: "history from mina")
    }

    /// The same in a thread's view: a reply in the thread refused for good is resent with `t`
    /// and discarded with `d`, asked first as in the chat, and leaves the thread at once. Before,
    /// both keys did nothing on a thread's line.
    func testARefusedThreadReplyIsRetriedWithTAndLeavesTheThreadAtOnceWithD() async throws {
        let (mina, _, owner, room, roomID) = try await memberWithCachedRoom()
        proxy.set(.drop, matching: "/sync")
        try await owner.setState("m.room.power_levels", ["events_default": 50], in: roomID)
        let client = try terminal(mina, ["--channel", room])
        waitFor(in: client, "opened the chat") { $0.contains { $0.contains("history from mina") } }
        try client.keys("Escape")
        waitFor(in: client, "left the input") { $0.contains { $0.contains("pick a message") } }
        try client.keys("Up")
        waitFor(in: client, "entered selection mode") { $0.contains { $0.contains("selecting") } }
        try client.keys("Right")
        waitFor(in: client, "opened the thread of the newest message") { $0.contains { $0.contains("Thread · history from mina") } }

        try refuseThenRetryAndDiscard("in the thread after the rules changed", in: client, stillShown: "Thread · history from mina")
    }

    /// Posts `text`, which the homeserver refuses for good; then, in selection mode, `t` asks
    /// (naming it) and is refused again, and `d` asks and takes it out at once, `stillShown`
    /// still on screen. Every key waits for the screen it expects: an Esc followed at once by a
    /// letter reads as Alt-letter.
    private func refuseThenRetryAndDiscard(_ text: String, in client: TmuxSession, stillShown: String) throws {
        try client.type(text)
        try client.keys("Enter")
        waitFor(in: client, "showed the refusal") { screen in
            screen.contains { $0.contains("not sent:") } && screen.contains { $0.contains("Press Enter") }
        }
        try client.keys("Enter")  // dismisses the refusal's alert
        waitFor(in: client, "closed the alert") { !$0.contains { $0.contains("Press Enter") } }
        try client.keys("C-u")  // the input kept the refused text: clear it
        try client.keys("Escape")  // leave the input
        waitFor(in: client, "left the input, the refused message shown") { screen in
            screen.contains { $0.contains("not sent:") } && screen.contains { $0.contains(text) }
                && screen.contains { $0.contains("pick a message") } && screen.contains { $0.contains(stillShown) }
        }
        try client.keys("Up")  // selection mode: the newest message (the refused one) picked
        waitFor(in: client, "entered selection mode") { $0.contains { $0.contains("selecting") } }

        try client.keys("t")
        waitFor(in: client, "asked before sending again, naming the message") { $0.contains { $0.contains("“\(text)” again?") } }
        try client.keys("Right", "Enter")
        waitFor(in: client, "refused the retry again") { screen in
            screen.contains { $0.contains("not sent:") } && screen.contains { $0.contains("Press Enter") }
        }
        try client.keys("Enter")
        waitFor(in: client, "closed the alert") { !$0.contains { $0.contains("Press Enter") } }

        try client.keys("d")
        waitFor(in: client, "asked before discarding, naming the message") { $0.contains { $0.contains("Discard “\(text)”") } }
        try client.keys("Right", "Enter")
        waitFor(3, in: client, "took the discarded message out at once") { screen in
            !screen.contains { $0.contains("not sent:") } && !screen.contains { $0.contains(text) } && screen.contains { $0.contains(stillShown) }
        }
    }
}
