import ChatCore
import Foundation
import LocalStore
import TestSupport
import TUI
import ViewModels
import XCTest

/// The whole client on a real temporary LocalStore, drawn by the real `AppLoop` through the
/// `RecordingTerminal` and driven by typed keys, as a user at a terminal would.
@MainActor
final class AppHarness {
    let files: TestCommunity
    let service: LocalCommunity
    let session: SessionModel
    let app: TerminalApp
    let terminal: RecordingTerminal
    let loop: AppLoop
    var screen: Screen { loop.screen }
    private(set) var quitCount = 0
    private(set) var theme: Theme?
    /// Yields on every change the app reports (a model's, a key's, a finished preview's): waits
    /// for the screen look again after each, instead of polling.
    private var changes: AsyncStream<Void>.Iterator
    private let changed: AsyncStream<Void>.Continuation

    init(size: Size = Size(width: 100, height: 30), language: Language = .english, region: String? = nil,
         startChannel: String? = nil, filter: WordFilter = WordFilter(words: []), files: TestCommunity? = nil) throws {
        self.files = try files ?? TestCommunity()
        service = try self.files.open(as: "app")
        let resolver = RegionResolver.standard(option: region, environment: [:]) { nil }
        session = SessionModel(service: service, strings: Strings(language), regionResolver: resolver, startChannel: startChannel)
        terminal = RecordingTerminal(size: size)
        app = TerminalApp(session: session, strings: UIStrings(language), text: OutsideText(filter: filter),
                          themes: ThemeLoader(directories: [PackageRoot.url.appendingPathComponent("Themes")]))
        loop = AppLoop(backend: terminal, theme: .orange, frontEnd: app)
        let (stream, changed) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        changes = stream.makeAsyncIterator()
        self.changed = changed
        app.onDamage = { [loop] damage in
            loop.markDirty(damage)
            changed.yield()
        }
        try loop.start()
        app.onQuit = { [weak self] in self?.quitCount += 1 }
        app.onThemeChange = { [weak self] theme in self?.theme = theme; self?.screen.theme = theme }
    }

    /// Draws a frame now as the app loop does (only the damaged areas when only they changed,
    /// else the whole frame) and returns the screen's rows.
    @discardableResult
    func frame() -> [String] {
        loop.redraw()
        return terminal.lines
    }

    var text: String { frame().joined(separator: "\n") }

    /// Types `text` key by key (each character one key) and waits until every key was handled.
    func type(_ text: String) async {
        var parser = KeyParser()
        for key in parser.feed(Array(text.utf8)) + parser.flush() { app.receive(key) }
        await app.idle()
    }

    func press(_ keys: Key...) async {
        for key in keys { app.receive(key) }
        await app.idle()
    }

    /// Waits (with a deadline) until the screen shows `needle`.
    func waitFor(_ needle: String, seconds: TimeInterval = 5, file: StaticString = #filePath, line: UInt = #line) async {
        let shown = await onChanges(seconds: seconds) { self.text.contains(needle) }
        if !shown { XCTFail("the screen never showed \(needle):\n\(text)", file: file, line: line) }
    }

    /// Waits until `condition` holds for the screen text.
    func waitUntil(_ what: String, seconds: TimeInterval = 5, file: StaticString = #filePath, line: UInt = #line, _ condition: @escaping (String) -> Bool) async {
        let held = await onChanges(seconds: seconds) { condition(self.text) }
        if !held { XCTFail("\(what):\n\(text)", file: file, line: line) }
    }

    /// Checks `condition` now and again after each change the app reports, until it holds or
    /// `seconds` pass: the screen can only change with such a change.
    private func onChanges(seconds: TimeInterval, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        let changed = self.changed
        let alarm = Task {
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            changed.yield()
        }
        defer { alarm.cancel() }
        var changes = self.changes
        defer { self.changes = changes }
        while !condition() {
            guard Date() < deadline else { return false }
            _ = await changes.next(isolation: MainActor.shared)
        }
        return true
    }

    /// Fills the log-in form on screen as `name@example.com` (`signUpMember`'s password) and submits.
    func logIn(as name: String, password: String? = nil) async {
        await waitFor("Password")
        await type("\(name)@example.com")
        await press(.tab)
        await type(password ?? TestCommunity.password(for: name))
        await press(.enter)
    }

    /// Answers the question on screen with its action: → from Cancel, then Enter.
    func confirm() async {
        await press(.right, .enter)
    }

    /// From a chat's input: Esc, then ↑ into selection mode (the newest message picked).
    func pickMessages() async {
        await press(.escape, .up)
    }

    func resize(_ size: Size) {
        terminal.send(.resized(size))
    }
}
