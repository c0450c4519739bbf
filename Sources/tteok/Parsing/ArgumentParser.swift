/// Reads the words after the command name against a `CommandConfiguration`.
///
/// Accepts `--name value`, `--name=value`, flags, `--` (everything after it is positional) and
/// `-h`/`--help` anywhere before `--`. Options may come before, between or after positionals.
/// It only checks the shape of the line; what the values mean is each command's validation.
struct ArgumentParser {
    let configuration: CommandConfiguration
    /// Options every command accepts (`--store`, `--json`, ...).
    let globalOptions: [OptionDefinition]

    var allOptions: [OptionDefinition] { configuration.options + globalOptions }

    func parse(_ words: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        if helpRequested(in: words) {
            parsed.wantsHelp = true
            return parsed
        }
        var positionals: [String] = []
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !looksLikeOption(word) {
                positionals.append(word)
            } else if word == "--" {
                optionsEnded = true
            } else {
                try readOption(word, from: words, at: &index, into: &parsed)
            }
        }
        parsed.arguments = try assign(positionals)
        return parsed
    }

    private func helpRequested(in words: [String]) -> Bool {
        for word in words {
            if word == "--" { return false }
            if word == "--help" || word == "-h" { return true }
        }
        return false
    }

    private func looksLikeOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word != "-"
    }

    private func readOption(_ word: String, from words: [String], at index: inout Int, into parsed: inout ParsedArguments) throws(UsageError) {
        guard word.hasPrefix("--") else { throw .unknownOption(word) }
        let body = word.dropFirst(2)
        let name: String
        var inlineValue: String?
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            inlineValue = String(body[body.index(after: equals)...])
        } else {
            name = String(body)
        }
        guard let option = allOptions.first(where: { $0.name == name }) else {
            throw .unknownOption("--\(name)")
        }
        switch option.kind {
        case .flag:
            if inlineValue != nil { throw .unexpectedValue(option: name) }
            parsed.flags.insert(name)
        case .value:
            if let inlineValue {
                parsed.values[name] = inlineValue
            } else if index < words.count, !words[index].hasPrefix("--") {
                parsed.values[name] = words[index]
                index += 1
            } else {
                throw .missingValue(option: name)
            }
        }
    }

    private func assign(_ positionals: [String]) throws(UsageError) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var remaining = positionals[...]
        for argument in configuration.arguments {
            switch argument.arity {
            case .required:
                guard let word = remaining.popFirst() else { throw .missingArgument(argument.name) }
                result[argument.name] = [word]
            case .optional:
                if let word = remaining.popFirst() { result[argument.name] = [word] }
            case .variadic:
                result[argument.name] = Array(remaining)
                remaining = []
            }
        }
        if let extra = remaining.first { throw .unexpectedArgument(extra) }
        return result
    }
}
