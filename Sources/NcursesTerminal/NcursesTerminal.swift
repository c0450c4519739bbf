import CNcurses
import CNcursesCells
import Dispatch
import Glibc
import TUI

/// Why the terminal could not be taken over.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    case notATerminal
    case cannotInitialise(term: String)

    public var description: String {
        switch self {
        case .notATerminal: return "Standard input and output must be a terminal."
        case .cannotInitialise(let term): return "Cannot use the terminal (TERM=\(term))."
        }
    }
}

/// `TerminalBackend` over ncursesw: the one place that knows ncurses.
///
/// ncurses draws (alternate screen, colours, writing only changed cells); input is read from
/// standard input by a dispatch source and handed over as raw bytes for `KeyParser`, so pastes
/// and Korean arrive exactly as typed (ncurses' `getch` is never used). SIGWINCH, SIGINT,
/// SIGTERM and SIGHUP arrive as dispatch sources on the main queue; the terminal is restored on
/// `stop()`, at exit, on those signals (which are then re-raised) and on a crash.
@MainActor
public final class NcursesTerminal: TerminalBackend {
    /// Sent to the terminal on start and undone on stop: bracketed paste.
    static let enterSequence = "\u{1B}[?2004h"
    /// Mouse clicks and the wheel as SGR reports (`mouse = on`): 1000 buttons, 1006 the
    /// encoding that has no limit on columns and cannot be mistaken for text.
    static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
    static let mouseOff = "\u{1B}[?1006l\u{1B}[?1000l"
    /// What a crash writes to leave the terminal usable: paste and mouse off, attributes reset,
    /// cursor shown, alternate screen left.
    static let leaveSequence = "\u{1B}[?2004l" + mouseOff + "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// Asks the terminal for mouse reports while running (the config file's `mouse`); set
    /// before `start`.
    public var mouse = false

    public private(set) var size = Size(width: 80, height: 24)
    private var screenHandle: OpaquePointer?
    /// The stream ncurses writes to (a FILE of its own over standard output).
    private var output: UnsafeMutablePointer<FILE>?
    private var input: UnsafeMutablePointer<FILE>?
    private(set) var pairs = ColorPairs(mode: .none)
    /// The style `put` wrote last, with its attributes and pair.
    private var lastStyle: (style: ResolvedStyle?, attributes: attr_t, pair: Int32) = (nil, 0, 0)
    private var sources: [DispatchSourceProtocol] = []
    private var handler: (@MainActor (TerminalEvent) -> Void)?
    private var cursorVisible: Bool?
    private(set) var isRunning = false
    /// A kitty picture was drawn: clearing the screen must delete pictures too.
    private var drewKitty = false
    /// Where `flush` gathers the changed cells' bytes: room for the worst 27 full lines of 100
    /// columns could need (checked line by line: a larger update leaves its last lines to ncurses).
    private static let changedCellsSize = 256 * 1024
    private let changedCells = UnsafeMutablePointer<CChar>.allocate(capacity: NcursesTerminal.changedCellsSize)

    public init() {}

    isolated deinit {
        changedCells.deallocate()
    }

