import ChatCore
import Dispatch
import FoundationEssentials
import ImagePreview
import NcursesTerminal
import TUI
import ViewModels

/// `tteok` with no command: the full-screen client on the terminal, over the chosen backend.
///
/// Builds the session (resumed, or the welcome screen; `--guest` goes straight in as a guest,
/// `--channel` opens that channel through the nickname gate), the terminal app that draws it,
/// and the app loop over ncurses; returns when the user quits, with the terminal restored.
@MainActor
struct InteractiveClient {
    let service: any ChatService
    let options: InteractiveOptions
    let environment: [String: String]
    /// The first screen is the answer to a request already with the server (a Matrix cold
    /// start's window): its frames are held longer (`serverHold`).
    var firstScreenFromServer = false

    /// How long a first screen that the server's answer makes is held back at most. Before the
    /// answer a frame shows only the tab bar: drawn and written for nothing, and when the answer
    /// comes just after the local hold (the window takes this machine's Synapse 60–100 ms) the
    /// list came ~20 ms later in pieces. Over a network the answer takes longer still.
    static let serverHold = DispatchTimeInterval.milliseconds(300)

    enum Failure: Error {
        case noTerminal(String)
    }

    func run() async throws(Failure) {
        // The main queue runs on dispatch's workers (async main) and never blocks on the service's
        // reader: a live message's screens are updated on the reader's thread, one wake-up.
        EventHub.handsOnInline()
        let config = UserConfig.load(from: Paths(environment: environment).configFile)
        let language = options.language ?? Language.chosen(option: config.language, environment: environment)
        let resolver = RegionResolver.forUser(option: options.region, environment: environment)
        let session = SessionModel(service: service, strings: Strings(language), regionResolver: resolver, startChannel: options.channel)
        session.sendsTyping = config.daily.sendsTyping
        session.activitySettings = ActivitySettings(highlightWords: config.daily.highlightWords, notifyFile: Paths(environment: environment).notifyFile)
        let themes = ThemeLoader(environment: environment)
        let (theme, problem) = themes.initialTheme(named: options.theme ?? config.theme)
        let app = TerminalApp(session: session, strings: UIStrings(language), text: .standard(environment: environment), themes: themes)
        app.holdsFirstFrame = true
        let (images, imagesNotice) = imageProtocol()
        app.useImages(ChafaImageRenderer(format: images, cellPixels: NcursesTerminal.cellPixelSize() ?? Size(width: 10, height: 20)))
        app.downloadDirectory = Paths(environment: environment).downloadDirectory
        let terminal = NcursesTerminal()
        terminal.mouse = config.daily.mouse
        let loop = AppLoop(backend: terminal, theme: theme, frontEnd: app)
        if firstScreenFromServer { loop.frameHoldLimit = Self.serverHold }
        app.onThemeChange = { loop.screen.theme = $0 }
        app.timeFormat = TimeFormat(pattern: config.daily.timeFormat)
        let announcer = Announcer(settings: config.daily, terminal: TerminalNotification(environment: environment), strings: UIStrings(language))
        announcer.write = { [weak loop] in loop?.backend.alert($0) }
        session.onAnnounce = { announcer.announce($0) }
        do {
            try loop.start()
        } catch {
            throw .noTerminal(String(describing: error))
        }
        if let notice = problem.map({ String(describing: $0) }) ?? imagesNotice { session.show(notice: notice) }
        let connection = followConnection(into: app)
        let finished = Finish()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            finished.continuation = continuation
            app.onQuit = { finished.fire() }
            loop.onInputClosed = { finished.fire() }
            Task { @MainActor in
                if options.guest { await session.continueAsGuest() } else { await session.start() }
            }
        }
        connection.cancel()
        loop.stop()
        await finishQuitting(session)
    }

    /// The screen's last word to the service (the open chat's paced read marker), waited for at
    /// most `quitWait`: a service that does not answer must not keep the user from their shell.
    private func finishQuitting(_ session: SessionModel) async {
        let finished = Finish()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            finished.continuation = continuation
            Task { @MainActor in
                await session.quitting()
                finished.fire()
            }
            DispatchQueue.main.asyncAfter(deadline: .now() + Self.quitWait) { MainActor.assumeIsolated { finished.fire() } }
        }
    }

    /// How long quitting waits for the service to take the last read marker.
    static let quitWait: TimeInterval = 1

    /// `--images`, except inside tmux, which passes neither kitty's pictures nor sixels on (the
    /// previews would stay blank): there symbols are used, and the status line says why.
    private func imageProtocol() -> (ImageProtocol, String?) {
        guard options.images != .symbols, environment["TMUX"] != nil else { return (options.images, nil) }
        return (.symbols, "tmux cannot show \(options.images.rawValue) pictures: previews are drawn with symbols")
    }

    /// The status line follows the backend's connection state.
    private func followConnection(into app: TerminalApp) -> LiveListener {
        service.listenOnMain { events in
            for case .connection(let state) in events { app.session.connection = state }
        }
    }
}

/// Resumes a wait once, however many ways it can end (`/quit`, `q`, input closed; an answer or
/// the deadline).
@MainActor
private final class Finish {
    var continuation: CheckedContinuation<Void, Never>?

    func fire() {
        continuation?.resume()
        continuation = nil
    }
}
