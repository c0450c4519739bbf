import ChatCore
import FoundationEssentials

/// Where a command writes. Text from outside (names, messages, server words) goes through
/// `inert(_:)` before it reaches a terminal; JSON output is data, encoded by `JSONOutput`.
struct Console: Sendable {
    /// Writes text to standard output as is.
    var writeOut: @Sendable (String) -> Void = { DescriptorWriting.standardOutput($0) }
    /// Writes text to standard error as is.
    var writeError: @Sendable (String) -> Void = { DescriptorWriting.standardError($0) }

    /// One line of our own text on stdout.
    func line(_ text: String) { writeOut(text + "\n") }

    /// One error line on stderr, prefixed so scripts can tell it from data. Error lines quote
    /// argv words, names and server words, so the whole line is made inert and kept to one line.
    func error(_ text: String) { writeError("tteok: " + inert(text) + "\n") }

    /// Text that came from outside, made safe to print on a terminal and kept on one line
    /// (a message's line breaks show as `⏎`, so each message stays one line of output).
    func inert(_ text: String) -> String { InertText.sanitize(text, layout: .singleLine) }

    /// A value as one pretty, stable JSON document on stdout; terminal-active characters inside
    /// its strings are `\u`-escaped (`JSONOutput`).
    func json<Value: Encodable>(_ value: Value) throws {
        writeOut(try JSONOutput.encode(value) + "\n")
    }

    /// A list as a command prints it: a JSON array with `--json`, else a line per record, or
    /// `empty` when there is none (a script reading text can tell "none" from no output).
    func list<Record: Encodable>(_ records: [Record], json asJSON: Bool, empty: String, line: (Record) -> String) throws {
        if asJSON {
            try json(records)
        } else if records.isEmpty {
            self.line(empty)
        } else {
            records.forEach { self.line(line($0)) }
        }
    }
}
