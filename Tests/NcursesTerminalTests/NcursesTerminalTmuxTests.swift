import Foundation
import TestSupport
import TUI
import XCTest

/// The real NcursesTerminal, in tmux: what the terminal shows must be what the canvas holds,
/// cell for cell, and the terminal must come back however the program ends.
final class NcursesTerminalTmuxTests: XCTestCase {
    var directory: URL!
    var tmux: TmuxSession?

    var binary: URL { PackageRoot.url.appendingPathComponent(".build/debug/tteok-termcheck") }
    var statePath: String { directory.appendingPathComponent("state").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tteok-termcheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path), "build it first: swift build --product tteok-termcheck")
    }

    override func tearDownWithError() throws {
        tmux?.close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Starts the program in a shell that reports how it ended.
    func start(width: Int = 60, height: Int = 10, arguments: String = "") throws -> TmuxSession {
        let stderr = directory.appendingPathComponent("stderr").path
        let command = "'\(binary.path)' --state '\(statePath)' \(arguments) 2>'\(stderr)'; echo \"EXITED $?\"; sleep 60"
        let session = try TmuxSession(command: command, width: width, height: height)
        tmux = session
        return session
    }

    /// The program's last frame: header fields and the canvas lines.
    func state() -> (fields: [String: String], lines: [String])? {
        guard let text = try? String(contentsOfFile: statePath, encoding: .utf8) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()
        guard lines.count >= 4 else { return nil }
        let fields = Dictionary(lines.prefix(4).map { line -> (String, String) in
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }, uniquingKeysWith: { $1 })
        return (fields, Array(lines.dropFirst(4)))
    }

    /// Waits until tmux shows exactly the program's last canvas, with the cursor where it said.
    func assertScreenMatchesCanvas(_ session: TmuxSession, file: StaticString = #filePath, line: UInt = #line) throws {
        var last: [String] = []
        let matched = waitUntil(seconds: 10) {
            guard let state = state(), let screen = try? session.capture() else { return false }
            last = screen
            let cursor = (try? session.format("#{cursor_y},#{cursor_x}")) ?? ""
            return screen == state.lines && cursor == state.fields["cursor"]
        }
        XCTAssertTrue(matched, "tmux shows:\n\(last.joined(separator: "\n"))\ncanvas:\n\(state()?.lines.joined(separator: "\n") ?? "none")", file: file, line: line)
    }

    func testKoreanEmojiAndHostileTextLineUpExactlyAsTheCanvasSays() throws {
        let session = try start()
        try assertScreenMatchesCanvas(session)
        let screen = try session.capture()
        XCTAssertTrue(screen[1].hasPrefix("한글 😀 中文 👨 🇰🇷 ❤ é 👍"), screen[1])
        XCTAssertTrue(screen[1].hasSuffix("|"), "the right-edge marker stays in the last column")
        XCTAssertTrue(screen[2].hasPrefix("^[]0;pwned^G^[[2J^[[31m<RLO>evil"), screen[2])
        XCTAssertNotEqual(try session.format("#{pane_title}"), "pwned", "the title escape was shown, not obeyed")
    }

    /// A partial frame that scrolls part of the screen's width (a live message in a chat beside
    /// the channel list): the backend moves the rows in ncurses' picture itself (`scrollUp`), and
    /// the terminal must show the canvas after every line, and what a whole frame drawn afresh
    /// shows.
    func testAPartialFrameThatScrollsShowsWhatAWholeFrameWould() throws {
        let (session, wholeFrames) = try logTwelveLines { try assertScreenMatchesCanvas($0) }
        let partial = try XCTUnwrap(state())
        XCTAssertEqual(partial.fields["whole"], wholeFrames, "the lines were drawn by partial frames")
        XCTAssertTrue(partial.lines[13].contains("line 12 떡볶이 ====|"), partial.lines.joined(separator: "\n"))
        XCTAssertTrue(partial.lines[7].contains("line 6 떡볶이"), "the log scrolled: line 6 is its top row now")
        try session.keys("C-r")
        XCTAssertTrue(waitUntil(seconds: 10) { state()?.fields["whole"] != wholeFrames }, "a whole frame was drawn")
        // The log's rows; the key shown above them is drawn by whole frames only.
        XCTAssertEqual(state()?.lines.suffix(7), partial.lines.suffix(7), "the whole frame holds what the partial frames did")
        try assertScreenMatchesCanvas(session)
    }

    /// Starts termcheck's log (40×14) and adds twelve lines to it, one partial frame each,
    /// running `eachLine` after each; the session and the count of whole frames drawn before.
    private func logTwelveLines(_ eachLine: (TmuxSession) throws -> Void = { _ in }) throws -> (TmuxSession, String) {
        let session = try start(width: 40, height: 14, arguments: "--log")
        try assertScreenMatchesCanvas(session)
        let wholeFrames = try XCTUnwrap(state()?.fields["whole"])
        for count in 1...12 {
            try session.keys("C-n")
            XCTAssertTrue(waitUntil(seconds: 10) { state()?.lines.contains { $0.contains("line \(count) 떡볶이") } == true }, "line \(count)")
            try eachLine(session)
        }
        return (session, wholeFrames)
    }

    /// A partial frame's cells are written by the backend's own cell writer (not ncurses'
    /// update): after a dozen of them the terminal must show every cell in the colours and
    /// attributes a whole frame drawn afresh by ncurses gives it, not only the same text.
    func testAPartialFramesCellsHaveTheColoursOfAWholeFrame() throws {
        let (session, wholeFrames) = try logTwelveLines()
        try assertScreenMatchesCanvas(session)
        XCTAssertEqual(state()?.fields["whole"], wholeFrames, "the lines were drawn by partial frames")
        let partial = try StyledCells.capture(session)
        try session.keys("C-r")
        XCTAssertTrue(waitUntil(seconds: 10) { state()?.fields["whole"] != wholeFrames }, "a whole frame was drawn")
        try assertScreenMatchesCanvas(session)
        let whole = try StyledCells.capture(session)
        XCTAssertEqual(partial.count, whole.count)
        // Row 5 shows the last key (C-r now), which only whole frames draw.
        for (row, (written, fresh)) in zip(partial, whole).enumerated() where row != 5 {
            XCTAssertEqual(written, fresh, "row \(row): the partial frames' cells differ from the whole frame's")
        }
        XCTAssertTrue(partial[13].contains { $0.character == "=" && !$0.style.isEmpty }, "the log's newest line is styled")
    }

    /// The backend writes a picture's bytes itself, after the frame: cursor saved, moved to the
    /// picture's first cell, the picture, cursor restored; when the picture moves, kitty's
    /// delete-by-id comes first. tmux cannot show the picture, so its raw output is read; the
    /// text frame and the cursor must be untouched by it.
    func testAPictureIsWrittenAtItsCellsAndTakenAwayWhenItMoves() throws {
        let session = try start(height: 14, arguments: "--graphic kitty")
        let raw = try movePictureRecordingOutput(session)
        let delete = "\u{1B}_Ga=d,d=I,i=42,q=2\u{1B}\\"
        let draw = "\u{1B}7\u{1B}[10;3H\u{1B}_Gi=42,C=1,q=2,a=T,f=24,s=1,v=1,c=4,r=2;/wAA\u{1B}\\\u{1B}8"
        let output = waitForOutput(raw, containing: draw)
        let deleted = output.range(of: delete)
        XCTAssertNotNil(deleted, "the old picture deleted by id: \(output.debugDescription)")
        if let deleted, let drawn = output.range(of: draw) { XCTAssertLessThan(deleted.lowerBound, drawn.lowerBound, "deleted before drawn anew") }
        // A frame begun before the key may still write the picture at its old cells; from the
        // delete on, the move is one delete and one picture.
        let move = deleted.map { String(output[$0.lowerBound...]) } ?? output
        XCTAssertEqual(move.components(separatedBy: "\u{1B}_G").count - 1, 2, "one delete and one picture: \(output.debugDescription)")
        try assertScreenMatchesCanvas(session)
    }

    /// A sixel has no delete: moving it makes ncurses write its old lines again (the sixel had
    /// replaced their text), then the picture is drawn at its new cells.
    func testASixelIsWrittenAtItsCellsAndItsOldLinesAreRewritten() throws {
        let session = try start(height: 14, arguments: "--graphic sixel")
        let raw = try movePictureRecordingOutput(session)
        let draw = "\u{1B}7\u{1B}[10;3H\u{1B}P0;1;0q\"1;1;1;1#0;2;100;0;0#0@\u{1B}\\\u{1B}8"
        let output = waitForOutput(raw, containing: draw)
        XCTAssertFalse(output.contains("\u{1B}_G"), "no kitty sequence for a sixel")
        let before = output.range(of: draw).map { String(output[..<$0.lowerBound]) } ?? ""
        XCTAssertTrue(before.contains("\u{1B}[9;1H") || before.contains("\u{1B}[9d") || before.contains("\u{1B}[J"),
                      "line 9 (the sixel's old first line) written again before the new picture: \(before.debugDescription)")
        try assertScreenMatchesCanvas(session)
    }

    func testTypingKoreanAndPastingMoveTheCursorByDisplayWidth() throws {
        let session = try start()
        try assertScreenMatchesCanvas(session)
        try session.type("안녕 😀")
        XCTAssertTrue(waitUntil(seconds: 10) { (try? session.capture())?[3] == "> 안녕 😀" })
        try assertScreenMatchesCanvas(session)
        XCTAssertEqual(try session.format("#{cursor_x}"), "9", "2 + 2 + 2 + 1 + 2")
        try session.keys("C-a")
        try session.paste("붙여넣기\u{1B}[31m ")
        XCTAssertTrue(waitUntil(seconds: 10) { state()?.lines[5].contains("paste") == true })
        try assertScreenMatchesCanvas(session)
        XCTAssertEqual(try session.capture()[3], "> 붙여넣기[31m 안녕 😀")
        try session.keys("Enter")
        XCTAssertTrue(waitUntil(seconds: 10) { (try? session.capture())?[4] == "sent: 붙여넣기[31m 안녕 😀" })
    }

    func testResizeRedrawsAtTheNewSize() throws {
        let session = try start(width: 60, height: 10)
        try assertScreenMatchesCanvas(session)
        try session.resize(width: 40, height: 8)
        XCTAssertTrue(waitUntil(seconds: 10) { (try? session.capture())?[6] == "size: 40x8" })
        try assertScreenMatchesCanvas(session)
        try session.resize(width: 60, height: 10)
        XCTAssertTrue(waitUntil(seconds: 10) { (try? session.capture())?[6] == "size: 60x10" })
        try assertScreenMatchesCanvas(session)
    }

    func testQuitRestoresTheTerminal() throws {
        let session = try start()
        try assertScreenMatchesCanvas(session)
        XCTAssertEqual(try session.format("#{alternate_on}"), "1")
        try session.keys("C-q")
        try assertRestored(session, exitStatus: 0)
    }

    func testSIGTERMRestoresTheTerminalAndEndsWithTheSignal() throws {
        let session = try start()
        try assertScreenMatchesCanvas(session)
        let pid = try XCTUnwrap(state()?.fields["pid"].flatMap { Int32($0) })
        kill(pid, SIGTERM)
        try assertRestored(session, exitStatus: 128 + SIGTERM)
    }

    func testACrashRestoresTheTerminal() throws {
        let session = try start(arguments: "--crash-after-start")
        try assertRestored(session, exitStatus: nil)
        let screen = try session.capture()
        XCTAssertTrue(screen.contains("EXITED \(128 + SIGILL)") || screen.contains("EXITED \(128 + SIGTRAP)"), "died of the trap: \(screen)")
    }

    /// The shell after the program printed its exit status on the normal screen.
    func assertRestored(_ session: TmuxSession, exitStatus: Int32?, file: StaticString = #filePath, line: UInt = #line) throws {
        var screen: [String] = []
        let exited = waitUntil(seconds: 20) {
            screen = (try? session.capture()) ?? []
            return screen.contains { $0.hasPrefix("EXITED") }
        }
        XCTAssertTrue(exited, "program did not end: \(screen)", file: file, line: line)
        if let exitStatus {
            XCTAssertTrue(screen.contains("EXITED \(exitStatus)"), "\(screen)", file: file, line: line)
        }
        XCTAssertEqual(try session.format("#{alternate_on}"), "0", "alternate screen left", file: file, line: line)
        XCTAssertEqual(try session.format("#{cursor_flag}"), "1", "cursor visible again", file: file, line: line)
        XCTAssertFalse(screen.contains("tteok-termcheck") || screen.contains { $0.hasPrefix("한글") }, "UI gone from the normal screen", file: file, line: line)
    }

    /// Checks the first frame, records everything tmux receives from now on, and presses the key
    /// that makes `tteok-termcheck` move its picture; returns the recording's path.
    private func movePictureRecordingOutput(_ session: TmuxSession) throws -> String {
        try assertScreenMatchesCanvas(session)
        let raw = directory.appendingPathComponent("raw").path
        try session.run(["pipe-pane", "-o", "cat >> '\(raw)'"])
        try session.keys("C-g")
        return raw
    }

    /// The recorded output once it holds `draw` (the picture at row 10, column 3), failing after 10 s.
    private func waitForOutput(_ raw: String, containing draw: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        var output = ""
        let written = waitUntil(seconds: 10) {
            output = (try? String(contentsOfFile: raw, encoding: .utf8)) ?? ""
            return output.contains(draw)
        }
        XCTAssertTrue(written, "never drawn at row 10, column 3 (1-based): \(output.debugDescription)", file: file, line: line)
        return output
    }

}

