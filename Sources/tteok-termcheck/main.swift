// tteok-termcheck: a tiny full-screen program over the real NcursesTerminal, for the tmux
// checks in NcursesTerminalTests (and for trying a terminal by hand). It draws Korean, CJK,
// emoji and hostile text, an input line, and writes after every frame what the canvas holds, so
// a test can compare `tmux capture-pane` with the canvas cell for cell.
//
//   tteok-termcheck [--state FILE] [--theme NAME] [--crash-after-start] [--graphic kitty|sixel] [--log]
//   Ctrl-Q quits; with --graphic a tiny picture is placed at row 8, column 2, and Ctrl-G moves it
//   a row down. With --log, rows 7 and below hold a log between two borders: Ctrl-N adds a line
//   to it as a live message arrives in a chat (a partial frame: the log scrolls up, the backend
//   moves its rows), Ctrl-R draws the whole frame afresh.
import Dispatch
import Foundation
import NcursesTerminal
import TUI

@MainActor
final class TermCheck {
    static let sample = "한글 😀 中文 👨‍👩‍👧 🇰🇷 ❤️ e\u{301} 👍🏽"
    static let hostile = "\u{1B}]0;pwned\u{7}\u{1B}[2J\u{9B}31m\u{202E}evil"

    let arguments: [String]
    var editor = LineEditor()
    var lastKey = "none"
    var sent: [String] = []
    var loop: AppLoop!
    var graphicRow = 8
    /// The log's lines (--log), oldest first.
    var log: [String] = []
    /// Whole frames drawn so far (the rest were partial).
    var wholeFrames = 0
    var logShown: Bool { arguments.contains("--log") }

    init(arguments: [String]) {
        self.arguments = arguments
    }

