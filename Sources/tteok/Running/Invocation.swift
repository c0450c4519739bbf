/// What the first words of a command line ask for, found before any detailed parsing.
enum Invocation {
    /// `tteok help [COMMAND]`.
    case help(topic: String?)
    /// No command: the interactive client, with the remaining words as its options.
    case interactive([String])
    /// A scripting command with its words (the command's name removed).
    case command(any ScriptCommand.Type, [String])

    /// Finds the command word, skipping root options (and their values) written before it.
    init(_ words: [String], commands: [any ScriptCommand.Type], rootOptions: [OptionDefinition]) throws(UsageError) {
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "--" { break }
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
            guard let command = commands.first(where: { $0.configuration.name == word }) else {
                throw .unknownCommand(word)
            }
            self = .command(command, rest)
            return
        }
        self = .interactive(words)
    }

    /// True for `--name value` where `--name` is a root option that takes a value.
    private static func takesSeparateValue(_ word: String, _ options: [OptionDefinition]) -> Bool {
        guard word.hasPrefix("--"), !word.contains("=") else { return false }
        let name = String(word.dropFirst(2))
        guard let option = options.first(where: { $0.name == name }), case .value = option.kind else { return false }
        return true
    }
}
