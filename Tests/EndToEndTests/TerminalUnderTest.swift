import Foundation
import TestSupport
import XCTest

/// One person's terminal: tmux running the real `tteok` with that person's `HOME`. When tteok
/// ends, the shell prints `EXITED <status>` and stays as an interactive `sh` (for at most five
/// minutes), so a test can show that the terminal is usable again.
final class TerminalUnderTest {
    let session: TmuxSession
    /// When the terminal was started: the zero of `startUp`.
    let started = Date()

    init(_ person: TteokUser, _ arguments: [String], width: Int = 80, height: Int = 24, stderr: URL) throws {
        let words = ([person.binary.path] + person.backendArguments + arguments).map { "'\($0)'" }.joined(separator: " ")
        var environment = person.environment
        environment["PS1"] = "$ "
        environment["ENV"] = ""
        // The shell is bounded too: a test that dies before `close()` leaves nothing running long.
        session = try TmuxSession(command: "\(words) 2>'\(stderr.path)'; echo \"EXITED $?\"; exec timeout --foreground -k 5 300 sh -i",
                                  width: width, height: height,
                                  environment: environment)
    }

    func close() { session.close() }

    // MARK: Reading

    /// The screen's rows as text (tmux drops trailing spaces and the second half of wide glyphs).
    func screen() -> [String] { (try? session.capture()) ?? [] }

    /// The screen's rows with tmux's SGR sequences for colours and attributes.
    func styledScreen() -> [String] {
        let text = (try? session.run(["capture-pane", "-p", "-e"])) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func format(_ format: String) -> String { (try? session.format(format)) ?? "" }

    /// Polls the screen (every 20 ms: each look is a tmux process) until `condition` holds or
    /// `seconds` pass. Returns the last screen and how long it took; fails the test on timeout.
    @discardableResult
    func wait(_ what: String, seconds: Double = 20, file: StaticString = #filePath, line: UInt = #line,
              until condition: ([String]) -> Bool) -> (screen: [String], elapsed: Double) {
        let start = Date()
        let deadline = start.addingTimeInterval(seconds)
        var screen = self.screen()
        while !condition(screen) {
            guard Date() < deadline else {
                XCTFail("\(what) within \(seconds) s; the screen:\n\(screen.joined(separator: "\n"))", file: file, line: line)
                return (screen, Date().timeIntervalSince(start))
            }
            usleep(20_000)
            screen = self.screen()
        }
        return (screen, Date().timeIntervalSince(start))
    }

    /// Waits until some row contains `needle`.
    @discardableResult
    func waitFor(_ needle: String, seconds: Double = 20, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        wait("never showed \"\(needle)\"", seconds: seconds, file: file, line: line) { $0.contains { $0.contains(needle) } }.screen
    }

    /// Waits until no row contains `needle`.
    @discardableResult
    func waitForNo(_ needle: String, seconds: Double = 20, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        wait("still showed \"\(needle)\"", seconds: seconds, file: file, line: line) { !$0.contains { $0.contains(needle) } }.screen
    }

    // MARK: Typing

    func type(_ text: String) { _ = try? session.type(text) }

    func keys(_ names: String...) { _ = try? session.run(["send-keys"] + names) }

    /// Types a line and presses Enter.
    func enter(_ text: String) {
        type(text)
        keys("Enter")
    }

    func resize(width: Int, height: Int) { _ = try? session.resize(width: width, height: height) }
}

/// Display columns as a terminal counts them for the text these tests type: Hangul syllables,
/// CJK and emoji take two, everything else one (tmux's capture drops wide glyphs' second half).
enum Columns {
    static func width(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        switch scalar.value {
        case 0xAC00...0xD7A3, 0x1100...0x115F, 0x3130...0x318F, 0x4E00...0x9FFF, 0x1F300...0x1FAFF: return 2
        default: return 1
        }
    }

    /// The display column of the first `separator` in `row`, if any.
    static func column(of separator: Character, in row: String) -> Int? {
        guard let index = row.firstIndex(of: separator) else { return nil }
        return width(row[..<index])
    }
}