    func value(after flag: String) -> String? {
        guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    func run() {
        let theme = ThemeLoader().initialTheme(named: value(after: "--theme")).theme
        let front = LogFrontEnd(check: self)
        loop = AppLoop(backend: NcursesTerminal(), theme: theme, frontEnd: front)
        // The loop keeps its front end weakly; this one lives as long as the program.
        _ = Unmanaged.passRetained(front)
        loop.onInputClosed = { [unowned self] in quit() }
        do {
            try loop.start()
        } catch {
            FileHandle.standardError.write(Data("tteok-termcheck: \(error)\n".utf8))
            exit(1)
        }
        if arguments.contains("--crash-after-start") {
            // A real Swift runtime trap, as any crash would be, once the first frame is up.
            DispatchQueue.main.async {
                self.loop.redrawIfDirty()
                preconditionFailure("deliberate crash (--crash-after-start)")
            }
        }
    }

    func handle(_ key: Key) {
        lastKey = String(describing: key)
        if key == .control("q") { return quit() }
        if key == .control("g") {
            graphicRow += 1
            return loop.markDirty()
        }
        if key == .control("n"), logShown {
            log.append("line \(log.count + 1) 떡볶이 \(String(repeating: "=", count: log.count % 7))|")
            return loop.markDirty(.areas([.newChatLines]))
        }
        if key == .control("r") {
            loop.screen.reset()
            return loop.markDirty()
        }
        if editor.handle(key) == .submit { sent.append(editor.commit()) }
        loop.markDirty()
    }

    func quit() {
        loop.stop()
        exit(0)
    }

    func draw(_ canvas: inout Canvas) -> Point? {
        wholeFrames += 1
        let area = canvas.bounds
        canvas.draw("tteok-termcheck", style: Style(.accent), row: 0, in: area)
        canvas.draw(Self.sample, row: 1, in: area)
        canvas.draw("|", row: 1, column: area.width - 1, in: area)
        canvas.draw(Self.hostile, row: 2, in: area)
        let input = area.rows(3, count: 1)
        canvas.draw("> ", style: Style(.muted), row: 0, in: input)
        let view = editor.view(width: input.width - 2)
        canvas.draw([Span(TextLayout.string(view.glyphs))], row: 0, column: 2, in: input, overflow: .clip)
        canvas.draw("sent: " + (sent.last ?? ""), row: 4, in: area)
        canvas.draw("key: \(lastKey)", row: 5, in: area)
        canvas.draw("size: \(canvas.width)x\(canvas.height)", row: 6, in: area)
        let cursor = input.absolute(Point(row: 0, column: 2 + view.cursorColumn))
        if let graphic { canvas.place(graphic, at: Point(row: graphicRow, column: 2)) }
        if logShown {
            drawLogBorders(on: &canvas)
            let region = logRegion(canvas)
            for (row, line) in log.suffix(region.height).enumerated() { drawLogLine(line, row: region.height - min(log.count, region.height) + row, on: &canvas) }
        }
        writeState(canvas, cursor: cursor)
        return cursor
    }

    /// Rows 7 to the bottom, inside a border column on each side (the rows moved are a part of
    /// the screen's width, as a chat's transcript beside the channel list).
    func logRegion(_ canvas: Canvas) -> Region {
        Region(frame: Rect(row: 7, column: 3, width: max(canvas.width - 6, 1), height: max(canvas.height - 7, 0)))
    }

    func drawLogBorders(on canvas: inout Canvas) {
        for row in 7..<canvas.height {
            canvas.draw("│", style: Style(.border), row: row, column: 1, in: canvas.bounds)
            canvas.draw("│", style: Style(.border), row: row, column: canvas.width - 2, in: canvas.bounds)
        }
    }

    func drawLogLine(_ line: String, row: Int, on canvas: inout Canvas) {
        let region = logRegion(canvas)
        canvas.draw([Span("· ", Style(.muted)), Span(line, Style(.accent, on: .selection))], row: row, in: region)
    }

    /// The newest log line drawn over the last frame: the log scrolls up a row.
    func drawAppendedLogLine(on canvas: inout Canvas) -> Point? {
        let region = logRegion(canvas)
        guard let line = log.last, region.height > 0 else { return nil }
        canvas.scrollUp(region.frame, by: 1)
        drawLogLine(line, row: region.height - 1, on: &canvas)
        let cursor = Point(row: 3, column: 2 + editor.view(width: canvas.width - 2).cursorColumn)
        writeState(canvas, cursor: cursor)
        return cursor
    }

    /// A 4×2-cell picture of one red pixel in the protocol asked for, with a fixed id.
    lazy var graphic: TerminalGraphic? = value(after: "--graphic").flatMap(ImageProtocol.init(rawValue:)).flatMap { format in
        switch format {
        case .kitty: return TerminalGraphic(id: 42, format: format, size: Size(width: 4, height: 2),
                                            sequence: Array("\u{1B}_Gi=42,C=1,q=2,a=T,f=24,s=1,v=1,c=4,r=2;/wAA\u{1B}\\".utf8))
        case .sixel: return TerminalGraphic(id: 42, format: format, size: Size(width: 4, height: 2),
                                            sequence: Array("\u{1B}P0;1;0q\"1;1;1;1#0;2;100;0;0#0@\u{1B}\\".utf8))
        case .symbols: return nil
        }
    }

    /// The canvas as text (one line per row) after a header, written atomically for the test.
    func writeState(_ canvas: Canvas, cursor: Point) {
        guard let path = value(after: "--state") else { return }
        let header = ["pid=\(getpid())", "frame=\(loop.frameCount + 1)", "cursor=\(cursor.row),\(cursor.column)", "whole=\(wholeFrames)"]
        let text = (header + canvas.lines).joined(separator: "\n") + "\n"
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

/// The check's frames, whole or (a new log line) partial, as tteok's app draws a live message.
@MainActor
final class LogFrontEnd: FrontEnd {
    var onDamage: (@MainActor (Damage) -> Void)?
    unowned let check: TermCheck

    init(check: TermCheck) {
        self.check = check
    }

    func receive(_ key: Key) { check.handle(key) }
    func draw(_ canvas: inout Canvas) -> Point? { check.draw(&canvas) }
    func rects(of areas: Set<ScreenArea>) -> [Rect]? {
        guard areas == [.newChatLines], check.logShown else { return nil }
        return [check.logRegion(check.loop.screen.makeCanvas()).frame]
    }
    func redraw(_ areas: Set<ScreenArea>, on canvas: inout Canvas) -> Point? { check.drawAppendedLogLine(on: &canvas) }
    func afterFrame() {}
}

MainActor.assumeIsolated {
    let check = TermCheck(arguments: CommandLine.arguments)
    check.run()
    // Kept alive by the closures the loop holds.
    _ = Unmanaged.passRetained(check)
}
dispatchMain()
