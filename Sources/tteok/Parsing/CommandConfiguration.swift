/// What a command is called and what it accepts. Parsing and `--help` are both generated from it,
/// so the help can never disagree with what the parser takes.
struct CommandConfiguration: Sendable {
    /// The word after `tteok` (empty for the root command).
    let name: String
    /// One line: what the command does.
    let abstract: String
    /// Further paragraphs for `--help` (may be empty).
    let discussion: String
    /// Options of this command alone.
    let options: [OptionDefinition]
    let arguments: [ArgumentDefinition]

    init(name: String, abstract: String, discussion: String = "", options: [OptionDefinition] = [], arguments: [ArgumentDefinition] = []) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.arguments = arguments
    }

    /// `tteok read` — how the command is invoked, for usage and error lines.
    var invocation: String { name.isEmpty ? "tteok" : "tteok \(name)" }
}