/// `tmux capture-pane -e` as cells: each character with the SGR state it is shown in (a space with
/// what shows of it: background, reverse, underline), trailing plain spaces dropped — so a row is
/// compared by what it looks like, however the escapes that made it were arranged.
struct StyledCell: Equatable {
    var character: Character
    var style: [String: String]
}

enum StyledCells {
    static func capture(_ session: TmuxSession) throws -> [[StyledCell]] {
        let text = try session.run(["capture-pane", "-p", "-e"])
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { cells(of: String($0)) }
    }

    static func cells(of line: String) -> [StyledCell] {
        var cells: [StyledCell] = []
        var style: [String: String] = [:]
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == "\u{1B}", let end = line[index...].firstIndex(of: "m") {
                let codes = line[line.index(index, offsetBy: 2)..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                apply(codes, to: &style)
                index = line.index(after: end)
                continue
            }
            let character = line[index]
            cells.append(StyledCell(character: character, style: character == " " ? style.filter { ["bg", "7", "4"].contains($0.key) } : style))
            index = line.index(after: index)
        }
        while let last = cells.last, last.character == " ", last.style.isEmpty { cells.removeLast() }
        return cells
    }

    private static func apply(_ codes: [Int], to style: inout [String: String]) {
        var codes = codes[...]
        while let code = codes.popFirst() {
            switch code {
            case 0: style = [:]
            case 1, 2, 3, 4, 5, 7: style[String(code)] = "on"
            case 22: style["1"] = nil; style["2"] = nil
            case 23, 24, 25, 27: style[String(code - 20)] = nil
            case 39: style["fg"] = nil
            case 49: style["bg"] = nil
            case 38, 48:
                let key = code == 38 ? "fg" : "bg"
                let count = codes.first == 5 ? 2 : 4
                style[key] = codes.prefix(count).map(String.init).joined(separator: ":")
                codes = codes.dropFirst(count)
            case 30...37, 90...97: style["fg"] = String(code)
            case 40...47, 100...107: style["bg"] = String(code)
            default: style["other \(code)"] = "on"
            }
        }
    }
}