    public func start(_ handler: @escaping @MainActor (TerminalEvent) -> Void) throws {
        guard !isRunning else { return }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw TerminalError.notATerminal }
        Self.chooseUTF8Locale()
        self.handler = handler
        installSignalSources()  // before newterm, so ncurses does not install its own SIGWINCH handler
        TerminalRestore.prepare(leaveSequence: Self.leaveSequence)
        output = fdopen(dup(STDOUT_FILENO), "w")
        input = fdopen(dup(STDIN_FILENO), "r")
        guard let output, let input, let screen = newterm(nil, output, input) else {
            cancelSources()
            TerminalRestore.restoreRaw()
            throw TerminalError.cannotInitialise(term: getenv("TERM").map { String(cString: $0) } ?? "")
        }
        screenHandle = screen
        raw()
        noecho()
        nonl()
        let window = tteok_stdscr()
        keypad(window, false)
        leaveok(window, false)
        scrollok(window, false)
        // Input is read by our own source, never by getch: ncurses need not poll standard input
        // several times a frame (nor cut a frame short when a key is waiting).
        typeahead(-1)
        setUpColors()
        isRunning = true
        updateSize()
        writeFramesWhole()
        writeDirect(Self.enterSequence + (mouse ? Self.mouseOn : ""))
        installInputSource()
    }

    public func stop() {
        guard isRunning else { return }
        isRunning = false
        cancelSources()
        // Kitty pictures would outlive the client on the screen it gives back.
        if drewKitty { writeDirect("\u{1B}_Ga=d,d=A,q=2\u{1B}\\") }
        writeDirect("\u{1B}[?2004l" + (mouse ? Self.mouseOff : ""))
        endwin()
        TerminalRestore.markRestored()
        if let screenHandle { delscreen(screenHandle) }
        screenHandle = nil
        for file in [output, input] { if let file { fclose(file) } }
        output = nil
        input = nil
    }

    /// Until a screen has come back from `endwin` once, ncurses 6 flushes its output after every
    /// cursor move it makes (lib_mvcur.c, `_endwin == ewInitial`, meant for programs that use
    /// terminfo alone): a frame that changed a few cells on eight rows was eight `write`s to the
    /// terminal, each a wake-up of the terminal's reader. Leaving and coming back once, before the
    /// first frame, makes each frame one `write`. The terminal sees the alternate screen left and
    /// entered again and the modes set again, all before anything is drawn.
    private func writeFramesWhole() {
        endwin()
        wrefresh(tteok_stdscr())
    }

    private func cancelSources() {
        for source in sources { source.cancel() }
        sources.removeAll()
        for signal in [SIGWINCH, SIGINT, SIGTERM, SIGHUP] { Glibc.signal(signal, SIG_DFL) }
    }

    public func put(_ glyph: Glyph, style: ResolvedStyle, at point: Point) {
        guard isRunning, point.row < size.height, point.column < size.width else { return }
        // Neighbouring cells mostly share a style: its pair is looked up once for the run.
        if style != lastStyle.style {
            lastStyle = (style, Self.attributes(style.attributes), pairs.pair(foreground: style.foreground, background: style.background))
        }
        let (_, attributes, pair) = lastStyle
        if let scalar = Self.singleCell(glyph) {
            addCell(scalar, attributes: attributes, pair: pair, row: Int32(point.row), column: Int32(point.column))
            return
        }
        var column = Int32(point.column)
        for piece in Self.cellPieces(glyph) {
            addCell(piece.scalars, attributes: attributes, pair: pair, row: Int32(point.row), column: column)
            column += Int32(piece.width)
        }
    }

    public func setCursor(_ point: Point?) {
        guard isRunning else { return }
        let visible = point != nil
        if cursorVisible != visible {
            curs_set(visible ? 1 : 0)
            cursorVisible = visible
        }
        if let point { wmove(tteok_stdscr(), Int32(point.row), Int32(point.column)) }
    }

    /// ncurses' `wrefresh`, with the changed cells of every row but the last written by
    /// `tteok_write_changes` first (see cell_writer.h: ncurses' own update spent half a live
    /// message's instructions planning them); `wnoutrefresh` and `doupdate` then do what is left
    /// and the cursor.
    public func flush() {
        guard isRunning else { return }
        // A buffer of our own, not an array's closure: each closure here was checked to run on
        // the main actor, every frame.
        let used = tteok_write_changes(changedCells, Int32(Self.changedCellsSize))
        if used > 0 { writeDirect(UnsafeRawBufferPointer(start: changedCells, count: Int(used))) }
        wnoutrefresh(tteok_stdscr())
        doupdate()
    }

    public func clearAll() {
        guard isRunning else { return }
        // Kitty keeps pictures over a cleared screen; sixels go with the text.
        if drewKitty { writeDirect("\u{1B}_Ga=d,d=A,q=2\u{1B}\\") }
        werase(tteok_stdscr())
        clearok(tteok_curscr(), true)
    }

    /// Saves the cursor, writes the picture at its first cell and puts the cursor back: ncurses
    /// keeps track of where the cursor is and must find it where it left it. Only this backend
    /// ever writes a picture's bytes.
    public func drawGraphic(_ graphic: TerminalGraphic, at point: Point) {
        guard isRunning, graphic.format != .symbols, point.row < size.height, point.column < size.width else { return }
        if graphic.format == .kitty { drewKitty = true }
        writeDirect(Array("\u{1B}7\u{1B}[\(point.row + 1);\(point.column + 1)H".utf8) + graphic.sequence + Array("\u{1B}8".utf8))
    }

    /// Kitty deletes the picture by its id; a sixel replaced the text of its cells, so ncurses is
    /// told those lines are spoilt and writes them whole at the next flush.
    public func removeGraphic(_ graphic: TerminalGraphic, from rect: Rect) {
        guard isRunning else { return }
        if graphic.format == .kitty { writeDirect("\u{1B}_Ga=d,d=I,i=\(graphic.id),q=2\u{1B}\\") }
        let first = max(0, min(rect.row, size.height)), last = max(first, min(rect.maxRow, size.height))
        if last > first { wredrawln(tteok_stdscr(), Int32(first), Int32(last - first)) }
    }

    /// Moves the cells in ncurses' picture of the screen (`tteok_move_rows_up`), so they are not
    /// handed over again one by one; the next flush writes to the terminal what the move changed.
    public func scrollUp(_ rect: Rect, by count: Int) -> Bool {
        guard isRunning else { return false }
        return tteok_move_rows_up(tteok_stdscr(), Int32(rect.row), Int32(rect.column), Int32(rect.width), Int32(rect.height), Int32(count)) == tteok_OK()
    }

    /// The bell and notification escapes, after what ncurses buffered: they move no cursor and
    /// draw no cell, so ncurses' picture of the screen stays true.
    public func alert(_ sequence: [UInt8]) {
        guard isRunning else { return }
        writeDirect(sequence)
    }

    /// A cell's size in pixels, when the terminal reports its window's pixel size (kitty, xterm,
    /// foot and others do; many report 0, and then nil).
    public static func cellPixelSize() -> Size? {
        var rows: Int32 = 0, columns: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        guard tteok_window_size(STDOUT_FILENO, &rows, &columns) == 0, tteok_window_pixels(STDOUT_FILENO, &width, &height) == 0,
              rows > 0, columns > 0, width >= columns, height >= rows else { return nil }
        return Size(width: Int(width / columns), height: Int(height / rows))
    }

    func register(_ source: DispatchSourceProtocol) {
        sources.append(source)
    }

    func emit(_ event: TerminalEvent) {
        handler?(event)
    }

    /// Writes bytes straight to the terminal (modes ncurses does not know about).
    private func writeDirect(_ sequence: String) {
        writeDirect(Array(sequence.utf8))
    }

    /// Writes all of `bytes` (a picture may be larger than one `write` takes), after what ncurses
    /// has buffered.
    func writeDirect(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { writeDirect($0) }
    }

    func writeDirect(_ buffer: UnsafeRawBufferPointer) {
        if let output { fflush(output) }
        guard let start = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let count = write(STDOUT_FILENO, start + offset, buffer.count - offset)
            if count > 0 {
                offset += count
            } else if count < 0, errno != EINTR, errno != EAGAIN {
                return
            }
        }
    }

    /// `setlocale(LC_ALL, "")`, and C.UTF-8 when the environment's locale is not UTF-8: wide
    /// characters are only drawn right under a UTF-8 locale.
    static func chooseUTF8Locale() {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        if codeset != "UTF-8" { setlocale(LC_ALL, "C.UTF-8") }
    }

    private func setUpColors() {
        guard has_colors() else { return }
        start_color()
        use_default_colors()
        pairs = ColorPairs(mode: ColorMode.detect(colorCount: Int(tteok_COLORS()), hasRGBFlag: tigetflag("RGB") > 0))
        lastStyle = (nil, 0, 0)
    }

    func updateSize() {
        var rows: Int32 = 0
        var columns: Int32 = 0
        if tteok_window_size(STDOUT_FILENO, &rows, &columns) == 0, rows > 0, columns > 0 {
            resizeterm(rows, columns)
        }
        size = Size(width: Int(tteok_getmaxx(tteok_stdscr())), height: Int(tteok_getmaxy(tteok_stdscr())))
    }
}
