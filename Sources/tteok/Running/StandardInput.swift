import ChatCore
import FoundationEssentials
import Glibc

/// Reads standard input: the password of `--password-stdin`, the lines of `post` without text.
struct StandardInput: Sendable {
    var readLine: @Sendable () -> String? = { Swift.readLine(strippingNewline: true) }
    /// True when standard input is a terminal (a person typing, not a pipe).
    var isTerminal: @Sendable () -> Bool = { isatty(STDIN_FILENO) == 1 }

    /// The first line, without its line ending (a trailing `\r` too). Typed at a terminal,
    /// it is not echoed.
    func password() -> String? {
        let line = isTerminal() ? withoutEcho(readLine) : readLine()
        guard let line else { return nil }
        return line.hasSuffix("\r") ? String(line.dropLast()) : line
    }

    /// Every remaining line.
    func lines() -> [String] {
        var result: [String] = []
        while let line = readLine() { result.append(line) }
        return result
    }

    /// Runs `body` with the terminal's echo off, restoring the settings afterwards.
    private func withoutEcho(_ body: () -> String?) -> String? {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return body() }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            DescriptorWriting.standardError("\n")
        }
        return body()
    }
}
