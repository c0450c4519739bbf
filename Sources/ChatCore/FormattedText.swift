import FoundationEssentials

/// A message body with its formatting (Matrix `formatted_body` in `org.matrix.custom.html`), as
/// runs of text that share one set of marks. Front ends draw the marks; the text is still outside
/// text and goes through the sanitiser like any body. Made only from an allow-list of tags
/// (`HTMLText`): anything else is its text, never markup.
public struct FormattedText: Hashable, Sendable, Codable {
    /// What a run of text looks like.
    public struct Marks: OptionSet, Hashable, Sendable, Codable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let bold = Marks(rawValue: 1 << 0)
        public static let italic = Marks(rawValue: 1 << 1)
        public static let code = Marks(rawValue: 1 << 2)
        /// Inside a block quote (the quote's `│ ` marks are runs of their own).
        public static let quote = Marks(rawValue: 1 << 3)
        public static let link = Marks(rawValue: 1 << 4)
        public static let strike = Marks(rawValue: 1 << 5)
    }

    public struct Run: Hashable, Sendable, Codable {
        public var text: String
        public var marks: Marks
        /// For a link: its target, only `http`, `https` or `mailto`.
        public var link: String?

        public init(_ text: String, _ marks: Marks = [], link: String? = nil) {
            self.text = text
            self.marks = marks
            self.link = link
        }
    }

    /// In order; `\n` inside a run's text breaks the line.
    public var runs: [Run]

    public init(runs: [Run]) {
        self.runs = runs
    }

    /// The text without marks.
    public var plain: String { runs.map(\.text).joined() }
}
