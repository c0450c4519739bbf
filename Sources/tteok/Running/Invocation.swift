/// What the first words of a command line ask for, found before any detailed parsing.
enum Invocation {
    /// `tteok help [COMMAND]`.
    case help(topic: String?)
    /// No command: the interactive client, with the remaining words as its options.
    case interactive([String])
    /// A scripting command with its words (the command's name removed).
    case command(any ScriptCommand.Type, [String])
    /// `tteok --version` or `tteok version`.
    case version
    /// `tteok --generate man|bash|zsh|fish`: a file written from the command definitions.
    case generate(Generated)

    /// Finds the command word, skipping root options (and their values) written before it.
    init(_ words: [String], commands: [any ScriptCommand.Type], rootOptions: [OptionDefinition]) throws(UsageError) {
        if let answer = try Self.builtin(words) {
            self = answer
            return
        }
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "--" { break }
            if word == "--version" {
                self = .version
                return
            }
            if word.hasPrefix("-") && word != "-" {
                index += Self.takesSeparateValue(word, rootOptions) ? 2 : 1
                continue
            }
            var rest = words
            rest.remove(at: index)
            if word == "help" {
                self = .help(topic: rest.first { !$0.hasPrefix("-") })
                return
            }
            if word == "version" {
                self = .version
                return
            }
            guard let command = commands.first(where: { $0.configuration.name == word }) else {
                throw .unknownCommand(word)
            }
            self = .command(command, rest)
            return
        }
        self = .interactive(words)
    }

    /// `--generate WHAT` as the whole command line (it is for scripts/install.sh, not for people).
    private static func builtin(_ words: [String]) throws(UsageError) -> Invocation? {
        guard words.first == "--generate" || words.first?.hasPrefix("--generate=") == true else { return nil }
        let value = words.first == "--generate" ? words.dropFirst().first : String(words[0].dropFirst("--generate=".count))
        let choices = Generated.allCases.map(\.rawValue).joined(separator: ", ")
        guard let value else { throw .missingValue(option: "generate") }
        guard let generated = Generated(rawValue: value) else {
            throw .invalidValue(option: "generate", value: value, reason: "expected one of \(choices)")
        }
        let extra = words.dropFirst(words.first == "--generate" ? 2 : 1)
        if let word = extra.first { throw .unexpectedArgument(word) }
        return .generate(generated)
    }

    /// True for `--name value` where `--name` is a root option that takes a value.
    private static func takesSeparateValue(_ word: String, _ options: [OptionDefinition]) -> Bool {
        guard word.hasPrefix("--"), !word.contains("=") else { return false }
        let name = String(word.dropFirst(2))
        guard let option = options.first(where: { $0.name == name }), case .value = option.kind else { return false }
        return true
    }
}
