/// Reads standard input: the password of `--password-stdin`, the lines of `post` without text.
struct StandardInput: Sendable {
    var readLine: @Sendable () -> String? = { Swift.readLine(strippingNewline: true) }

    /// The first line, without its line ending (a trailing `\r` too).
    func password() -> String? {
        guard let line = readLine() else { return nil }
        return line.hasSuffix("\r") ? String(line.dropLast()) : line
    }

    /// Every remaining line.
    func lines() -> [String] {
        var result: [String] = []
        while let line = readLine() { result.append(line) }
        return result
    }
}
