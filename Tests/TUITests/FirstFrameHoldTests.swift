import ChatCore
import LocalStore
import TestSupport
import TUI
import ViewModels
import XCTest

/// `tteok --channel lobby` holds its frames until the list and the chat are in: the first frame
/// a person sees is the whole screen, and no "Loading…" frame is drawn and written before it.
@MainActor
final class FirstFrameHoldTests: XCTestCase {
    func testAHeldStartDrawsTheListAndTheChatFirst() async throws {
        let drawn = try await start(holding: true)
        XCTAssertFalse(drawn.everything.contains("Loading"), drawn.everything)
        XCTAssertTrue(drawn.first.contains("the newest words"), drawn.first)
        XCTAssertTrue(drawn.first.contains("help"), "the channel list is not in the first frame:\n\(drawn.first)")
    }

    func testWithoutTheHoldTheStartDrawsAsItLoads() async throws {
        // The same start drawn as the models change: "Loading…" comes first (what the hold saves).
        let drawn = try await start(holding: false)
        XCTAssertTrue(drawn.everything.contains("Loading"), drawn.everything)
    }

    func testTheHoldEndsAtItsLimitWhenTheStartIsSlow() async throws {
        let files = try TestCommunity()
        let service = try files.open(as: "slow")
        // Never started: the session stays "starting", so only the limit ends the hold.
        let session = SessionModel(service: service, strings: Strings(.english), regionResolver: RegionResolver(sources: []))
        let terminal = RecordingTerminal(size: Size(width: 100, height: 30))
        let app = TerminalApp(session: session, strings: UIStrings(.english), text: OutsideText(filter: WordFilter(words: [])))
        app.holdsFirstFrame = true
        let loop = AppLoop(backend: terminal, theme: .orange, frontEnd: app)
        loop.frameHoldLimit = .milliseconds(50)
        try loop.start()
        try await waitUntil { loop.frameCount > 0 }
    }

    /// Starts a member's session with `--channel lobby` over a real store, then returns the text
    /// of the first frame and everything written to the terminal, in order.
    private func start(holding: Bool) async throws -> (first: String, everything: String) {
        let files = try TestCommunity()
        let service = try files.open(as: "member")
        _ = try await service.signUp(SignUpRequest(identifier: "member@example.com", password: "member password", nickname: "member",
                                                   region: "마포구", acceptTerms: true))
        let lobby = try await service.channel(named: "lobby")
        _ = try await service.send("the newest words", to: lobby.id)
        let session = SessionModel(service: service, strings: Strings(.english), regionResolver: RegionResolver(sources: []), startChannel: "lobby")
        let terminal = RecordingTerminal(size: Size(width: 100, height: 30))
        let app = TerminalApp(session: session, strings: UIStrings(.english), text: OutsideText(filter: WordFilter(words: [])))
        app.holdsFirstFrame = holding
        let loop = AppLoop(backend: terminal, theme: .orange, frontEnd: app)
        // The test, not the limit, ends the hold.
        loop.frameHoldLimit = .seconds(60)
        var first: String?
        let afterFrame = app.onDamage
        app.onDamage = { damage in
            afterFrame?(damage)
            if first == nil, loop.frameCount > 0 { first = terminal.lines.joined(separator: "\n") }
        }
        try loop.start()
        await session.start()
        try await waitUntil { loop.frameCount > 0 }
        let everything = terminal.writes.map(\.glyph.text).joined()
        return (first ?? terminal.lines.joined(separator: "\n"), everything)
    }

    private func waitUntil(seconds: Double = 10, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { throw POSIXError(.ETIMEDOUT) }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
    }
}
